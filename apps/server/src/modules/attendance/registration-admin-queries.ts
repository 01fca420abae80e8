import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The SQL of the church's side of event registration (issue 12 'Admin'): the list of set-ups
 * that take registration and the rows of the registrations export. Every statement names the
 * tenant besides row-level security (DESIGN.md §1.4). A place is held by a registration that is
 * 'registered', or 'pending_payment' whose hold has not expired (migration 0021).
 */

/** A registration that is listed: registered, or a live hold waiting for its payment (alias `er`). */
const LISTED = sql`(er.status = 'registered' or (er.status = 'pending_payment' and er.hold_expires_at > now()))`;

/** One set-up of the registration list, as read. */
export interface RegistrationSetupDbRow {
  id: string;
  event_id: string;
  event_name: string;
  /** 'YYYY-MM-DD' */
  event_date: string;
  attendance_code: string;
  slot: number | null;
  places_taken: number;
  registered_count: number;
  is_paid_for: boolean;
  /** the fee per person, minor units (text) */
  amount_minor: string | null;
  currency_code: string;
  cut_off: Date | null;
  is_closed: boolean;
}

/**
 * The church's set-ups that take registration (enabled, not deleted), newest event first, with
 * their places taken and registered counted in SQL (one grouped pass over the page's set-ups).
 * `pattern` an ILIKE pattern of the event name, or null.
 */
export async function listRegistrationSetups(
  tx: Tx,
  tenantId: string,
  pattern: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: RegistrationSetupDbRow[]; total: number }> {
  const where = sql`ca.tenant_id = ${tenantId} and ca.deleted_at is null and ca.enable_registration
    ${pattern ? sql`and a.name ilike ${pattern}` : sql``}`;
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id where ${where}`,
  );
  const rows = await queryRows<RegistrationSetupDbRow>(
    tx,
    sql`with page as (
          select ca.id, ca.activity_id, a.name, a.activity_date, ca.attendance_code, ca.registration_slot,
                 ca.is_paid_for, ca.amount_minor, coalesce(ca.currency_code, t.currency_code) as currency_code,
                 ca.registration_cut_off_time, ca.created_at
            from checkin_attendances ca
            join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
            join tenants t on t.id = ca.tenant_id
           where ${where}
           order by a.activity_date desc, ca.created_at desc, ca.id desc
           limit ${limit} offset ${offset}
        ), counts as (
          select er.checkin_attendance_id as id, count(*)::int as taken,
                 (count(*) filter (where er.status = 'registered'))::int as registered
            from event_registrations er
           where er.tenant_id = ${tenantId} and er.checkin_attendance_id in (select id from page) and ${LISTED}
           group by er.checkin_attendance_id
        )
        select p.id, p.activity_id as event_id, p.name as event_name, p.activity_date::text as event_date,
               p.attendance_code, p.registration_slot as slot, coalesce(c.taken, 0) as places_taken,
               coalesce(c.registered, 0) as registered_count, p.is_paid_for, p.amount_minor::text as amount_minor,
               p.currency_code, p.registration_cut_off_time as cut_off,
               coalesce(now() >= p.registration_cut_off_time, false) as is_closed
          from page p
          left join counts c on c.id = p.id
         order by p.activity_date desc, p.created_at desc, p.id desc`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The set-up `id` of the church (not deleted) for the export, with the church's country, or undefined. */
export async function findExportSetup(tx: Tx, tenantId: string, id: string) {
  const [row] = await queryRows<{ id: string; event_name: string; event_date: string; country_code: string }>(
    tx,
    sql`select ca.id, a.name as event_name, a.activity_date::text as event_date, t.country_code
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
          join tenants t on t.id = ca.tenant_id
         where ca.tenant_id = ${tenantId} and ca.id = ${id} and ca.deleted_at is null`,
  );
  return row;
}

/** The church's registration questions (custom fields of entity 4), in their order. */
export function registrationQuestions(tx: Tx, tenantId: string) {
  return queryRows<{ id: string; label: string }>(
    tx,
    sql`select id, label from custom_fields where tenant_id = ${tenantId} and entity_type = 4
         order by sort_order, lower(label), id`,
  );
}

/** One registration of the export, as read. */
export interface ExportDbRow {
  first_name: string;
  last_name: string;
  mobile_phone: string | null;
  email: string | null;
  registered_by_name: string | null;
  status: string;
  /** 'paid' | 'unpaid' | 'pending' | 'free' */
  payment_state: string;
  /** minor units (text) of `currency_code`: the payment's amount on the payer's row, else the fee due */
  amount_minor: string | null;
  currency_code: string;
  registered_at: Date;
  /** the registration's answers (entity 4): custom field id → answer */
  answers: Record<string, string>;
}

/**
 * The set-up's listed registrations (registered, or a live hold waiting for its payment), each
 * with its person, registrant (wards), payment state and amount (the same rules as the report:
 * marking-queries.ts roster) and answers aggregated in SQL; ordered by name, wards right after
 * their registrant.
 */
export function exportRows(tx: Tx, tenantId: string, setupId: string) {
  return queryRows<ExportDbRow>(
    tx,
    sql`select p.first_name, p.last_name, p.mobile_phone, p.email,
               nullif(trim(rb.first_name || ' ' || rb.last_name), '') as registered_by_name,
               er.status,
               case when er.status = 'pending_payment' then 'pending'
                    when pay.status = 'succeeded' then 'paid'
                    when c.is_paid_for then 'unpaid'
                    else 'free' end as payment_state,
               (case when pay.id is not null and pay.status in ('succeeded', 'pending')
                       then case when er.registered_by_id is null then pay.amount_minor end
                     when c.is_paid_for then c.amount_minor end)::text as amount_minor,
               coalesce(pay.currency_code, c.currency_code, t.currency_code) as currency_code,
               er.created_at as registered_at,
               coalesce((
                 select json_object_agg(v.custom_field_id, v.data)
                   from custom_field_values v
                   join custom_fields f on f.tenant_id = v.tenant_id and f.id = v.custom_field_id
                  where v.tenant_id = ${tenantId} and f.entity_type = 4 and v.entity_id = er.id
               ), '{}'::json) as answers
          from event_registrations er
          join checkin_attendances c on c.tenant_id = er.tenant_id and c.id = er.checkin_attendance_id
          join tenants t on t.id = c.tenant_id
          join people p on p.tenant_id = er.tenant_id and p.id = er.person_id
          left join people rb on rb.tenant_id = er.tenant_id and rb.id = er.registered_by_id
          left join payments pay on pay.tenant_id = er.tenant_id and pay.id = er.payment_id
         where er.tenant_id = ${tenantId} and er.checkin_attendance_id = ${setupId} and ${LISTED}
         order by lower(coalesce(rb.first_name, p.first_name)), lower(coalesce(rb.last_name, p.last_name)),
                  coalesce(rb.id, p.id), rb.id is not null, lower(p.first_name), lower(p.last_name), p.id`,
  );
}
