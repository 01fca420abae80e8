import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The reads of the attendance report and marking page (issue 11 'Admin', third bullet; the
 * writes are in marking-writes.ts). Every query runs in the church's transaction (withTenant)
 * and still filters by tenant_id (DESIGN.md §1.4).
 */

/**
 * A registration that counts on the report: 'registered' (free, or paid and settled). Not one
 * removed from the list ('cancelled'), nor a paid registration's hold while the payer pays
 * ('pending_payment') or after it lapsed ('expired', 'released'): issue 12's states.
 */
export const LIVE = sql`status = 'registered'`;

/** A check-in set-up as the report shows it. */
export interface SetUpRow {
  id: string;
  activity_id: string;
  attendance_code: string;
  event_name: string;
  /** 'YYYY-MM-DD' */
  event_date: string;
  details: string | null;
  status: string | null;
  title: string | null;
  note: string | null;
  banner_url: string | null;
}

/**
 * The live (not deleted) set-up `id` of the church, or undefined. `lock` takes the row's lock
 * (FOR UPDATE), so concurrent saves of one set-up's report run one after the other.
 */
export async function findSetUp(tx: Tx, tenantId: string, id: string, lock = false): Promise<SetUpRow | undefined> {
  const [row] = await queryRows<SetUpRow>(
    tx,
    sql`select c.id, c.activity_id, c.attendance_code, a.name as event_name, a.activity_date::text as event_date,
               c.details, c.status, c.title, c.note, c.banner_url
          from checkin_attendances c
          join activities a on a.tenant_id = c.tenant_id and a.id = c.activity_id
         where c.tenant_id = ${tenantId} and c.id = ${id} and c.deleted_at is null
         ${lock ? sql`for update of c` : sql``}`,
  );
  return row;
}

/** One person of the report, as read. */
export interface RosterRow {
  id: string;
  person_id: string;
  record_id: string | null;
  is_registered: boolean;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  check_in_channel: number | null;
  group_id: string | null;
  group_name: string | null;
  security_code: string | null;
  checked_in_by: string | null;
  checked_out_by: string | null;
  first_name: string;
  last_name: string;
  home_address: string | null;
  email: string | null;
  mobile_phone: string | null;
  picture_url: string | null;
  /** the person's answers to the check-in questions (entity 5, public check-in) and registration questions (entity 4) */
  answers: { customAttributeID: string; data: string }[];
  /** the registration's id, status ('registered' or a live 'pending_payment' hold) and time; null without one */
  registration_id: string | null;
  registration_status: string | null;
  registered_at: Date | null;
  /** a ward's registrant (their person id and name); null for the registrant themselves */
  registered_by_id: string | null;
  registered_by_name: string | null;
  /** 'paid' | 'unpaid' | 'pending' | 'free'; null without a registration (see REGISTRATION_PAYMENT) */
  payment_state: string | null;
  /** minor units (text) of `amount_currency`: the payment's amount on its payer's row, else the fee due */
  amount_minor: string | null;
  amount_currency: string | null;
}

/**
 * A registration's payment state (alias `g` the registration, `pay` its payment, `c` the set-up):
 * 'pending' while a paid registration's hold waits for the payment, 'paid' when its payment
 * succeeded, 'unpaid' when the set-up takes a fee and the registration has no settled payment,
 * else 'free'.
 */
const REGISTRATION_PAYMENT = sql`case when g.id is null then null
           when g.status = 'pending_payment' then 'pending'
           when pay.status = 'succeeded' then 'paid'
           when c.is_paid_for then 'unpaid'
           else 'free' end`;

/**
 * The amount shown beside a registration, minor units: the payment's amount on the row of the
 * person who paid (it covers the wards registered with them, who show none), the set-up's fee
 * per person on an unpaid registration, none on a free one.
 */
const REGISTRATION_AMOUNT = sql`case when g.id is null then null
           when pay.id is not null and pay.status in ('succeeded', 'pending')
             then case when g.registered_by_id is null then pay.amount_minor end
           when c.is_paid_for then c.amount_minor end`;

/**
 * Everyone of set-up `checkinAttendanceId` once: its attendance records joined (full join on
 * the person) with its registrations that are 'registered' or a live 'pending_payment' hold
 * (shown as pending payment, `is_registered` false); `id` is the record's id, else the
 * registration's. With the room, the security code, who checked in and out (a person's name,
 * else the user's), and the registration: who registered a ward, the payment state and the
 * amount (issue 12 'Admin'). Ordered by name, a registrant's wards right after them.
 */
export function roster(tx: Tx, tenantId: string, checkinAttendanceId: string) {
  return queryRows<RosterRow>(
    tx,
    sql`with rec as (
          select * from attendance_records where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
        ), reg as (
          select id, person_id, status, registered_by_id, payment_id, created_at from event_registrations
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
             and (${LIVE} or (status = 'pending_payment' and hold_expires_at > now()))
        )
        select coalesce(r.id, g.id) as id, p.id as person_id, r.id as record_id,
               coalesce(g.status = 'registered', false) as is_registered,
               g.id as registration_id, g.status as registration_status, g.created_at as registered_at,
               g.registered_by_id, nullif(trim(rb.first_name || ' ' || rb.last_name), '') as registered_by_name,
               ${REGISTRATION_PAYMENT} as payment_state, (${REGISTRATION_AMOUNT})::text as amount_minor,
               case when g.id is not null then coalesce(pay.currency_code, c.currency_code, t.currency_code) end
                 as amount_currency,
               r.checked_in_at, r.checked_out_at, r.check_in_channel, r.group_id, gr.name as group_name,
               cc.security_code,
               coalesce(nullif(trim(bp.first_name || ' ' || bp.last_name), ''),
                        nullif(trim(bu.first_name || ' ' || bu.last_name), '')) as checked_in_by,
               coalesce(nullif(trim(op.first_name || ' ' || op.last_name), ''),
                        nullif(trim(ou.first_name || ' ' || ou.last_name), '')) as checked_out_by,
               p.first_name, p.last_name, p.home_address, p.email, p.mobile_phone, p.picture_url,
               coalesce((
                 select json_agg(json_build_object('customAttributeID', v.custom_field_id, 'data', v.data)
                                 order by f.sort_order, f.id)
                   from custom_field_values v
                   join custom_fields f on f.tenant_id = v.tenant_id and f.id = v.custom_field_id
                  where v.tenant_id = ${tenantId}
                    and ((f.entity_type = 5 and v.entity_id = r.id) or (f.entity_type = 4 and v.entity_id = g.id))
               ), '[]'::json) as answers
          from rec r
          full join reg g on g.person_id = r.person_id
          join people p on p.tenant_id = ${tenantId} and p.id = coalesce(r.person_id, g.person_id)
          join checkin_attendances c on c.tenant_id = ${tenantId} and c.id = ${checkinAttendanceId}
          join tenants t on t.id = c.tenant_id
          left join people rb on rb.tenant_id = ${tenantId} and rb.id = g.registered_by_id
          left join payments pay on pay.tenant_id = ${tenantId} and pay.id = g.payment_id
          left join groups gr on gr.tenant_id = ${tenantId} and gr.id = r.group_id
          left join child_checkins cc on cc.tenant_id = ${tenantId} and cc.id = r.child_checkin_id
          left join people bp on bp.tenant_id = ${tenantId} and bp.id = r.checked_in_by_person_id
          left join users bu on bu.tenant_id = ${tenantId} and bu.id = r.checked_in_by_user_id
          left join people op on op.tenant_id = ${tenantId} and op.id = r.checked_out_by_person_id
          left join users ou on ou.tenant_id = ${tenantId} and ou.id = r.checked_out_by_user_id
         order by lower(coalesce(rb.first_name, p.first_name)), lower(coalesce(rb.last_name, p.last_name)),
                  coalesce(rb.id, p.id), rb.id is not null, lower(p.first_name), lower(p.last_name), p.id`,
  );
}

/**
 * The event's offerings (offering rows of the offerings module, source 'offering', not deleted,
 * for `activityId`), summed in SQL per item and currency, in minor units of that currency.
 */
export function offeringTotals(tx: Tx, tenantId: string, activityId: string) {
  return queryRows<{ item_id: string; name: string; currency_code: string; total_minor: string; n: number }>(
    tx,
    sql`select o.contribution_item_id as item_id, i.name, o.currency_code,
               sum(o.amount_minor)::text as total_minor, count(*)::int as n
          from offering_transactions o
          join contribution_items i on i.tenant_id = o.tenant_id and i.id = o.contribution_item_id
         where o.tenant_id = ${tenantId} and o.activity_id = ${activityId}
           and o.source = 'offering' and o.deleted_at is null
         group by o.contribution_item_id, i.name, o.currency_code
         order by i.name, o.contribution_item_id, o.currency_code`,
  );
}

/** The set-up's head counts, by attendance type. */
export function headCounts(tx: Tx, tenantId: string, checkinAttendanceId: string) {
  return queryRows<{ attendance_type_id: number; number: number }>(
    tx,
    sql`select attendance_type_id, number from attendance_headcounts
         where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
         order by attendance_type_id`,
  );
}

/**
 * The set-up's custom field answers: fields of entity 5 (CheckInAttendance) answered for the
 * set-up, and of entity 3 (Activity) answered for its event.
 */
export function customAnswers(tx: Tx, tenantId: string, checkinAttendanceId: string, activityId: string) {
  return queryRows<{ custom_field_id: string; data: string; entity_id: string }>(
    tx,
    sql`select v.custom_field_id, v.data, v.entity_id
          from custom_field_values v
          join custom_fields f on f.tenant_id = v.tenant_id and f.id = v.custom_field_id
         where v.tenant_id = ${tenantId}
           and ((f.entity_type = 5 and v.entity_id = ${checkinAttendanceId})
             or (f.entity_type = 3 and v.entity_id = ${activityId}))
         order by f.sort_order, f.id`,
  );
}

/** What a personAttendanceID names: an attendance record or a (not cancelled) registration. */
export interface ResolvedRow {
  kind: 'record' | 'registration';
  id: string;
  person_id: string;
  checkin_attendance_id: string;
  /** the person's attendance record at that set-up, if any (for a registration too) */
  record_id: string | null;
}

/**
 * Resolves a report row's id (an attendance record's or a registration's) of the church, at a
 * live set-up (`checkinAttendanceId` when given). Undefined when it names neither.
 */
export async function resolvePersonAttendance(
  tx: Tx,
  tenantId: string,
  id: string,
  checkinAttendanceId: string | null,
): Promise<ResolvedRow | undefined> {
  const setUp = checkinAttendanceId ? sql`and x.checkin_attendance_id = ${checkinAttendanceId}` : sql``;
  const [row] = await queryRows<ResolvedRow>(
    tx,
    sql`select x.kind, x.id, x.person_id, x.checkin_attendance_id, r.id as record_id
          from (
            select 'record' as kind, id, person_id, checkin_attendance_id from attendance_records
             where tenant_id = ${tenantId} and id = ${id}
            union all
            select 'registration', id, person_id, checkin_attendance_id from event_registrations
             where tenant_id = ${tenantId} and id = ${id} and ${LIVE}
          ) x
          join checkin_attendances c on c.tenant_id = ${tenantId} and c.id = x.checkin_attendance_id and c.deleted_at is null
          left join attendance_records r on r.tenant_id = ${tenantId}
               and r.checkin_attendance_id = x.checkin_attendance_id and r.person_id = x.person_id
         where true ${setUp}
         limit 1`,
  );
  return row;
}

/** Whether person `id` belongs to the church. */
export async function personExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from people where tenant_id = ${tenantId} and id = ${id}`,
  );
  return rows.length > 0;
}

/** The state of record `recordId`. */
export async function recordState(tx: Tx, tenantId: string, recordId: string) {
  const [row] = await queryRows<{ checked_in_at: Date | null; checked_out_at: Date | null }>(
    tx,
    sql`select checked_in_at, checked_out_at from attendance_records where tenant_id = ${tenantId} and id = ${recordId}`,
  );
  return row;
}

/** `ids` as one SQL parameter: a uuid array (ids are checked uuids). */
export const uuidArray = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/**
 * How many of `ids` name a record or a (not cancelled) registration of set-up
 * `checkinAttendanceId` (distinct ids).
 */
export async function countResolvable(tx: Tx, tenantId: string, checkinAttendanceId: string, ids: readonly string[]) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct id)::int as n from (
          select id from attendance_records
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and id = any(${uuidArray(ids)})
          union all
          select id from event_registrations
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
             and ${LIVE} and id = any(${uuidArray(ids)})
        ) x`,
  );
  return row?.n ?? 0;
}

/** The church's custom fields among `ids`, with their entity and control types. */
export function customFieldsById(tx: Tx, tenantId: string, ids: readonly string[]) {
  return queryRows<{ id: string; entity_type: number; control_type: number; parameter_values: string }>(
    tx,
    sql`select id, entity_type, control_type, parameter_values from custom_fields
         where tenant_id = ${tenantId} and id = any(${uuidArray(ids)})`,
  );
}

/**
 * The phone numbers to reveal for person `personId`: their own mobile phone, else their
 * family's (home phone, then the father's and the mother's mobile phones). Undefined when the
 * person is not the church's.
 */
export async function phonesOf(tx: Tx, tenantId: string, personId: string) {
  const [row] = await queryRows<{ own: string | null; family: string | null }>(
    tx,
    sql`select p.mobile_phone as own,
               (select coalesce(nullif(trim(f.home_phone), ''), nullif(trim(fa.mobile_phone), ''),
                                nullif(trim(mo.mobile_phone), ''))
                  from family_members m
                  join families f on f.tenant_id = m.tenant_id and f.id = m.family_id
                  left join people fa on fa.tenant_id = f.tenant_id and fa.id = f.father_id
                  left join people mo on mo.tenant_id = f.tenant_id and mo.id = f.mother_id
                 where m.tenant_id = ${tenantId} and m.person_id = p.id
                 order by f.created_at, f.id
                 limit 1) as family
          from people p
         where p.tenant_id = ${tenantId} and p.id = ${personId}`,
  );
  return row;
}
