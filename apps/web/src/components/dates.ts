import dayjs, { type Dayjs } from 'dayjs';

/** The UI's date format (spec §5). */
export const DATE_FORMAT = 'MM/DD/YYYY';
/** The API's calendar date format. */
export const ISO_DATE = 'YYYY-MM-DD';

/**
 * The calendar date part of an API date ('2025-03-09', '2025-03-09T00:00:00Z', ...) as
 * 'YYYY-MM-DD', without shifting it through the browser's time zone. Null when unparseable.
 */
export function isoDatePart(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  if (m?.[1]) return m[1];
  const d = dayjs(value);
  return d.isValid() ? d.format(ISO_DATE) : null;
}

/** 'YYYY-MM-DD…' → 'MM/DD/YYYY'; '' when unparseable. */
export function formatDate(value: string | null | undefined): string {
  const iso = isoDatePart(value);
  return iso ? dayjs(iso).format(DATE_FORMAT) : '';
}

/** A calendar date from the API as a local Dayjs (for date pickers). */
export function toDayjs(value: string | null | undefined): Dayjs | null {
  const iso = isoDatePart(value);
  return iso ? dayjs(iso) : null;
}
