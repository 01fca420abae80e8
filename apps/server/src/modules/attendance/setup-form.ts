import {
  ATTENDANCE_SETUP_FIELDS,
  BANNER_FIELD,
  CUT_OFF_PATTERN,
  ZAttendanceSetupFields,
  type TAttendanceSetupFields,
} from '@steward/contracts/attendance-setup';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findNul } from '../../lib/input-guards.ts';
import { fileOf, MAX_MEDIA_BYTES, MEDIA_FIELD, MultipartBody } from '../media/service.ts';

/*
 * The multipart body of CreateAttendanceCheckIn / EditAttendanceCheckIn (spec §3 'Attendance
 * check-in form payload'; existing-client-api §4.1): its text fields, parsed by the contract, and
 * the banner image, recognised by its first bytes through the media module's check.
 */

/** A parsed set-up body: the fields that were sent, and the banner when one was attached. */
export interface SetupForm {
  fields: TAttendanceSetupFields;
  /** which fields were sent (after 'null'/'undefined' values were dropped) */
  sent: Set<keyof TAttendanceSetupFields>;
  banner: { bytes: Buffer; ext: string } | null;
}

const CANONICAL = new Map(ATTENDANCE_SETUP_FIELDS.map((f) => [f.toLowerCase(), f]));

/**
 * Reads a multipart/form-data body: field names are matched without case (`Id` = `id`), a
 * value 'null' or 'undefined' (FormData's stringified empties) counts as not sent, unknown
 * fields are ignored. The banner (field bannerPhoto, optional) must be a PNG, JPEG, GIF or WebP
 * image by its first bytes, at most 5 MB.
 *
 * @throws 400 naming `body` when the body is not multipart, the field at fault for a value the
 *   contract refuses (or holding the NUL character), `bannerPhoto` for a file that is empty, too
 *   large or not an image
 */
export async function readSetupForm(body: unknown, contentType: string | undefined): Promise<SetupForm> {
  if (!(body instanceof MultipartBody) || !contentType?.toLowerCase().startsWith('multipart/form-data'))
    throw badRequest('body', 'send the attendance as multipart/form-data');
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: body.bytes,
    }).formData();
  } catch {
    throw badRequest('body', 'the multipart body could not be read');
  }
  const raw: Record<string, string> = {};
  let bannerFile: File | null = null;
  for (const [name, value] of form.entries()) {
    if (name.toLowerCase() === BANNER_FIELD.toLowerCase()) {
      if (typeof value !== 'string') bannerFile = value;
      continue;
    }
    const key = CANONICAL.get(name.toLowerCase());
    if (!key || typeof value !== 'string') continue;
    if (value === 'null' || value === 'undefined') continue;
    raw[key] = value;
  }
  const nul = findNul(raw);
  if (nul !== null) throw badRequest(nul, 'must not contain the NUL character (\\u0000)');
  const parsed = ZAttendanceSetupFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.path.join('.') || 'body', issue.message);
  }
  return {
    fields: parsed.data,
    sent: new Set(Object.keys(raw) as (keyof TAttendanceSetupFields)[]),
    banner: bannerFile && bannerFile.size > 0 ? await checkBanner(bannerFile) : null,
  };
}

/**
 * The banner, recognised by the media module's own check (its first bytes; never the name or
 * the declared type): the file is handed to media's `fileOf` in the field it reads. A PDF,
 * which media accepts for receipts, is not a banner.
 */
async function checkBanner(file: File): Promise<{ bytes: Buffer; ext: string }> {
  if (file.size > MAX_MEDIA_BYTES) throw badRequest(BANNER_FIELD, 'is larger than 5 MB');
  const wrapped = new FormData();
  wrapped.set(MEDIA_FIELD, file);
  const request = new Request('http://local/', { method: 'POST', body: wrapped });
  const bytes = Buffer.from(await request.arrayBuffer());
  try {
    const checked = await fileOf(new MultipartBody(bytes), request.headers.get('content-type') ?? undefined);
    if (checked.ext === 'pdf') throw badRequest(BANNER_FIELD, 'must be a PNG, JPEG, GIF or WebP image');
    return checked;
  } catch (e) {
    if (e instanceof AppError && e.field === MEDIA_FIELD) throw badRequest(BANNER_FIELD, bannerReason(e.message));
    throw e;
  }
}

function bannerReason(message: string): string {
  return message.includes('PNG') ? 'must be a PNG, JPEG, GIF or WebP image' : message;
}

// ---------------------------------------------------------------- cut-off times and time zones

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The time zone a church's wall times are read in: `sent` (an IANA name) when given, else the
 * only zone of its country (ISO 3166 code; 'NG' → Africa/Lagos) when the country has one zone,
 * else 'UTC'. Throws 400 naming timeZone for a name that is not a time zone.
 */
export function churchTimeZone(countryCode: string, sent: string | undefined): string {
  if (sent) {
    if (!isTimeZone(sent)) throw badRequest('timeZone', 'is not a time zone (use a name such as Africa/Lagos)');
    return sent;
  }
  try {
    const locale = new Intl.Locale(`und-${countryCode.toUpperCase()}`) as Intl.Locale & {
      timeZones?: string[];
      getTimeZones?: () => string[];
    };
    const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    return zones.length === 1 ? zones[0]! : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** How far `zone` is ahead of UTC at instant `ms`, in milliseconds. */
function zoneOffset(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * A cut-off time as sent ('YYYY-MM-DDTHH:mm[:ss]' wall time in `zone`, or with 'Z' / an
 * offset, which wins) as an instant; '' → null. Throws 400 naming `field` for a value that is
 * not a real date and time.
 */
export function cutOffInstant(value: string, zone: string, field: string): Date | null {
  if (value === '') return null;
  const m = CUT_OFF_PATTERN.exec(value);
  if (!m) throw badRequest(field, 'must be a date and time such as 2026-05-03T09:30');
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59 ||
    y < 2000 ||
    y > 2200
  )
    throw badRequest(field, 'must be a real date and time');
  const zonePart = m[7];
  if (zonePart) {
    if (zonePart === 'Z') return new Date(wall);
    const sign = zonePart.startsWith('-') ? -1 : 1;
    const digits = zonePart.slice(1).replace(':', '');
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
    if (offsetMin > 14 * 60) throw badRequest(field, 'has an offset that is not a time zone');
    return new Date(wall - sign * offsetMin * 60_000);
  }
  // the wall time read in the zone: the offset at the first guess, then again at the result
  // (a wall time near a daylight-saving change)
  let t = wall - zoneOffset(zone, wall);
  const again = wall - zoneOffset(zone, t);
  if (again !== t) t = again;
  return new Date(t);
}
