import type { TMarkAttendanceRequest, TPhoneMatch } from '@steward/contracts/attendance-public';
import type { TCustomField } from '@steward/contracts/custom-fields';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { answerOf, fieldError, kindOf, type FieldValue } from './custom-field-input.tsx';
import { EMAIL_PATTERN, MONTHS } from '../../components/public-page/choices.ts';
import { CHECKIN_TEXT as T } from './texts.ts';

/*
 * The rules of the check-in form without its markup (spec 2.11, §5, §8): what is typed, its
 * checks, the submission's body as the existing client builds it, and the notices of failures.
 */

/** The digits of a phone as typed. */
export const digitsOf = (v: string) => v.replace(/\D/g, '');

/** True when the number is complete enough to search (spec §5: 11 characters; and 11 digits). */
export const phoneComplete = (v: string) => v.trim().length >= 11 && digitsOf(v).length >= 11;

/** What the visitor typed or chose on the form. */
export interface Details {
  name: string;
  email: string;
  /** '1'-'31' or '' */
  day: string;
  /** '1'-'12' or '' */
  month: string;
  /** groups to join (ids) */
  groups: string[];
  answers: Record<string, FieldValue>;
}
export const EMPTY_DETAILS: Details = { name: '', email: '', day: '', month: '', groups: [], answers: {} };

/** Errors by field: name, email, birthday, or `f:{custom field id}`. */
export type Errors = Partial<Record<'name' | 'email' | 'birthday' | `f:${string}`, string>>;

/** A notice of the page. */
export interface Alert {
  kind: 'error' | 'warning';
  title: string;
  text: string;
}

/** A found person: a match with a person id. */
export type FoundPerson = TPhoneMatch & { personId: string };

/** What of a found person is locked (shown masked, not typed). */
export function lockedOf(person: FoundPerson | null) {
  return {
    name: person !== null,
    email: person !== null && person.email !== '',
    birthday: person !== null && person.hasBirthday,
  };
}

/** The days of a month (29 for February: a birthday has no year). */
export const daysIn = (month: number) => new Date(Date.UTC(2024, month, 0)).getUTCDate();

/** The errors of the form before it is sent: the e-mail, the birthday's day, the custom answers. */
export function validate(details: Details, person: FoundPerson | null, fields: TCustomField[]): Errors {
  const locked = lockedOf(person);
  const e: Errors = {};
  if (!locked.email && details.email.trim() !== '' && !EMAIL_PATTERN.test(details.email.trim()))
    e.email = T.emailInvalid;
  if (!locked.birthday && details.day && details.month && Number(details.day) > daysIn(Number(details.month)))
    e.birthday = `${MONTHS[Number(details.month) - 1]} has ${daysIn(Number(details.month))} days`;
  for (const f of fields) {
    const err = fieldError(f, details.answers[f.id]);
    if (err) e[`f:${f.id}`] = err;
  }
  return e;
}

/** The custom fields whose answers are sent (a file cannot be sent from this page). */
export const sentFields = (fields: TCustomField[]) => fields.filter((f) => kindOf(f.controlType) !== 'file');

/**
 * The POST /MarkAttendance body, as the existing client builds it (existing-client-api §4.2): a
 * found person by `personId` (e-mail only when the person has none on record: spec §5), a new
 * one by `firstName` (the name as typed); the birthday unless one is on record; the groups to
 * join; an answer (or null) for each custom field but files.
 */
export function submission(
  details: Details,
  person: FoundPerson | null,
  phone: string,
  attendanceCode: string,
  fields: TCustomField[],
): TMarkAttendanceRequest {
  const locked = lockedOf(person);
  const birthday = locked.birthday
    ? { monthOfBirth: null, dayOfBirth: null }
    : {
        monthOfBirth: details.month ? Number(details.month) : null,
        dayOfBirth: details.day ? Number(details.day) : null,
      };
  const peopleInGroups = details.groups.map((g) => ({ id: g }));
  return {
    person: person
      ? {
          personId: person.personId,
          mobilePhone: phone.trim(),
          // spec §5: the address and e-mail only when the person has none on record
          homeAddress: '',
          email: locked.email ? '' : details.email.trim(),
          peopleInGroups,
          ...birthday,
        }
      : {
          firstName: details.name.trim(),
          email: details.email.trim(),
          homeAddress: '',
          mobilePhone: phone.trim(),
          peopleInGroups,
          ...birthday,
        },
    attendanceCode,
    customAttributeData: sentFields(fields).map((f) => ({
      customAttributeID: f.id,
      data: answerOf(f, details.answers[f.id]),
      entityID: person?.personId ?? null,
    })),
  };
}

/** True when the server refused because the event closed meanwhile (spec §8's closed text). */
export function isClosedError(err: unknown): boolean {
  return err instanceof HttpError && err.status === 400 && err.fieldErrors.some((f) => f.message === T.closed);
}

/** The notice of a failed search (spec §8 'Check-in search'). */
export function searchAlert(err: unknown): Alert {
  if (err instanceof NetworkError) return { kind: 'error', title: T.errorTitle, text: T.searchNetwork };
  if (err instanceof TimeoutError) return { kind: 'error', title: T.errorTitle, text: T.searchTimeout };
  if (err instanceof HttpError && err.status === 429 && err.serverMessage)
    return { kind: 'warning', title: T.searchOtherTitle, text: err.serverMessage };
  return { kind: 'warning', title: T.searchOtherTitle, text: T.searchOther };
}

/**
 * A failed submission (spec §8 'Check-in submit | failure': 'Checkin Error - Member Checkin
 * failed'): the errors the server named by field (custom answers by their place in the body),
 * and the notice, with the reason when it is not a field's (network, timeout, gone, limited).
 */
export function submitFailure(err: unknown, fields: TCustomField[]): { errors: Errors; alert: Alert } {
  const sent = sentFields(fields);
  const errors: Errors = {};
  let detail: string | null = null;
  if (err instanceof HttpError) {
    for (const fe of err.fieldErrors) {
      const m = /^customAttributeData\.(\d+)\.data$/.exec(fe.field);
      const f = m ? sent[Number(m[1])] : undefined;
      if (f) errors[`f:${f.id}`] = fe.message;
      else if (fe.field === 'person.email') errors.email = fe.message;
      else if (fe.field === 'person.firstName') errors.name = fe.message;
      else if (fe.field === 'person.dayOfBirth' || fe.field === 'person.monthOfBirth') errors.birthday = fe.message;
      else detail = fe.message;
    }
    if (err.status === 404) detail = T.notFoundEvent;
    else if (err.status === 429 && err.serverMessage) detail = err.serverMessage;
  } else if (err instanceof NetworkError) detail = T.searchNetwork;
  else if (err instanceof TimeoutError) detail = T.searchTimeout;
  return {
    errors,
    alert: { kind: 'error', title: T.errorTitle, text: detail ? `${T.submitFailed}. ${detail}` : T.submitFailed },
  };
}
