import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL, CONTROL_TYPES } from '@steward/contracts/custom-fields';
import { AppError } from '../../lib/errors.ts';
import { publicControlKind, splitOptions, validateCustomFieldValue } from './custom-field-values.ts';

const PATH = 'customAttributeData.0.data';
const field = (controlType: number, parameterValues = '') => ({ controlType, parameterValues });

/** The field an AppError names, or null when `fn` does not throw one. */
function refusal(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 400) return e.field ?? '';
    throw e;
  }
}

describe('publicControlKind (spec §3: the two readings of the public pages)', () => {
  it.each([
    // stored, check-in {kind, code}, registration {kind, code}
    [CONTROL.Text, 'text', 0, 0],
    [CONTROL.DropdownList, 'dropdown', 1, 1],
    [CONTROL.CheckBox, 'checkbox', 2, 2],
    [CONTROL.DateTime, 'date', 3, 3],
    [CONTROL.Email, 'email', 4, 4],
    [CONTROL.Image, 'file', 6, 5],
    [CONTROL.Number, 'number', 7, 6],
    [CONTROL.MultiSelectDropdownList, 'multiselect', 11, 11],
  ])('stored %i renders as %s: code %i on check-in, %i on registration', (stored, kind, checkin, registration) => {
    expect(publicControlKind(stored, 'checkin')).toEqual({ kind, code: checkin });
    expect(publicControlKind(stored, 'registration')).toEqual({ kind, code: registration });
  });

  it('never maps two stored types to the same code on one page, and renders unknown codes as text', () => {
    for (const page of ['checkin', 'registration'] as const) {
      const codes = CONTROL_TYPES.map((c) => publicControlKind(c.id, page).code);
      expect(new Set(codes).size).toBe(codes.length);
    }
    fc.assert(
      fc.property(
        fc.integer().filter((n) => !CONTROL_TYPES.some((c) => c.id === n)),
        (n) => publicControlKind(n, 'checkin').kind === 'text' && publicControlKind(n, 'registration').code === 0,
      ),
    );
  });
});

describe('splitOptions', () => {
  it('trims, drops empties and case-insensitive duplicates, keeping the first spelling', () => {
    expect(splitOptions(' Choir , Ushers,,choir, Media ,')).toEqual(['Choir', 'Ushers', 'Media']);
    expect(splitOptions('')).toEqual([]);
  });

  it('is idempotent and never yields blank or duplicate options (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = splitOptions(raw);
        expect(splitOptions(once.join(','))).toEqual(once);
        expect(once.every((o) => o.trim() === o && o !== '')).toBe(true);
        expect(new Set(once.map((o) => o.toLowerCase())).size).toBe(once.length);
      }),
    );
  });
});

describe('validateCustomFieldValue', () => {
  const accepted: [number, string, string, string][] = [
    [CONTROL.Text, '', '  Tenor ', 'Tenor'],
    [CONTROL.Email, '', ' ada@example.org ', 'ada@example.org'],
    [CONTROL.Number, '', '-3.50', '-3.50'],
    [CONTROL.Number, '', '.5', '.5'],
    [CONTROL.DateTime, '', '2026-02-28', '2026-02-28'],
    [CONTROL.DateTime, '', '2024-02-29T10:30:00Z', '2024-02-29T10:30:00Z'],
    [CONTROL.DateTime, '', '2026-11-23T08:15:00.000+01:00', '2026-11-23T08:15:00.000+01:00'],
    [CONTROL.CheckBox, '', 'TRUE', 'true'],
    [CONTROL.CheckBox, '', 'on', 'true'],
    [CONTROL.CheckBox, '', '1', 'true'],
    [CONTROL.CheckBox, '', '0', 'false'],
    [CONTROL.CheckBox, '', 'false', 'false'],
    [CONTROL.DropdownList, 'Choir,Ushers', 'ushers', 'Ushers'],
    [CONTROL.MultiSelectDropdownList, 'Red,Blue,Green', 'green, red,RED', 'Green,Red'],
    [CONTROL.Image, '', '/api/Media/File/abc/x.png', '/api/Media/File/abc/x.png'],
    [CONTROL.Image, '', 'https://cdn.example.org/a.jpg', 'https://cdn.example.org/a.jpg'],
    [CONTROL.Number, '', '   ', ''],
  ];
  it.each(accepted)('type %i with options %j accepts %j as %j', (type, options, data, stored) => {
    expect(validateCustomFieldValue(field(type, options), data, PATH)).toBe(stored);
  });

  const refused: [number, string, string][] = [
    [CONTROL.Text, '', 'x'.repeat(1001)],
    [CONTROL.Email, '', 'ada@'],
    [CONTROL.Email, '', 'ada example@x.org'],
    [CONTROL.Email, '', 'ada@localhost'],
    [CONTROL.Number, '', '1e400'],
    [CONTROL.Number, '', 'NaN'],
    [CONTROL.Number, '', '12abc'],
    [CONTROL.DateTime, '', '2026-02-30'],
    [CONTROL.DateTime, '', '23/11/2026'],
    [CONTROL.DateTime, '', '2026-11-23T25:00'],
    [CONTROL.CheckBox, '', 'maybe'],
    [CONTROL.DropdownList, 'Choir,Ushers', 'Media'],
    [CONTROL.MultiSelectDropdownList, 'Red,Blue', 'Red,Purple'],
    [CONTROL.Image, '', 'javascript:alert(1)'],
    [CONTROL.Image, '', '/etc/passwd'],
    [CONTROL.Image, '', '/api/Media/File/'],
    [99, '', 'anything'],
  ];
  it.each(refused)('type %i with options %j refuses %j naming the path', (type, options, data) => {
    expect(refusal(() => validateCustomFieldValue(field(type, options), data, PATH))).toBe(PATH);
  });

  it('either refuses naming the path or answers a value that validates to itself (property)', () => {
    const types = fc.constantFrom(...CONTROL_TYPES.map((c) => c.id));
    fc.assert(
      fc.property(types, fc.string(), fc.string(), (type, options, data) => {
        const f = field(type, options);
        let stored: string;
        try {
          stored = validateCustomFieldValue(f, data, PATH);
        } catch (e) {
          expect(e instanceof AppError && e.field === PATH).toBe(true);
          return;
        }
        expect(validateCustomFieldValue(f, stored, PATH)).toBe(stored);
      }),
    );
  });
});
