import { randomInt } from 'node:crypto';
import {
  ATTENDANCE_PAGE_SIZE,
  ATTENDANCE_SETUP_MESSAGES,
  checkoutAllMessage,
  type TAttendanceItem,
  type TAttendanceSetupDetail,
  type TAttendanceSetupList,
  type TAttendanceSetupListItem,
  type TAttendanceSetupResult,
} from '@steward/contracts/attendance-setup';
import type { TConfig } from '../../config.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, minorToJson } from '../../lib/money.ts';
import { requireAccount } from '../ledger/service.ts';
import { storeUpload } from '../media/service.ts';
import { qrCodeDataUrl } from '../giving/payment-links.ts';
import * as giving from '../giving/queries.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import { churchTimeZone, cutOffInstant, type SetupForm } from './setup-form.ts';
import { savePaymentForm } from './setup-payment.ts';
import * as q from './setup-queries.ts';

/*
 * Attendance set-up (spec 2.9, 2.10, §3-§5, §8; existing-client-api §4.1): one check-in /
 * registration set-up of an event for some groups, with its public code, optional fee,
 * messages and cut-off times.
 */

/** What a create or edit needs besides the request: the providers, config and the public origin. */
export interface SetupEnv {
  providers: PaymentProviders;
  config: TConfig;
  /** the public site's origin (PUBLIC_URL, else the request's), for the banner URL and the payment form */
  origin: string;
}

/** The characters of an attendance code: lower-case letters and digits without look-alikes (no i, l, o, 0, 1). */
export const ATTENDANCE_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters in an attendance code: 31^10 ≈ 8·10^14 codes, so a code cannot be guessed. */
export const ATTENDANCE_CODE_LENGTH = 10;

/** A random attendance code (crypto random, URL-safe). */
export function randomAttendanceCode(): string {
  let code = '';
  for (let i = 0; i < ATTENDANCE_CODE_LENGTH; i += 1)
    code += ATTENDANCE_CODE_ALPHABET[randomInt(ATTENDANCE_CODE_ALPHABET.length)];
  return code;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
/** The event's day as the existing client parses it (`new Date()`: no zone = local midnight). */
const eventDay = (date: string) => `${date}T00:00:00`;
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

function groupsOf(row: q.SetupRow) {
  const groups = row.groups.map((g) => ({ id: g.id, name: g.name }));
  return { groups, groupID: groups[0]?.id ?? null, fullGroupName: groups.map((g) => g.name).join(', ') };
}

function toListItem(row: q.SetupRow): TAttendanceSetupListItem {
  return {
    id: row.id,
    eventID: row.activity_id,
    fullEventName: row.event_name,
    eventDate: eventDay(row.event_date),
    ...groupsOf(row),
    attendanceCode: row.attendance_code,
    isPaidFor: row.is_paid_for,
    checkInCutOffTime: row.check_in_cut_off_time,
    registrationCutOffTime: row.registration_cut_off_time,
  };
}

/**
 * GET /api/CheckInAttendance/AllCheckInAttendances?page=N&searchText= (spec 2.10, §9): the
 * church's set-ups that are not deleted, 50 a page (page 1 first), newest event first;
 * `searchText` keeps those whose event name contains it (any case). `{data, totalItems}`.
 */
export async function listSetups(ctx: TenantCtx, page: number, searchText?: string): Promise<TAttendanceSetupList> {
  const { rows, total } = await q.listSetups(
    ctx.tx,
    ctx.tenantId,
    searchText ? likePattern(searchText) : null,
    ATTENDANCE_PAGE_SIZE,
    (page - 1) * ATTENDANCE_PAGE_SIZE,
  );
  return { data: rows.map(toListItem), totalItems: total };
}

/**
 * POST /api/CheckInAttendance/Delete/Multiple (spec 2.10, §8): soft-deletes the set-ups (their
 * codes stop resolving; attendance records, registrations and payment forms are kept). Answers
 * 'Attendance(s) deleted successfully.'. Throws 404 when any id is not a set-up of the church
 * (nothing is deleted then); ids already deleted are accepted again.
 */
export async function deleteSetups(ctx: TenantCtx, ids: string[]): Promise<string> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await q.softDelete(ctx.tx, ctx.tenantId, unique);
  if (found < unique.length) throw notFound('Attendance');
  return ATTENDANCE_SETUP_MESSAGES.deleted;
}

/**
 * DELETE /api/CheckInAttendance/checkout?attendanceId= (existing-client-api §4.1): the end of the
 * event: checks out everyone still checked in at the set-up (children checked in at the door
 * too), recording the signed-in user and the time on each record. Answers the text the client
 * shows ('3 people were checked out successfully'). Throws 404 for an id of no set-up of the
 * church (or a deleted one).
 */
export async function checkOutEveryone(ctx: TenantCtx, id: string): Promise<string> {
  const setup = await q.findSetup(ctx.tx, ctx.tenantId, id, { lock: true });
  if (!setup) throw notFound('Attendance');
  return checkoutAllMessage(await q.checkOutAll(ctx.tx, ctx.tenantId, setup.id, ctx.userId));
}

/**
 * GET /api/CheckInAttendance/GetSingleAttendanceCheckIn?checkInAttendanceId= (spec §3 'Single
 * attendance read'): the set-up as the edit screen prefills it. Throws 404 for an id of no
 * set-up of the church (or a deleted one).
 */
export async function getSetup(ctx: TenantCtx, id: string): Promise<TAttendanceSetupDetail> {
  const row = await q.findSetup(ctx.tx, ctx.tenantId, id);
  if (!row) throw notFound('Attendance');
  const church = await q.churchOf(ctx.tx, ctx.tenantId);
  const currency = row.currency_code ?? church.currencyCode;
  const items = row.payment_form_id ? await giving.formItems(ctx.tx, ctx.tenantId, row.payment_form_id) : [];
  return {
    id: row.id,
    attendanceCode: row.attendance_code,
    eventID: row.activity_id,
    activityId: row.activity_id,
    fullEventName: row.event_name,
    eventDate: eventDay(row.event_date),
    ...groupsOf(row),
    details: row.details,
    bannerUrl: row.banner_url,
    bannerName: row.banner_name,
    registrationSlot: row.registration_slot,
    isPaidFor: row.is_paid_for,
    amount: row.amount_minor === null ? null : minorToJson(BigInt(row.amount_minor), currency),
    currency,
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    incomeAccountId: row.income_account_id,
    cashAccountId: row.cash_account_id,
    paymentFormId: row.payment_form_id,
    contributionItemId: items[0]?.itemId ?? null,
    contributionItemName: items[0]?.name ?? null,
    registrationSMS: row.registration_sms,
    registrationSMSSubject: row.registration_sms_subject,
    registrationEmail: row.registration_email,
    registrationEmailSubject: row.registration_email_subject,
    checkinSMS: row.checkin_sms,
    checkInSMSSubject: row.checkin_sms_subject,
    checkinEmail: row.checkin_email,
    checkinEmailSubject: row.checkin_email_subject,
    enableRegistration: row.enable_registration,
    registrationCutOffTime: row.registration_cut_off_time,
    checkInCutOffTime: row.check_in_cut_off_time,
    createdAt: row.created_at,
  };
}

/**
 * GET /api/CheckInAttendance/AttendanceItem?attendanceCode= (existing-client-api §4.1; the
 * check-in type page): `key` is the set-up's id (what every caller passes) or its code. Links
 * `{origin}/checkin/e/{code}` and `{origin}/event/{code}` with PNG QR codes (data: URLs).
 * Steward has no SMS or USSD check-in, so `smsNumber` and `ussdCode` are ''. Throws 404 for a
 * key of no set-up of the church (or a deleted one).
 */
export async function attendanceItem(ctx: TenantCtx, key: string, origin: string): Promise<TAttendanceItem> {
  const row = await q.findSetup(ctx.tx, ctx.tenantId, key, { byCode: true });
  if (!row) throw notFound('Attendance');
  const base = origin.replace(/\/+$/, '');
  const code = encodeURIComponent(row.attendance_code);
  const checkinLink = `${base}/checkin/e/${code}`;
  const registrationLink = `${base}/event/${code}`;
  const [qrCheckin, qrRegistration] = await Promise.all([qrCodeDataUrl(checkinLink), qrCodeDataUrl(registrationLink)]);
  const { groupID, fullGroupName } = groupsOf(row);
  return {
    id: row.id,
    eventID: row.activity_id,
    tenantID: ctx.tenantId,
    attendanceCode: row.attendance_code,
    smsNumber: '',
    ussdCode: '',
    qrCode: qrCheckin,
    fullEventName: row.event_name,
    eventDate: eventDay(row.event_date),
    groupID,
    fullGroupName,
    paymentFormId: row.payment_form_id,
    isPaidFor: row.is_paid_for,
    checkInCutOffTime: row.check_in_cut_off_time,
    registrationCutOffTime: row.registration_cut_off_time,
    qrCodeRegistration: qrRegistration,
    qrCodeCheckin: qrCheckin,
    attendanceRegistrationLink: registrationLink,
    attendanceCheckinLink: checkinLink,
    childCheckinLink: `${base}/childcheckin/${ctx.tenantId}`,
  };
}

// ---------------------------------------------------------------- create and edit

/** A text field as saved: sent → trimmed ('' → null), not sent → `stored`. */
function text(form: SetupForm, key: keyof SetupForm['fields'], stored: string | null): string | null {
  if (!form.sent.has(key)) return stored;
  const v = form.fields[key];
  if (typeof v !== 'string') return stored;
  const t = v.trim();
  return t === '' ? null : t;
}

/**
 * Resolves what a create (`existing` undefined) or an edit will store: the sent fields over the
 * stored ones, checked against the church's data (spec §5 and issue 11). Writes nothing but the
 * paid set-up's offering item and payment form (in the caller's transaction).
 *
 * @throws 400 naming activityId (missing, or not an event of the church), groupIDs (none, or a
 *   group of another church), registrationSlot, the cut-off fields, timeZone, amount (missing
 *   or not above 0 when paid), incomeAccountId / cashAccountId (missing when paid, or not such
 *   an account of the church), bankCode / accountNumber (giving's rules)
 */
async function resolveSave(
  ctx: TenantCtx,
  env: SetupEnv,
  form: SetupForm,
  existing: q.SetupRow | undefined,
): Promise<{ values: q.SetupValues; groupIds: string[] | null; eventName: string }> {
  const { tx, tenantId } = ctx;
  const f = form.fields;
  const church = await q.churchOf(tx, tenantId);

  const activityId = f.activityId ?? existing?.activity_id ?? null;
  if (!activityId) throw badRequest('activityId', 'choose the event');
  const activity = await q.findActivity(tx, tenantId, activityId);
  if (!activity) throw badRequest('activityId', 'is not an event of this church');

  let groupIds: string[] | null = null;
  if (form.sent.has('groupIDs')) groupIds = f.groupIDs ?? [];
  if (!existing && !groupIds) throw badRequest('groupIDs', 'choose at least one group');
  if (groupIds) {
    if (groupIds.length === 0) throw badRequest('groupIDs', 'choose at least one group');
    const known = await q.knownGroupIds(tx, tenantId, groupIds);
    if (groupIds.some((id) => !known.has(id))) throw badRequest('groupIDs', 'holds a group that is not of this church');
  }

  const zone = churchTimeZone(church.countryCode, f.timeZone?.trim() || undefined);
  const cutOff = (key: 'registrationCutOffTime' | 'checkInCutOffTime', stored: string | null) =>
    form.sent.has(key) ? cutOffInstant(f[key] ?? '', zone, key) : stored ? new Date(stored) : null;

  const isPaidFor = form.sent.has('isPaidFor') ? (f.isPaidFor ?? false) : (existing?.is_paid_for ?? false);
  let paid: Pick<
    q.SetupValues,
    | 'amountMinor'
    | 'currencyCode'
    | 'bankCode'
    | 'accountNumber'
    | 'accountName'
    | 'incomeAccountId'
    | 'cashAccountId'
    | 'paymentFormId'
  > = {
    amountMinor: existing?.amount_minor ? BigInt(existing.amount_minor) : null,
    currencyCode: existing?.currency_code ?? null,
    bankCode: existing?.bank_code ?? null,
    accountNumber: existing?.account_number ?? null,
    accountName: existing?.account_name ?? null,
    incomeAccountId: existing?.income_account_id ?? null,
    cashAccountId: existing?.cash_account_id ?? null,
    paymentFormId: existing?.payment_form_id ?? null,
  };
  // the paid fields are read only for a paid set-up; a free one keeps what it had (Free/Paid tabs)
  if (isPaidFor) {
    const currency = church.currencyCode;
    let amountMinor = paid.currencyCode === currency ? paid.amountMinor : null;
    if (form.sent.has('amount')) amountMinor = f.amount ? amountToMinor(f.amount, currency, 'amount') : null;
    if (amountMinor === null) throw badRequest('amount', 'enter the amount to pay (more than zero)');
    const idOf = (key: 'incomeAccountId' | 'cashAccountId', stored: string | null) =>
      form.sent.has(key) ? (f[key] ?? null) : stored;
    const incomeAccountId = idOf('incomeAccountId', paid.incomeAccountId);
    const cashAccountId = idOf('cashAccountId', paid.cashAccountId);
    if (!incomeAccountId) throw badRequest('incomeAccountId', 'choose the income account registration fees go to');
    if (!cashAccountId) throw badRequest('cashAccountId', 'choose the cash or bank account registration fees go to');
    await requireAccount(ctx, incomeAccountId, 'incomeAccountId', 'income');
    await requireAccount(ctx, cashAccountId, 'cashAccountId', 'cashBank');
    const accountNumber = text(form, 'accountNumber', paid.accountNumber);
    const itemName = text(form, 'contributionItemName', null) ?? activity.name;
    const formName = `Registration: ${activity.name.slice(0, 90)} (${usDate(activity.date)})`;
    const { formId } = await savePaymentForm(ctx, env.providers, env.origin, {
      formId: paid.paymentFormId,
      formName,
      itemName,
      incomeAccountId,
      cashAccountId,
      bankCode: text(form, 'bankCode', paid.bankCode),
      accountNumber,
      accountName: accountNumber ? text(form, 'accountName', paid.accountName) : null,
    });
    // the bank account as giving stored it (the bank's canonical code)
    const saved = await giving.findForm(tx, tenantId, formId);
    paid = {
      amountMinor,
      currencyCode: currency,
      bankCode: saved?.form.bankCode ?? null,
      accountNumber: saved?.form.accountNumber ?? null,
      accountName: saved?.form.accountName ?? null,
      incomeAccountId,
      cashAccountId,
      paymentFormId: formId,
    };
  }

  let bannerUrl = existing?.banner_url ?? null;
  if (form.banner) {
    const stored = await storeUpload(env.config, tenantId, form.banner, env.origin.replace(/\/+$/, ''));
    bannerUrl = stored.pictureUrl;
  }

  const values: q.SetupValues = {
    activityId: activity.id,
    bannerUrl,
    bannerName: text(form, 'bannerName', existing?.banner_name ?? null),
    details: text(form, 'details', existing?.details ?? null),
    registrationSlot: form.sent.has('registrationSlot')
      ? (f.registrationSlot ?? null)
      : (existing?.registration_slot ?? null),
    isPaidFor,
    ...paid,
    registrationSms: text(form, 'registrationSMS', existing?.registration_sms ?? null),
    registrationSmsSubject: text(form, 'registrationSMSSubject', existing?.registration_sms_subject ?? null),
    registrationEmail: text(form, 'registrationEmail', existing?.registration_email ?? null),
    registrationEmailSubject: text(form, 'registrationEmailSubject', existing?.registration_email_subject ?? null),
    checkinSms: text(form, 'checkinSMS', existing?.checkin_sms ?? null),
    checkinSmsSubject: text(form, 'checkInSMSSubject', existing?.checkin_sms_subject ?? null),
    checkinEmail: text(form, 'checkinEmail', existing?.checkin_email ?? null),
    checkinEmailSubject: text(form, 'checkinEmailSubject', existing?.checkin_email_subject ?? null),
    enableRegistration: form.sent.has('enableRegistration')
      ? (f.enableRegistration ?? true)
      : (existing?.enable_registration ?? true),
    registrationCutOffTime: cutOff('registrationCutOffTime', existing?.registration_cut_off_time ?? null),
    checkInCutOffTime: cutOff('checkInCutOffTime', existing?.check_in_cut_off_time ?? null),
  };
  return { values, groupIds, eventName: activity.name };
}

function toResult(row: q.SetupRow): TAttendanceSetupResult {
  const { groupID, fullGroupName } = groupsOf(row);
  return {
    id: row.id,
    attendanceCode: row.attendance_code,
    eventID: row.activity_id,
    fullEventName: row.event_name,
    eventDate: eventDay(row.event_date),
    groupID,
    fullGroupName,
    paymentFormId: row.payment_form_id,
  };
}

/**
 * Inserts a set-up of the church with a new random attendance code: a code another set-up has
 * (the global unique index) is drawn again, up to 10 times. Answers the set-up's id; throws when
 * no draw was free (with 31^10 codes, practically never).
 */
export async function insertSetupWithNewCode(
  tx: TenantCtx['tx'],
  tenantId: string,
  values: q.SetupValues,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const id = await q.insertSetup(tx, tenantId, randomAttendanceCode(), values);
    if (id) return id;
  }
  throw new Error('insertSetupWithNewCode: no free attendance code in 10 draws');
}

/**
 * POST api/CheckInAttendance/CreateAttendanceCheckIn (spec 2.9, §3, §5): creates the set-up with
 * a new random attendance code (unique by the global unique index; a taken code is drawn again),
 * its groups, its banner, and for a paid set-up its offering item and payment form, all in the
 * caller's transaction. Answers the created set-up (`checkInAttendanceResult[0]`). Throws as
 * resolveSave.
 */
export async function createSetup(ctx: TenantCtx, env: SetupEnv, form: SetupForm): Promise<TAttendanceSetupResult> {
  const { values, groupIds } = await resolveSave(ctx, env, form, undefined);
  const id = await insertSetupWithNewCode(ctx.tx, ctx.tenantId, values);
  await q.setGroups(ctx.tx, ctx.tenantId, id, groupIds!);
  return toResult((await q.findSetup(ctx.tx, ctx.tenantId, id))!);
}

/**
 * PUT /api/CheckInAttendance/EditAttendanceCheckIn (spec 2.9, §4): the multipart body plus `Id`;
 * fields not sent keep their stored values, groupIDs sent replace the groups. Answers the saved
 * set-up. Throws 400 naming Id when it is missing, 404 for an id of no set-up of the church (or
 * a deleted one), and as resolveSave.
 */
export async function editSetup(ctx: TenantCtx, env: SetupEnv, form: SetupForm): Promise<TAttendanceSetupResult> {
  const id = form.fields.id;
  if (!id) throw badRequest('Id', 'is required: the attendance to edit');
  const existing = await q.findSetup(ctx.tx, ctx.tenantId, id, { lock: true });
  if (!existing) throw notFound('Attendance');
  const { values, groupIds } = await resolveSave(ctx, env, form, existing);
  await q.updateSetup(ctx.tx, ctx.tenantId, existing.id, values);
  if (groupIds) await q.setGroups(ctx.tx, ctx.tenantId, existing.id, groupIds);
  return toResult((await q.findSetup(ctx.tx, ctx.tenantId, existing.id))!);
}
