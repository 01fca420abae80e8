import { badRequest } from '../../lib/errors.ts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * SQL of the attendance set-up (spec 2.9, 2.10): checkin_attendances with their groups and
 * events. Every statement names the tenant (defence in depth beside row-level security).
 */

/** An ISO instant ('…Z') of a timestamptz column, or null. */
const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The church's currency, country and name. */
export async function churchOf(
  tx: Tx,
  tenantId: string,
): Promise<{ currencyCode: string; countryCode: string; churchName: string }> {
  const [row] = await queryRows<{ currencyCode: string; countryCode: string; churchName: string }>(
    tx,
    sql`select currency_code as "currencyCode", country_code as "countryCode", church_name as "churchName"
          from tenants where id = ${tenantId}`,
  );
  if (!row) throw new Error('the signed-in church has no tenant row');
  return row;
}

/** An event of the church: `{id, name, date ('YYYY-MM-DD')}`, or undefined. */
export async function findActivity(tx: Tx, tenantId: string, id: string) {
  const [row] = await queryRows<{ id: string; name: string; date: string }>(
    tx,
    sql`select id, name, activity_date::text as date from activities where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

/** Which of `ids` are groups of the church (lower-case ids). */
export async function knownGroupIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id::text from groups where tenant_id = ${tenantId} and id in (${idList(ids)})`,
  );
  return new Set(rows.map((r) => r.id.toLowerCase()));
}

/** The stored set-up row (snake_case columns as the table has them). */
export interface SetupRow {
  id: string;
  attendance_code: string;
  activity_id: string;
  event_name: string;
  event_date: string;
  banner_url: string | null;
  banner_name: string | null;
  details: string | null;
  registration_slot: number | null;
  is_paid_for: boolean;
  amount_minor: string | null;
  currency_code: string | null;
  bank_code: string | null;
  account_number: string | null;
  account_name: string | null;
  income_account_id: string | null;
  cash_account_id: string | null;
  payment_form_id: string | null;
  registration_sms: string | null;
  registration_sms_subject: string | null;
  registration_email: string | null;
  registration_email_subject: string | null;
  checkin_sms: string | null;
  checkin_sms_subject: string | null;
  checkin_email: string | null;
  checkin_email_subject: string | null;
  enable_registration: boolean;
  registration_cut_off_time: string | null;
  check_in_cut_off_time: string | null;
  created_at: string;
  deleted: boolean;
  groups: { id: string; name: string }[];
}

const SETUP_COLUMNS = sql`
  ca.id, ca.attendance_code, ca.activity_id, a.name as event_name, a.activity_date::text as event_date,
  ca.banner_url, ca.banner_name, ca.details, ca.registration_slot, ca.is_paid_for,
  ca.amount_minor::text as amount_minor, ca.currency_code, ca.bank_code, ca.account_number, ca.account_name,
  ca.income_account_id, ca.cash_account_id, ca.payment_form_id,
  ca.registration_sms, ca.registration_sms_subject, ca.registration_email, ca.registration_email_subject,
  ca.checkin_sms, ca.checkin_sms_subject, ca.checkin_email, ca.checkin_email_subject, ca.enable_registration,
  ${iso(sql`ca.registration_cut_off_time`)} as registration_cut_off_time,
  ${iso(sql`ca.check_in_cut_off_time`)} as check_in_cut_off_time,
  ${iso(sql`ca.created_at`)} as created_at,
  ca.deleted_at is not null as deleted,
  coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
      from checkin_attendance_groups cg
      join groups g on g.tenant_id = cg.tenant_id and g.id = cg.group_id
     where cg.tenant_id = ca.tenant_id and cg.checkin_attendance_id = ca.id
  ), '[]'::json) as groups`;

/**
 * One set-up with its event and groups, found by id or (with `byCode`) also by attendance code;
 * deleted set-ups only with `includeDeleted`. `lock` takes the row FOR UPDATE.
 */
export async function findSetup(
  tx: Tx,
  tenantId: string,
  key: string,
  opts: { byCode?: boolean; includeDeleted?: boolean; lock?: boolean } = {},
): Promise<SetupRow | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  if (!isUuid && !opts.byCode) return undefined;
  const match = isUuid
    ? opts.byCode
      ? sql`(ca.id = ${key}::uuid or ca.attendance_code = ${key})`
      : sql`ca.id = ${key}::uuid`
    : sql`ca.attendance_code = ${key}`;
  if (opts.lock)
    await tx.execute(
      sql`select 1 from checkin_attendances ca where ca.tenant_id = ${tenantId} and ${match} for update`,
    );
  const [row] = await queryRows<SetupRow>(
    tx,
    sql`select ${SETUP_COLUMNS}
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
         where ca.tenant_id = ${tenantId} and ${match}
           ${opts.includeDeleted ? sql`` : sql`and ca.deleted_at is null`}
         order by (ca.id::text = lower(${key})) desc
         limit 1`,
  );
  return row;
}

/** The list's rows: newest event first, then newest set-up; `pattern` an ILIKE pattern of the event name. */
export async function listSetups(
  tx: Tx,
  tenantId: string,
  pattern: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: SetupRow[]; total: number }> {
  const where = sql`ca.tenant_id = ${tenantId} and ca.deleted_at is null
    ${pattern ? sql`and a.name ilike ${pattern}` : sql``}`;
  const [count] = await queryRows<{ n: string }>(
    tx,
    sql`select count(*)::text as n from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id where ${where}`,
  );
  const rows = await queryRows<SetupRow>(
    tx,
    sql`select ${SETUP_COLUMNS}
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
         where ${where}
         order by a.activity_date desc, ca.created_at desc, ca.id desc
         limit ${limit} offset ${offset}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** The columns a save writes (null = stored as null). */
export interface SetupValues {
  activityId: string;
  bannerUrl: string | null;
  bannerName: string | null;
  details: string | null;
  registrationSlot: number | null;
  isPaidFor: boolean;
  amountMinor: bigint | null;
  currencyCode: string | null;
  bankCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  incomeAccountId: string | null;
  cashAccountId: string | null;
  paymentFormId: string | null;
  registrationSms: string | null;
  registrationSmsSubject: string | null;
  registrationEmail: string | null;
  registrationEmailSubject: string | null;
  checkinSms: string | null;
  checkinSmsSubject: string | null;
  checkinEmail: string | null;
  checkinEmailSubject: string | null;
  enableRegistration: boolean;
  registrationCutOffTime: Date | null;
  checkInCutOffTime: Date | null;
}

const ts = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Inserts a set-up with `code`; answers its id, or null when the code is taken (by any church:
 * the global unique index checkin_attendances_code_key) so the caller draws another.
 */
export async function insertSetup(tx: Tx, tenantId: string, code: string, v: SetupValues): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into checkin_attendances (
          tenant_id, attendance_code, activity_id, banner_url, banner_name, details, registration_slot,
          is_paid_for, amount_minor, currency_code, bank_code, account_number, account_name,
          income_account_id, cash_account_id, payment_form_id,
          registration_sms, registration_sms_subject, registration_email, registration_email_subject,
          checkin_sms, checkin_sms_subject, checkin_email, checkin_email_subject,
          enable_registration, registration_cut_off_time, check_in_cut_off_time
        ) values (
          ${tenantId}, ${code}, ${v.activityId}, ${v.bannerUrl}, ${v.bannerName}, ${v.details}, ${v.registrationSlot},
          ${v.isPaidFor}, ${v.amountMinor === null ? null : v.amountMinor.toString()}::bigint, ${v.currencyCode},
          ${v.bankCode}, ${v.accountNumber}, ${v.accountName},
          ${v.incomeAccountId}, ${v.cashAccountId}, ${v.paymentFormId},
          ${v.registrationSms}, ${v.registrationSmsSubject}, ${v.registrationEmail}, ${v.registrationEmailSubject},
          ${v.checkinSms}, ${v.checkinSmsSubject}, ${v.checkinEmail}, ${v.checkinEmailSubject},
          ${v.enableRegistration}, ${ts(v.registrationCutOffTime)}::timestamptz, ${ts(v.checkInCutOffTime)}::timestamptz
        )
        on conflict (attendance_code) do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/** Replaces a set-up's stored values. */
export async function updateSetup(tx: Tx, tenantId: string, id: string, v: SetupValues): Promise<void> {
  await tx.execute(
    sql`update checkin_attendances set
          activity_id = ${v.activityId}, banner_url = ${v.bannerUrl}, banner_name = ${v.bannerName},
          details = ${v.details}, registration_slot = ${v.registrationSlot}, is_paid_for = ${v.isPaidFor},
          amount_minor = ${v.amountMinor === null ? null : v.amountMinor.toString()}::bigint,
          currency_code = ${v.currencyCode}, bank_code = ${v.bankCode}, account_number = ${v.accountNumber},
          account_name = ${v.accountName}, income_account_id = ${v.incomeAccountId},
          cash_account_id = ${v.cashAccountId}, payment_form_id = ${v.paymentFormId},
          registration_sms = ${v.registrationSms}, registration_sms_subject = ${v.registrationSmsSubject},
          registration_email = ${v.registrationEmail}, registration_email_subject = ${v.registrationEmailSubject},
          checkin_sms = ${v.checkinSms}, checkin_sms_subject = ${v.checkinSmsSubject},
          checkin_email = ${v.checkinEmail}, checkin_email_subject = ${v.checkinEmailSubject},
          enable_registration = ${v.enableRegistration},
          registration_cut_off_time = ${ts(v.registrationCutOffTime)}::timestamptz,
          check_in_cut_off_time = ${ts(v.checkInCutOffTime)}::timestamptz
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/** Makes a set-up's groups exactly `groupIds`. */
export async function setGroups(tx: Tx, tenantId: string, setupId: string, groupIds: string[]): Promise<void> {
  await tx.execute(
    sql`delete from checkin_attendance_groups
         where tenant_id = ${tenantId} and checkin_attendance_id = ${setupId}
           and group_id not in (${idList(groupIds)})`,
  );
  await tx.execute(
    sql`insert into checkin_attendance_groups (tenant_id, checkin_attendance_id, group_id)
        select ${tenantId}, ${setupId}, g from unnest(array[${idList(groupIds)}]) as g
        on conflict do nothing`,
  );
}

/**
 * Soft-deletes the set-ups `ids` (deleted_at; already deleted ones keep their first time).
 * Answers how many of `ids` are set-ups of the church at all (deleted or not); when that is
 * fewer than asked, nothing is changed.
 */
export async function softDelete(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const found = await queryRows<{ id: string }>(
    tx,
    sql`select id from checkin_attendances where tenant_id = ${tenantId} and id in (${idList(ids)}) for update`,
  );
  if (found.length < ids.length) return found.length;
  await tx.execute(
    sql`update checkin_attendances set deleted_at = coalesce(deleted_at, now())
         where tenant_id = ${tenantId} and id in (${idList(ids)})`,
  );
  return found.length;
}

/**
 * Checks out everyone still checked in at a set-up (checked in, not checked out), recording the
 * user and the time; answers how many.
 */
export async function checkOutAll(tx: Tx, tenantId: string, setupId: string, userId: string | null): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records set checked_out_at = now(), checked_out_by_user_id = ${userId}
         where tenant_id = ${tenantId} and checkin_attendance_id = ${setupId}
           and checked_in_at is not null and checked_out_at is null
        returning id`,
  );
  return rows.length;
}

/**
 * The church's offering item named `name` (any case), created with the given accounts when
 * there is none (unique index contribution_items_name_key decides, so two saves at once make
 * one item) and made active again when it was deactivated. Answers its id.
 */
export async function ensureContributionItem(
  tx: Tx,
  tenantId: string,
  name: string,
  incomeAccountId: string,
  cashAccountId: string,
): Promise<string> {
  await tx.execute(
    sql`insert into contribution_items (tenant_id, name, income_account_id, cash_account_id)
        values (${tenantId}, ${name}, ${incomeAccountId}, ${cashAccountId})
        on conflict (tenant_id, lower(name)) do nothing`,
  );
  const [row] = await queryRows<{ id: string; income_account_id: string; cash_account_id: string }>(
    tx,
    sql`update contribution_items set is_active = true
         where tenant_id = ${tenantId} and lower(name) = lower(${name})
        returning id, income_account_id, cash_account_id`,
  );
  if (!row) throw new Error('ensureContributionItem: no item after insert');
  // an item of that name already posts elsewhere: the fees must not go silently to other accounts
  if (row.income_account_id !== incomeAccountId)
    throw badRequest(
      'incomeAccountId',
      `the offering item '${name}' already posts to another income account: choose that account, or rename the event's item on the Offering Items screen`,
    );
  if (row.cash_account_id !== cashAccountId)
    throw badRequest(
      'cashAccountId',
      `the offering item '${name}' already posts to another cash account: choose that account, or rename the event's item on the Offering Items screen`,
    );
  return row.id;
}
