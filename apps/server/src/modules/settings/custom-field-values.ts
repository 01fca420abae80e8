import { CONTROL } from '@steward/contracts/custom-fields';
import { badRequest } from '../../lib/errors.ts';

/**
 * Custom field answers (spec §3 'Custom field', §5): how a filled-in value is checked and
 * normalised, and how the public pages read control types.
 *
 * Control-type readings (spec §3). Steward stores the setup screen's codes:
 *   0 Text, 1 DropdownList, 2 CheckBox, 3 DateTime, 4 Email, 5 Image, 6 Number,
 *   11 MultiSelectDropdownList (existing-client-api §6.4).
 * The public pages of the existing client read the codes differently:
 *   - check-in page:      0 text, 1 dropdown, 2 checkbox, 3 date, 4 email, 6 file, 7 number;
 *   - registration page:  0 text, 1 dropdown, 2 checkbox, 3 datetime, 4 email, 5 file, 6 number.
 * They disagree on file and number: the check-in page would show a stored Number (6) as a file
 * input. publicControlKind gives, for a stored code, the kind to render and the code that page
 * reads as that kind, so the public routes (issues 11 and 12) can answer each page the code it
 * understands.
 */

/** What a public page renders for a field. */
export type ControlKind = 'text' | 'dropdown' | 'checkbox' | 'date' | 'email' | 'file' | 'number' | 'multiselect';

/** The kind of each stored control type (the setup screen's reading). */
const KIND_OF_STORED: Record<number, ControlKind> = {
  [CONTROL.Text]: 'text',
  [CONTROL.DropdownList]: 'dropdown',
  [CONTROL.CheckBox]: 'checkbox',
  [CONTROL.DateTime]: 'date',
  [CONTROL.Email]: 'email',
  [CONTROL.Image]: 'file',
  [CONTROL.Number]: 'number',
  [CONTROL.MultiSelectDropdownList]: 'multiselect',
};

/** The code each public page reads as each kind (spec §3). */
const PAGE_CODE: Record<'checkin' | 'registration', Record<ControlKind, number>> = {
  checkin: { text: 0, dropdown: 1, checkbox: 2, date: 3, email: 4, file: 6, number: 7, multiselect: 11 },
  registration: { text: 0, dropdown: 1, checkbox: 2, date: 3, email: 4, file: 5, number: 6, multiselect: 11 },
};

/**
 * Maps a stored control type to what a public page renders: `kind` (what the field is) and
 * `code` (the controlType number that page's reading renders as that kind: on 'checkin' an
 * Image 5 is sent as 6 and a Number 6 as 7; on 'registration' codes are unchanged). Neither
 * old page reads the multi-select (11): it keeps 11 and our pages render a multi-select.
 * An unknown stored code renders as text (code 0).
 */
export function publicControlKind(
  controlType: number,
  page: 'checkin' | 'registration',
): { kind: ControlKind; code: number } {
  const kind = KIND_OF_STORED[controlType] ?? 'text';
  return { kind, code: PAGE_CODE[page][kind] };
}

/** Whether a stored control type takes a list of options (dropdown or multi-select). */
export function takesOptions(controlType: number): boolean {
  return controlType === CONTROL.DropdownList || controlType === CONTROL.MultiSelectDropdownList;
}

/**
 * Normalises a comma-joined option list: each option trimmed, empty ones dropped, duplicates
 * (case-insensitive) removed keeping the first spelling; answers the list.
 */
export function splitOptions(raw: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const o = part.trim();
    const key = o.toLowerCase();
    if (o === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(o);
  }
  return out;
}

/** Text answers: at most this many characters. */
export const MAX_TEXT = 1000;

/**
 * A simple e-mail check (not RFC 5322): one '@', no spaces, a dot in the domain with
 * something either side, at most 254 characters.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function isCalendarDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * Checks and normalises one answer `data` to `field` (spec §3, §5); answers the string to
 * store. A blank answer (only spaces) is stored as '' for every type (fields are optional).
 * - Text (0): trimmed, at most 1000 characters.
 * - DropdownList (1): one of the field's options, case-insensitive, stored in the option's spelling.
 * - CheckBox (2): 'true'/'false', also 'on'/'1' and 'off'/'0'; stored 'true' or 'false'.
 * - DateTime (3): 'YYYY-MM-DD' (the client's format) or an ISO date-time
 *   ('YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±hh:mm]') of a real calendar date; stored as given (trimmed).
 * - Email (4): the simple check above; stored trimmed.
 * - Image (5): an uploaded file's URL path (starting /api/Media/File/) or an http(s) URL.
 * - Number (6): a finite decimal ('12', '-3.5', '.5'); stored trimmed.
 * - MultiSelectDropdownList (11): a comma-joined subset of the options, each stored in the
 *   option's spelling, duplicates dropped, joined with ','.
 * Throws badRequest(path, reason) for anything else, `path` being the request field (e.g.
 * 'customAttributeData.0.data').
 */
export function validateCustomFieldValue(
  field: { controlType: number; parameterValues: string },
  data: string,
  path: string,
): string {
  const v = data.trim();
  if (v === '') return '';
  switch (field.controlType) {
    case CONTROL.Text:
      if (v.length > MAX_TEXT) throw badRequest(path, `must be at most ${MAX_TEXT} characters`);
      return v;
    case CONTROL.Email:
      if (v.length > 254 || !EMAIL.test(v)) throw badRequest(path, 'must be an e-mail address');
      return v;
    case CONTROL.Number:
      if (v.length > 40 || !NUMBER.test(v) || !Number.isFinite(Number(v))) throw badRequest(path, 'must be a number');
      return v;
    case CONTROL.DateTime: {
      const m = DATE_TIME.exec(v);
      const ok =
        m !== null &&
        isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
        (m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60));
      if (!ok) throw badRequest(path, 'must be a date (YYYY-MM-DD) or an ISO date-time');
      return v;
    }
    case CONTROL.CheckBox: {
      const s = v.toLowerCase();
      if (s === 'true' || s === 'on' || s === '1') return 'true';
      if (s === 'false' || s === 'off' || s === '0') return 'false';
      throw badRequest(path, "must be 'true' or 'false'");
    }
    case CONTROL.DropdownList: {
      const hit = splitOptions(field.parameterValues).find((o) => o.toLowerCase() === v.toLowerCase());
      if (!hit) throw badRequest(path, 'must be one of the options of the field');
      return hit;
    }
    case CONTROL.MultiSelectDropdownList: {
      const options = splitOptions(field.parameterValues);
      const chosen = splitOptions(v).map((c) => options.find((o) => o.toLowerCase() === c.toLowerCase()));
      if (chosen.some((c) => c === undefined)) throw badRequest(path, 'must be options of the field');
      return chosen.join(',');
    }
    case CONTROL.Image:
      if (v.length > 2048 || !isFileUrl(v)) throw badRequest(path, 'must be an uploaded file URL');
      return v;
    default:
      throw badRequest(path, 'belongs to a field of an unknown control type');
  }
}

function isFileUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  if (v.startsWith('/api/Media/File/')) return v.length > '/api/Media/File/'.length;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
