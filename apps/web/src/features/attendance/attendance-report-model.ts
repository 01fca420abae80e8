import { CHECKED_IN_OPTIONS } from '@steward/contracts/attendance-marking';
import { CONTROL } from '@steward/contracts/custom-fields';
import { formatMoney } from '@steward/money/format';
import { currencyDecimals } from '@steward/money/currency';
import { parseAmount } from '@steward/money/parse';

/*
 * Pure rules of the attendance report / marking page (issue 11 'Admin', third bullet;
 * existing-client-api §4.1 AttendanceReport, MarkAttendance): who is shown under which filter,
 * the counts, the offering totals per item, the head-count rows and the channel names.
 * Structural types: any answer carrying the spec's field names fits.
 */

/** One person of the report, as `peopoleAttendancesDTOs[]` carries them (the fields read here). */
export interface ReportPersonLike {
  id: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  isPresent: boolean;
  isRegistered: boolean;
  isCheckedOut: boolean;
  /** the registration (issue 12); a 'pending_payment' hold cannot be marked until it is paid */
  registration?: { status: string } | null;
}

/** The presence filter of the people table: everyone, those present, those not (yet) present. */
export type PresenceFilter = 'all' | 'present' | 'absent';

/**
 * The people shown for a search text and a presence filter. The text matches the name or the
 * e-mail (case-insensitive), or the phone by its digits (3 or more typed digits, leading zeros
 * dropped so that '0803…' finds '+234803…').
 */
export function filterPeople<T extends ReportPersonLike>(
  people: readonly T[],
  search: string,
  presence: PresenceFilter,
): T[] {
  const text = search.trim().toLowerCase();
  // a national number's trunk 0 ('0803…') is not part of the international form ('+234803…')
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return people.filter((p) => {
    if (presence === 'present' && !p.isPresent) return false;
    if (presence === 'absent' && p.isPresent) return false;
    if (!text) return true;
    if (p.name.toLowerCase().includes(text)) return true;
    if ((p.email ?? '').toLowerCase().includes(text)) return true;
    return digits.length >= 3 && (p.phone ?? '').replace(/\D/g, '').includes(digits);
  });
}

/** The figures above the table: everyone listed, registered, present, checked out, absent. */
export interface AttendanceCounts {
  total: number;
  registered: number;
  present: number;
  checkedOut: number;
  absent: number;
}

/** Counts the people of the report (absent = listed but not present). */
export function attendanceCounts(people: readonly ReportPersonLike[]): AttendanceCounts {
  let registered = 0;
  let present = 0;
  let checkedOut = 0;
  for (const p of people) {
    if (p.isRegistered) registered += 1;
    if (p.isPresent) present += 1;
    if (p.isCheckedOut) checkedOut += 1;
  }
  return { total: people.length, registered, present, checkedOut, absent: people.length - present };
}

/**
 * Which row action a person gets: mark present, check out, or none (already checked out, or
 * only holding a place while their registration's payment is pending).
 */
export function nextAction(
  p: Pick<ReportPersonLike, 'isPresent' | 'isCheckedOut' | 'registration'>,
): 'mark' | 'checkout' | null {
  if (!p.isPresent && p.registration?.status === 'pending_payment') return null;
  if (!p.isPresent) return 'mark';
  if (!p.isCheckedOut) return 'checkout';
  return null;
}

/**
 * The record ids a bulk action applies to: 'mark all present' takes those not present,
 * 'check out all' those present and not checked out (of the rows given, e.g. the selection).
 */
export function bulkTargets<T extends ReportPersonLike>(people: readonly T[], action: 'mark' | 'checkout'): T[] {
  return people.filter((p) => nextAction(p) === action);
}

/**
 * The check-in channel as the table shows it: the report's `checkedinOption` text when set, else
 * the channel number named by CHECKED_IN_OPTIONS (0 Admin, 1 Web, 2 Child check-in, 3 Family
 * portal; attendance_records.check_in_channel). Nothing known gives '—'.
 */
export function channelLabel(option: string | null | undefined, channel?: number | null): string {
  const text = option?.trim();
  if (text) return text;
  if (channel !== null && channel !== undefined) return CHECKED_IN_OPTIONS[channel] ?? '—';
  return '—';
}

/**
 * Reads the answer of revealParentNumber (existing-client-api §7(b) 5): digits, optionally
 * '+'-prefixed (spaces and dashes allowed), are a phone number; any other text is a message
 * to show.
 */
export function readRevealAnswer(answer: string): { phone: string } | { message: string } {
  const value = answer.trim();
  return /^\+?[\d\s-]{3,}$/.test(value) && /\d/.test(value) ? { phone: value } : { message: value };
}

/** One line of the event's offerings (`offerings[]` of the report): amount in major units. */
export interface OfferingLike {
  financialContributionID: string;
  amount: number;
  /** the offering item's name (Steward's report carries it) */
  name?: string;
}

/**
 * A decimal amount in minor units of `currency`, exactly; a converted figure with more decimals
 * than the currency has is rounded to the nearest minor unit (a display fallback).
 */
function toMinor(amount: number, currency: string): bigint {
  try {
    return parseAmount(amount, currency, { allowNegative: true });
  } catch {
    const scale = 10 ** currencyDecimals(currency);
    return BigInt(Math.sign(amount) * Math.round(Math.abs(amount) * scale));
  }
}

/** One offering item's total for the event: its name, the total in minor units and as text. */
export interface OfferingTotal {
  itemId: string;
  name: string;
  minor: bigint;
  text: string;
}

/**
 * The event's offerings summed per offering item, exactly (minor units of `currency`, the
 * church's ISO 4217 code), in the order the items first appear, named by the line's `name`
 * ('Offering item' when it has none). Returns the rows and the grand total (minor and text).
 */
export function offeringTotals(
  offerings: readonly OfferingLike[],
  currency: string,
): { rows: OfferingTotal[]; total: string; totalMinor: bigint } {
  const byItem = new Map<string, { name: string; minor: bigint }>();
  for (const o of offerings) {
    const minor = toMinor(o.amount, currency);
    const seen = byItem.get(o.financialContributionID);
    if (seen) seen.minor += minor;
    else byItem.set(o.financialContributionID, { name: o.name?.trim() || 'Offering item', minor });
  }
  let totalMinor = 0n;
  const rows = [...byItem].map(([itemId, { name, minor }]) => {
    totalMinor += minor;
    return { itemId, name, minor, text: formatMoney(minor, currency) };
  });
  return { rows, total: formatMoney(totalMinor, currency), totalMinor };
}

/** A saved head count (`attendances[]` of the report). */
export interface HeadcountLike {
  attendanceTypeID: number | string;
  number: number;
}

/** One attendance type with its saved number (0 when none was saved). */
export interface HeadcountRow {
  attendanceTypeID: number | string;
  name: string;
  number: number;
}

/**
 * The head-count rows: every attendance type of GetAttendanceType in its order, with the
 * number saved for it; saved numbers of a type the list no longer holds are kept at the end.
 */
export function headcountRows(
  types: readonly { id: number | string; name: string }[],
  saved: readonly HeadcountLike[],
): HeadcountRow[] {
  const numbers = new Map(saved.map((a) => [String(a.attendanceTypeID), a.number]));
  const rows: HeadcountRow[] = types.map((t) => ({
    attendanceTypeID: t.id,
    name: t.name,
    number: numbers.get(String(t.id)) ?? 0,
  }));
  for (const a of saved) {
    if (!types.some((t) => String(t.id) === String(a.attendanceTypeID)))
      rows.push({ attendanceTypeID: a.attendanceTypeID, name: `Type ${a.attendanceTypeID}`, number: a.number });
  }
  return rows;
}

/** The total of the head counts. */
export function headcountTotal(rows: readonly { number: number }[]): number {
  return rows.reduce((sum, r) => sum + (Number.isFinite(r.number) ? r.number : 0), 0);
}

/** A custom field answer as the report's form holds it, by control type. */
export type CustomFieldFormValue = string | string[] | boolean | number | null;

/**
 * A stored custom field answer (`data`, text) as its input takes it (control types of
 * contracts CONTROL): CheckBox → boolean ('true'), Number → number (null when not a number),
 * MultiSelectDropdownList → the comma-joined options as a list, any other → the text.
 */
export function customDataToForm(controlType: number, data: string | null | undefined): CustomFieldFormValue {
  const text = data ?? '';
  switch (controlType) {
    case CONTROL.CheckBox:
      return text.trim().toLowerCase() === 'true';
    case CONTROL.Number: {
      const n = Number(text.trim());
      return text.trim() === '' || !Number.isFinite(n) ? null : n;
    }
    case CONTROL.MultiSelectDropdownList:
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/**
 * The input's value back as the stored text (`data` of customAttributeData): booleans as
 * 'true'/'false', numbers as their text, lists comma-joined, empties as ''.
 */
export function customFormToData(value: CustomFieldFormValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (Array.isArray(value)) return value.join(',');
  return value.trim();
}
