import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { UUID } from './public-checkin-queries.ts';

/*
 * The SQL of public event registration (issue 12; spec 2.12-2.14). Every statement names the
 * tenant besides row-level security (DESIGN.md §1.4). A place is held by a registration row that
 * is 'registered', or 'pending_payment' whose hold has not expired (migration 0021).
 */

/** A set-up as the registration page needs it, with its event and the church. */
export interface RegSetupRow {
  id: string;
  attendanceCode: string;
  activityId: string;
  eventName: string;
  /** the event's day, 'YYYY-MM-DD' */
  eventDate: string;
  bannerUrl: string | null;
  details: string | null;
  /** places (people, wards included); null = no limit */
  slot: number | null;
  isPaidFor: boolean;
  /** the fee per person, minor units (text: pg and PGlite agree) */
  amountMinor: string | null;
  currencyCode: string;
  paymentFormId: string | null;
  cutOff: Date | null;
  /** now() >= the registration cut-off, by the database's clock */
  isClosed: boolean;
  registrationSms: string | null;
  registrationSmsSubject: string | null;
  registrationEmail: string | null;
  registrationEmailSubject: string | null;
  churchName: string;
  churchLogo: string | null;
}

/**
 * The set-up named by `key` (public code, or id when a uuid) in the church, not deleted, with
 * registration enabled. `lock` takes the set-up row FOR UPDATE: every registration of the set-up
 * then waits for the one counting its places (the capacity that holds).
 */
export async function findRegSetup(
  tx: Tx,
  tenantId: string,
  key: string,
  lock = false,
  /** also a set-up whose registration the administrator turned off (admitting a payment made while it was on) */
  evenIfRegistrationOff = false,
): Promise<RegSetupRow | undefined> {
  const isId = UUID.test(key);
  const [row] = await queryRows<RegSetupRow>(
    tx,
    sql`select ca.id, ca.attendance_code as "attendanceCode", ca.activity_id as "activityId", a.name as "eventName",
               a.activity_date::text as "eventDate", ca.banner_url as "bannerUrl", ca.details,
               ca.registration_slot as "slot", ca.is_paid_for as "isPaidFor", ca.amount_minor::text as "amountMinor",
               coalesce(ca.currency_code, t.currency_code) as "currencyCode", ca.payment_form_id as "paymentFormId",
               ca.registration_cut_off_time as "cutOff",
               coalesce(now() >= ca.registration_cut_off_time, false) as "isClosed",
               ca.registration_sms as "registrationSms", ca.registration_sms_subject as "registrationSmsSubject",
               ca.registration_email as "registrationEmail",
               ca.registration_email_subject as "registrationEmailSubject",
               t.church_name as "churchName", t.logo_url as "churchLogo"
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
          join tenants t on t.id = ca.tenant_id
         where ca.tenant_id = ${tenantId} and ca.deleted_at is null
           and ${evenIfRegistrationOff ? sql`true` : sql`ca.enable_registration`}
           and ${isId ? sql`(ca.id = ${key}::uuid or ca.attendance_code = ${key})` : sql`ca.attendance_code = ${key}`}
         limit 1
         ${lock ? sql`for update of ca` : sql``}`,
  );
  if (!row) return undefined;
  return { ...row, cutOff: row.cutOff ? new Date(row.cutOff) : null };
}

/** The SQL condition of a row holding a place (alias `er`). */
const HOLDS = sql`(er.status = 'registered' or (er.status = 'pending_payment' and er.hold_expires_at > now()))`;

/**
 * Ends the holds of the set-up that no longer hold: a hold whose payment failed, was abandoned or
 * cancelled becomes 'released'; one past its hold_expires_at becomes 'expired' (the lazy half of
 * the expiry; the caller holds the set-up lock).
 */
export async function endStaleHolds(tx: Tx, tenantId: string, setupId: string): Promise<void> {
  await tx.execute(
    sql`update event_registrations er
           set status = case when p.status in ('failed', 'abandoned', 'cancelled') then 'released' else 'expired' end,
               updated_at = now()
          from payments p
         where er.tenant_id = ${tenantId} and er.checkin_attendance_id = ${setupId} and er.status = 'pending_payment'
           and p.tenant_id = er.tenant_id and p.id = er.payment_id
           and (er.hold_expires_at <= now() or p.status in ('failed', 'abandoned', 'cancelled'))`,
  );
}

/**
 * Registration payments with a hold past its hold_expires_at while the payment is still pending
 * or abandoned, across churches (security-definer `registration_expired_holds`, migration 0022),
 * oldest payment first: what the hold upkeep verifies and ends.
 */
export function expiredHoldPayments(
  db: Db,
  limit: number,
): Promise<{ tenant_id: string; reference: string; setup_id: string }[]> {
  return queryRows(db, sql`select tenant_id, reference, setup_id from registration_expired_holds(${limit})`);
}

/** Locks the set-up row `setupId` FOR UPDATE (deleted or not): the capacity lock of endStaleHolds. */
export async function lockSetup(tx: Tx, tenantId: string, setupId: string): Promise<void> {
  await tx.execute(
    sql`select id from checkin_attendances where tenant_id = ${tenantId} and id = ${setupId}::uuid for update`,
  );
}

/** The places of the set-up held now (people registered, and live holds). */
export async function takenPlaces(tx: Tx, tenantId: string, setupId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from event_registrations er
         where er.tenant_id = ${tenantId} and er.checkin_attendance_id = ${setupId} and ${HOLDS}`,
  );
  return row?.n ?? 0;
}

/** One person's registration at a set-up. */
export interface RegRow {
  id: string;
  personId: string;
  status: string;
  paymentId: string | null;
  /** holds a place now */
  holds: boolean;
}

/** The registrations of `personIds` at the set-up (any status). */
export function registrationsOf(tx: Tx, tenantId: string, setupId: string, personIds: string[]): Promise<RegRow[]> {
  if (personIds.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select er.id, er.person_id as "personId", er.status, er.payment_id as "paymentId", ${HOLDS} as holds
          from event_registrations er
         where er.tenant_id = ${tenantId} and er.checkin_attendance_id = ${setupId}
           and er.person_id in (select jsonb_array_elements_text(${JSON.stringify(personIds)}::jsonb)::uuid)`,
  );
}

/**
 * Writes a person's registration at the set-up (unique index event_registrations_once): a new row,
 * or an ended one ('cancelled', 'expired', 'released') taken again; a row holding a place is left
 * as it is (answers its id, `changed` false). `hold` makes it 'pending_payment' until `hold.until`.
 */
export async function putRegistration(
  tx: Tx,
  tenantId: string,
  r: {
    setupId: string;
    personId: string;
    registeredById: string | null;
    hold: { paymentId: string; until: Date } | null;
  },
): Promise<{ id: string; changed: boolean }> {
  const status = r.hold ? 'pending_payment' : 'registered';
  const paymentId = r.hold?.paymentId ?? null;
  const until = r.hold ? r.hold.until.toISOString() : null;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into event_registrations as er
          (tenant_id, checkin_attendance_id, person_id, registered_by_id, payment_id, status, hold_expires_at)
        values (${tenantId}, ${r.setupId}, ${r.personId}, ${r.registeredById}, ${paymentId}, ${status},
                ${until}::timestamptz)
        on conflict (tenant_id, checkin_attendance_id, person_id) do update
          set status = excluded.status, payment_id = excluded.payment_id, hold_expires_at = excluded.hold_expires_at,
              registered_by_id = coalesce(excluded.registered_by_id, er.registered_by_id), updated_at = now(),
              created_at = now()
          where not ${HOLDS}
        returning er.id`,
  );
  if (row) return { id: row.id, changed: true };
  const [existing] = await registrationsOf(tx, tenantId, r.setupId, [r.personId]);
  return { id: existing!.id, changed: false };
}

/** The holds of a payment (any status), locked FOR UPDATE. */
export function holdsOfPayment(tx: Tx, tenantId: string, paymentId: string): Promise<RegRow[]> {
  return queryRows(
    tx,
    sql`select er.id, er.person_id as "personId", er.status, er.payment_id as "paymentId", ${HOLDS} as holds
          from event_registrations er
         where er.tenant_id = ${tenantId} and er.payment_id = ${paymentId}
         order by er.registered_by_id nulls first, er.id
         for update`,
  );
}

/**
 * The set-up a registration payment was for: the set-up of its holds; when a later payment of
 * the same people took its rows over (a second initialise), the set-up paid through the same
 * payment form where the payer has a registration (latest first). None: undefined.
 */
export async function setupOfPayment(tx: Tx, tenantId: string, paymentId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select coalesce(
              (select checkin_attendance_id from event_registrations
                where tenant_id = ${tenantId} and payment_id = ${paymentId} limit 1),
              (select er.checkin_attendance_id
                 from payments p
                 join checkin_attendances ca on ca.tenant_id = p.tenant_id and ca.payment_form_id = p.payment_form_id
                 join event_registrations er
                   on er.tenant_id = ca.tenant_id and er.checkin_attendance_id = ca.id and er.person_id = p.person_id
                where p.tenant_id = ${tenantId} and p.id = ${paymentId}
                order by er.updated_at desc
                limit 1)) as id`,
  );
  return row?.id ?? undefined;
}

/** Sets the status of the payment's registrations that are in one of `from`. */
export async function setPaymentHolds(
  tx: Tx,
  tenantId: string,
  paymentId: string,
  from: string[],
  to: 'registered' | 'released' | 'expired',
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update event_registrations set status = ${to}, updated_at = now(),
               hold_expires_at = case when ${to} = 'registered' then null else hold_expires_at end
         where tenant_id = ${tenantId} and payment_id = ${paymentId}
           and status in (select jsonb_array_elements_text(${JSON.stringify(from)}::jsonb))
        returning id`,
  );
  return rows.length;
}

/** Ward people of the church among `ids` (existence check): the ids found. */
export async function peopleExist(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from people where tenant_id = ${tenantId}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Set(rows.map((r) => r.id));
}

/** A person found by phone, as the search masks it. */
export interface RegMatchRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  homeAddress: string | null;
  mobilePhone: string | null;
  hasBirthday: boolean;
  registered: boolean;
}

/** The church's people with phone key `phoneKey`, earliest first, at most `limit`, with whether each holds a place. */
export function peopleByPhone(
  tx: Tx,
  tenantId: string,
  setupId: string,
  phoneKey: string,
  limit: number,
): Promise<RegMatchRow[]> {
  return queryRows(
    tx,
    sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.email, p.home_address as "homeAddress",
               p.mobile_phone as "mobilePhone",
               (p.day_of_birth is not null or p.month_of_birth is not null) as "hasBirthday",
               exists (select 1 from event_registrations er
                        where er.tenant_id = p.tenant_id and er.checkin_attendance_id = ${setupId}
                          and er.person_id = p.id and ${HOLDS}) as registered
          from people p
         where p.tenant_id = ${tenantId} and p.mobile_phone_key = ${phoneKey}
         order by p.created_at, p.id
         limit ${limit}`,
  );
}

/**
 * Fills in what a found person lacks (marital status, gender, wedding date as a whole); a value
 * on record is never replaced. (E-mail, address and birthday: public-checkin-queries fillMissing.)
 */
export async function fillMissingExtra(
  tx: Tx,
  tenantId: string,
  id: string,
  v: {
    maritalStatusId: number | null;
    genderId: number | null;
    yearOfWedding: number | null;
    monthOfWedding: number | null;
    dayOfWedding: number | null;
  },
): Promise<void> {
  const wedding = v.monthOfWedding !== null && v.dayOfWedding !== null;
  await tx.execute(
    sql`update people set
          marital_status_id = coalesce(marital_status_id, ${v.maritalStatusId}::int),
          gender_id = coalesce(gender_id, ${v.genderId}::int),
          year_of_wedding = case when ${wedding} and month_of_wedding is null and day_of_wedding is null
                                 then ${v.yearOfWedding}::int else year_of_wedding end,
          month_of_wedding = case when ${wedding} and month_of_wedding is null and day_of_wedding is null
                                  then ${v.monthOfWedding}::int else month_of_wedding end,
          day_of_wedding = case when ${wedding} and month_of_wedding is null and day_of_wedding is null
                                then ${v.dayOfWedding}::int else day_of_wedding end
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/** The person's e-mail on record (null when none): who gets the registration e-mail. */
export async function personEmail(tx: Tx, tenantId: string, id: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(
    tx,
    sql`select nullif(trim(email), '') as email from people where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row?.email ?? null;
}
