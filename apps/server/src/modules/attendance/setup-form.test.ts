import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { churchTimeZone, cutOffInstant } from './setup-form.ts';
import { ATTENDANCE_CODE_ALPHABET, ATTENDANCE_CODE_LENGTH, randomAttendanceCode } from './setup-service.ts';

const at = (v: string, zone: string) => cutOffInstant(v, zone, 'checkInCutOffTime')?.toISOString() ?? null;

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.field;
    throw e;
  }
  return undefined;
}

describe('cut-off times', () => {
  it('reads a wall time in the church zone, across daylight saving', () => {
    expect(at('2026-11-22T09:30', 'Africa/Lagos')).toBe('2026-11-22T08:30:00.000Z');
    expect(at('2026-01-15T09:30', 'Europe/London')).toBe('2026-01-15T09:30:00.000Z');
    expect(at('2026-07-15T09:30', 'Europe/London')).toBe('2026-07-15T08:30:00.000Z');
    expect(at('2026-07-01T09:30:15', 'America/New_York')).toBe('2026-07-01T13:30:15.000Z');
    expect(at('2026-12-01 23:59', 'Asia/Kolkata')).toBe('2026-12-01T18:29:00.000Z');
  });

  it('takes a zone or offset in the value as the instant', () => {
    expect(at('2026-11-22T09:30Z', 'Africa/Lagos')).toBe('2026-11-22T09:30:00.000Z');
    expect(at('2026-11-22T09:30:00+02:00', 'Africa/Lagos')).toBe('2026-11-22T07:30:00.000Z');
    expect(at('2026-11-22T09:30-0500', 'UTC')).toBe('2026-11-22T14:30:00.000Z');
  });

  it("answers null for '' and 400 naming the field for what is not a real date and time", () => {
    expect(at('', 'UTC')).toBeNull();
    for (const bad of ['2026-02-29T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01T10:60', 'soon'])
      expect(fieldOf(() => at(bad, 'UTC'))).toBe('checkInCutOffTime');
    expect(fieldOf(() => at('2026-01-01T10:00+15:00', 'UTC'))).toBe('checkInCutOffTime');
  });
});

describe('churchTimeZone', () => {
  it("uses the zone sent, else the country's only zone, else UTC", () => {
    expect(churchTimeZone('NG', undefined)).toBe('Africa/Lagos');
    expect(churchTimeZone('gh', undefined)).toBe('Africa/Accra');
    expect(churchTimeZone('US', undefined)).toBe('UTC');
    expect(churchTimeZone('NG', 'America/Chicago')).toBe('America/Chicago');
    expect(fieldOf(() => churchTimeZone('NG', 'Lagos/Nowhere'))).toBe('timeZone');
  });
});

describe('randomAttendanceCode', () => {
  it('is URL-safe, of the alphabet without look-alikes, and differs each time', () => {
    const codes = Array.from({ length: 500 }, randomAttendanceCode);
    for (const c of codes) {
      expect(c).toHaveLength(ATTENDANCE_CODE_LENGTH);
      for (const ch of c) expect(ATTENDANCE_CODE_ALPHABET).toContain(ch);
      expect(encodeURIComponent(c)).toBe(c);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
