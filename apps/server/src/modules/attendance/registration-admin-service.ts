import ExcelJS from 'exceljs';
import { minorToNumber } from '@steward/money/parse';
import { REGISTRATION_PAYMENT_LABELS, type TRegistrationPaymentState } from '@steward/contracts/attendance-marking';
import {
  REGISTRATION_EXPORT_COLUMNS,
  REGISTRATION_SETUPS_PAGE_SIZE,
  type TRegistrationSetupList,
  type TRegistrationSetupRow,
} from '@steward/contracts/event-registration-admin';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { churchTimeZone } from './setup-form.ts';
import * as q from './registration-admin-queries.ts';

/*
 * The church's side of event registration (issue 12 'Admin'): the list of set-ups that take
 * registration and the registrations' xlsx export. The report's registration columns are in
 * marking-queries.ts (roster).
 */

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function toRow(r: q.RegistrationSetupDbRow, origin: string): TRegistrationSetupRow {
  const placesLeft = r.slot === null ? null : Math.max(0, r.slot - r.places_taken);
  return {
    id: r.id,
    eventId: r.event_id,
    eventName: r.event_name,
    eventDate: r.event_date,
    attendanceCode: r.attendance_code,
    registrationLink: `${origin.replace(/\/+$/, '')}/event/${r.attendance_code}`,
    slot: r.slot,
    placesTaken: r.places_taken,
    registeredCount: r.registered_count,
    placesLeft,
    isPaidFor: r.is_paid_for,
    amount: r.is_paid_for && r.amount_minor !== null ? minorToNumber(BigInt(r.amount_minor), r.currency_code) : null,
    currency: r.currency_code,
    registrationCutOffTime: r.cut_off ? new Date(r.cut_off).toISOString() : null,
    status: r.is_closed ? 'closed' : placesLeft === 0 ? 'full' : 'open',
  };
}

/**
 * GET /api/EventRegistration/Setups?page=N&searchText= (issue 12 'Admin'): the church's set-ups
 * that take registration (enabled, not deleted), REGISTRATION_SETUPS_PAGE_SIZE a page, newest
 * event first, with places taken / left and registered counted in SQL. `origin` is the public
 * site's (PUBLIC_URL, else the request's) for `registrationLink`. `{data, totalItems}`.
 */
export async function listRegistrationSetups(
  ctx: TenantCtx,
  page: number,
  searchText: string | undefined,
  origin: string,
): Promise<TRegistrationSetupList> {
  const { rows, total } = await q.listRegistrationSetups(
    ctx.tx,
    ctx.tenantId,
    searchText ? likePattern(searchText) : null,
    REGISTRATION_SETUPS_PAGE_SIZE,
    (page - 1) * REGISTRATION_SETUPS_PAGE_SIZE,
  );
  return { data: rows.map((r) => toRow(r, origin)), totalItems: total };
}

/**
 * A text cell a spreadsheet would run as a formula (leading =, +, -, @, tab or CR: OWASP's
 * list) gets a leading apostrophe, so it opens as text (as the finance export does).
 */
const defused = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** `instant` as the church's wall time, in a Date whose UTC fields are that wall time (what xlsx stores). */
function wallTime(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return new Date(Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!));
}

/** The file name of an export: the event's name (letters, digits, '-') and date. */
function fileName(eventName: string, eventDate: string): string {
  const base = eventName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'event';
  return `registrations-${base}-${eventDate}.xlsx`;
}

/**
 * GET /api/EventRegistration/Export?id= (issue 12 'Admin': registrations export to xlsx): one
 * sheet 'Registrations', a bold header row REGISTRATION_EXPORT_COLUMNS then one column per
 * registration question (custom fields of entity 4, by their order), one row per registration
 * (registered, or pending payment while its hold lasts; wards right after their registrant, with
 * 'Registered By'). Status 'Registered' / 'Pending payment'; Paid is the report's payment state;
 * Amount a number in the currency's decimals (the payment on the payer's row, the fee due when
 * unpaid, empty when free or covered by the registrant's payment); Registered At the church's
 * wall time. Text cells are defused against formula injection.
 * @returns the bytes, the MIME type and the file name
 * @throws 404 'Attendance' for a set-up that is missing, deleted or another church's
 */
export async function exportRegistrations(ctx: TenantCtx, id: string) {
  const setup = await q.findExportSetup(ctx.tx, ctx.tenantId, id);
  if (!setup) throw notFound('Attendance');
  const questions = await q.registrationQuestions(ctx.tx, ctx.tenantId);
  const rows = await q.exportRows(ctx.tx, ctx.tenantId, setup.id);
  const zone = churchTimeZone(setup.country_code, undefined);

  const wb = new ExcelJS.Workbook();
  wb.creator = 'Steward';
  const ws = wb.addWorksheet('Registrations');
  ws.addRow([...REGISTRATION_EXPORT_COLUMNS, ...questions.map((f) => defused(f.label))]).font = { bold: true };
  for (const r of rows) {
    const state = r.payment_state as TRegistrationPaymentState;
    ws.addRow([
      defused(`${r.first_name} ${r.last_name}`.trim()),
      defused(r.mobile_phone ?? ''),
      defused(r.email ?? ''),
      defused(r.registered_by_name ?? ''),
      r.status === 'pending_payment' ? 'Pending payment' : 'Registered',
      REGISTRATION_PAYMENT_LABELS[state] ?? state,
      r.amount_minor === null ? null : minorToNumber(BigInt(r.amount_minor), r.currency_code),
      wallTime(new Date(r.registered_at), zone),
      ...questions.map((f) => defused(r.answers[f.id] ?? '')),
    ]);
  }
  ws.getColumn(7).numFmt = '#,##0.00';
  ws.getColumn(8).numFmt = 'mm/dd/yyyy hh:mm';
  ws.columns.forEach((c, i) => (c.width = [26, 16, 28, 24, 16, 16, 12, 18][i] ?? 24));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return {
    body,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name: fileName(setup.event_name, setup.event_date),
  };
}
