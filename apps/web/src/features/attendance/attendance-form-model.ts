import {
  BANNER_FIELD,
  type TAttendanceSetupDetail,
  type TAttendanceSetupField,
} from '@steward/contracts/attendance-setup';
import type { TEventActivity } from '@steward/contracts/events';
import dayjs, { type Dayjs } from 'dayjs';
import { isoDatePart } from '../../components/dates.ts';

/*
 * The pure rules of Add Attendance (giving-attendance spec 2.9, §3-§5; existing-client-api §4.1):
 * the values the screen holds, the multipart body it sends, when 'Save and Continue' is enabled,
 * the edit screen's prefill and the short labels of §5.
 */

/** The text panes of the SMS, Email and Cut-off tabs, as the multipart body names them. */
export const MESSAGE_FIELDS = [
  'checkinSMS',
  'checkInSMSSubject',
  'registrationSMS',
  'registrationSMSSubject',
  'checkinEmail',
  'checkinEmailSubject',
  'registrationEmail',
  'registrationEmailSubject',
] as const satisfies readonly TAttendanceSetupField[];
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/** The fields of the antd form (the event and the banner file are held beside it). */
export interface AttendanceFormValues extends Record<MessageField, string> {
  /** the chosen groups' ids (a parent is in it when it and all its sub-groups are chosen) */
  groupIds: string[];
  bannerName: string;
  details: string;
  /** places offered for registration; null: no limit */
  registrationSlot: number | null;
  /** the Free / Paid tabs */
  isPaidFor: boolean;
  /** the fee in major units of the church currency, as typed ('2500.50'); null when empty */
  amount: string | null;
  bankCode: string | null;
  accountNumber: string;
  /** read only: filled by the account check */
  accountName: string;
  incomeAccountId: string | null;
  cashAccountId: string | null;
  checkInCutOffTime: Dayjs | null;
  registrationCutOffTime: Dayjs | null;
}

/** A chosen group as groupIDs carries it. */
export interface ChosenGroup {
  id: string;
  name: string;
}

/** The blank form of a new set-up: Free, no groups, no texts. */
export function emptyValues(): AttendanceFormValues {
  return {
    groupIds: [],
    bannerName: '',
    details: '',
    registrationSlot: null,
    isPaidFor: false,
    amount: null,
    bankCode: null,
    accountNumber: '',
    accountName: '',
    incomeAccountId: null,
    cashAccountId: null,
    checkinSMS: '',
    checkInSMSSubject: '',
    registrationSMS: '',
    registrationSMSSubject: '',
    checkinEmail: '',
    checkinEmailSubject: '',
    registrationEmail: '',
    registrationEmailSubject: '',
    checkInCutOffTime: null,
    registrationCutOffTime: null,
  };
}

/**
 * Spec §5: 'Save and Continue' is disabled unless an event with an id and a name is chosen and
 * at least one group.
 */
export function canSave(event: TEventActivity | null, groupIds: readonly string[]): boolean {
  return Boolean(event?.activityID && event.name.trim()) && groupIds.length > 0;
}

/** An API date ('2026-05-03', '2026-05-03T00:00:00') as the client sends activityDate: 'M-D-YYYY', unpadded. */
export function usDashDate(value: string | null | undefined): string {
  const iso = isoDatePart(value);
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${Number(m)}-${Number(d)}-${y}`;
}

/** A cut-off as datetime-local writes it (existing-client-api §7c): 'YYYY-MM-DDTHH:mm', wall time. */
export function cutOffText(value: Dayjs | null | undefined): string {
  return value ? value.format('YYYY-MM-DDTHH:mm') : '';
}

/** The browser's IANA time zone ('Africa/Lagos'), which the cut-offs are typed in; '' when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

interface BodyInput {
  values: AttendanceFormValues;
  event: TEventActivity;
  groups: readonly ChosenGroup[];
  banner: File | null;
  /** the set-up's id when editing (sent as `Id`) */
  id?: string;
  timeZone?: string;
}

/**
 * The multipart body of CreateAttendanceCheckIn / EditAttendanceCheckIn (existing-client-api
 * §4.1; contracts ATTENDANCE_SETUP_FIELDS): activityId, activityDate 'M-D-YYYY', groupIDs (JSON of
 * `{id, name}`), enableRegistration 'true', isPaidFor, the banner file and its name, details,
 * registrationSlot, the SMS and e-mail texts with their sender IDs / subjects, the cut-offs
 * 'YYYY-MM-DDTHH:mm' with the browser's `timeZone`, and when Paid: amount (major units),
 * bankCode, accountNumber, accountName, incomeAccountId, cashAccountId and
 * contributionItemName (the event's name).
 *
 * Creating sends each field only when set, as the existing client does. Editing (`id` given)
 * also sends the emptied optional fields as '' so that a text removed on screen is removed on
 * the server (a field not sent keeps its stored value); the paid fields go only under Paid.
 */
export function toSetupFormData({ values, event, groups, banner, id, timeZone }: BodyInput): FormData {
  const form = new FormData();
  const editing = id !== undefined;
  const put = (name: TAttendanceSetupField | 'Id', value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text !== '' || editing) form.append(name, text);
  };
  if (id !== undefined) form.append('Id', id);
  form.append('activityId', event.activityID);
  const activityDate = usDashDate(event.date);
  if (activityDate) form.append('activityDate', activityDate);
  form.append('groupIDs', JSON.stringify(groups.map((g) => ({ id: g.id, name: g.name }))));
  form.append('enableRegistration', 'true');
  form.append('isPaidFor', values.isPaidFor ? 'true' : 'false');
  if (banner) form.append(BANNER_FIELD, banner, banner.name);
  put('bannerName', values.bannerName);
  put('details', values.details);
  put('registrationSlot', values.registrationSlot);
  for (const field of MESSAGE_FIELDS) put(field, values[field]);
  put('checkInCutOffTime', cutOffText(values.checkInCutOffTime));
  put('registrationCutOffTime', cutOffText(values.registrationCutOffTime));
  if (timeZone) form.append('timeZone', timeZone);
  if (values.isPaidFor) {
    put('amount', values.amount);
    put('bankCode', values.bankCode);
    put('accountNumber', values.accountNumber.replace(/\s+/g, ''));
    put('accountName', values.accountName);
    put('incomeAccountId', values.incomeAccountId);
    put('cashAccountId', values.cashAccountId);
    put('contributionItemName', event.name);
  }
  return form;
}

/** An ISO instant from the server as the local date-time the pickers show; null when absent or unreadable. */
function toLocal(value: string | null): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** The edit screen's values from GetSingleAttendanceCheckIn's `attendanceItem` (spec 2.9 edit). */
export function valuesFromDetail(d: TAttendanceSetupDetail): AttendanceFormValues {
  return {
    groupIds: d.groups.map((g) => g.id),
    bannerName: d.bannerName ?? '',
    details: d.details ?? '',
    registrationSlot: d.registrationSlot,
    isPaidFor: d.isPaidFor,
    amount: d.amount === null ? null : String(d.amount),
    bankCode: d.bankCode,
    accountNumber: d.accountNumber ?? '',
    accountName: d.accountName ?? '',
    incomeAccountId: d.incomeAccountId,
    cashAccountId: d.cashAccountId,
    checkinSMS: d.checkinSMS ?? '',
    checkInSMSSubject: d.checkInSMSSubject ?? '',
    registrationSMS: d.registrationSMS ?? '',
    registrationSMSSubject: d.registrationSMSSubject ?? '',
    checkinEmail: d.checkinEmail ?? '',
    checkinEmailSubject: d.checkinEmailSubject ?? '',
    registrationEmail: d.registrationEmail ?? '',
    registrationEmailSubject: d.registrationEmailSubject ?? '',
    checkInCutOffTime: toLocal(d.checkInCutOffTime),
    registrationCutOffTime: toLocal(d.registrationCutOffTime),
  };
}

/** The set-up's event as the event picker holds it. */
export function eventFromDetail(d: TAttendanceSetupDetail): TEventActivity {
  return { activityID: d.activityId, name: d.fullEventName, date: isoDatePart(d.eventDate) ?? d.eventDate };
}

/**
 * What the group field shows (spec 2.9: up to two group names): 'Choir', 'Choir, Youth',
 * 'Choir, Youth +3 more'; '' when none.
 */
export function groupSummary(names: readonly string[]): string {
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} +${names.length - 2} more`;
}

/** Spec §5: a bank name longer than 27 characters shows its first 27 and an ellipsis. */
export function shortBankName(name: string): string {
  return name.length > 27 ? `${name.slice(0, 27)}…` : name;
}

/** Spec §5: a currency label longer than 15 characters is cut to 15. */
export function shortCurrencyLabel(label: string): string {
  return label.slice(0, 15);
}
