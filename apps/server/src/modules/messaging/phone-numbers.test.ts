import { describe, expect, it } from 'vitest';
import { normalizePhone, parsePhoneList } from './phone-numbers.ts';

const ok = (e164: string) => ({ ok: true, e164 });
const bad = (reason: string) => ({ ok: false, reason });

describe('normalizePhone', () => {
  it('reads Nigerian numbers in every usual form', () => {
    for (const raw of [
      '08030000001',
      '8030000001',
      '0803 000 0001',
      '0803-000-0001',
      '(0803) 000-0001',
      '0803.000.0001',
      '+2348030000001',
      '+234 (803) 000-0001',
      '+234 803 000 0001',
      '2348030000001',
      '234 803 000 0001',
      '002348030000001',
      '  08030000001  ',
    ]) {
      expect(normalizePhone(raw, 'NG'), raw).toEqual(ok('+2348030000001'));
    }
    expect(normalizePhone('07030000001', 'NG')).toEqual(ok('+2347030000001'));
    expect(normalizePhone('09030000001', 'ng')).toEqual(ok('+2349030000001'));
  });

  it('reads Ghana, Kenya, US and UK numbers against their own country', () => {
    expect(normalizePhone('0241234567', 'GH')).toEqual(ok('+233241234567'));
    expect(normalizePhone('024 123 4567', 'GH')).toEqual(ok('+233241234567'));
    expect(normalizePhone('+233 24 123 4567', 'GH')).toEqual(ok('+233241234567'));
    expect(normalizePhone('0712345678', 'KE')).toEqual(ok('+254712345678'));
    expect(normalizePhone('+254 712 345678', 'KE')).toEqual(ok('+254712345678'));
    expect(normalizePhone('(201) 555-0123', 'US')).toEqual(ok('+12015550123'));
    expect(normalizePhone('201-555-0123', 'US')).toEqual(ok('+12015550123'));
    expect(normalizePhone('+1 201 555 0123', 'US')).toEqual(ok('+12015550123'));
    expect(normalizePhone('07400 123456', 'GB')).toEqual(ok('+447400123456'));
    expect(normalizePhone('+44 (0)7400 123456', 'GB')).toEqual(ok('+447400123456'));
  });

  it('reads a number of another country in its international form, with or without +', () => {
    expect(normalizePhone('+44 7400 123456', 'NG')).toEqual(ok('+447400123456'));
    expect(normalizePhone('+233 24 123 4567', 'NG')).toEqual(ok('+233241234567'));
    expect(normalizePhone('233241234567', 'NG')).toEqual(ok('+233241234567'));
    expect(normalizePhone('447400123456', 'US')).toEqual(ok('+447400123456'));
    expect(normalizePhone('+1 201-555-0123', 'GB')).toEqual(ok('+12015550123'));
  });

  it('reads a local number as local, never as a foreign one', () => {
    // A Ghanaian local number typed in a Nigerian church is not silently sent to Nigeria or Ghana.
    expect(normalizePhone('0241234567', 'NG')).toEqual(bad('Not a valid number for NG'));
    expect(normalizePhone('07400123456', 'NG')).toEqual(bad('Not a valid number for NG'));
  });

  it('says why a number is refused, without dropping it', () => {
    expect(normalizePhone('', 'NG')).toEqual(bad('Not a phone number'));
    expect(normalizePhone('   ', 'NG')).toEqual(bad('Not a phone number'));
    expect(normalizePhone('abc', 'NG')).toEqual(bad('Not a phone number'));
    expect(normalizePhone('call me', 'GH')).toEqual(bad('Not a phone number'));
    expect(normalizePhone('12', 'NG')).toEqual(bad('Too short'));
    expect(normalizePhone('555-0123', 'US')).toEqual(bad('Too short'));
    expect(normalizePhone('1234567890123456789', 'NG')).toEqual(bad('Too long'));
    expect(normalizePhone('+999 1234 5678', 'NG')).toEqual(bad('Unknown country code'));
    expect(normalizePhone('0803000000', 'NG')).toEqual(bad('Not a valid number for NG'));
    expect(normalizePhone('080300000011', 'NG')).toEqual(bad('Not a valid number for NG'));
    expect(normalizePhone('0201234567', 'NG')).toEqual(bad('Not a valid number for NG'));
    expect(normalizePhone('0123456789', 'GH')).toEqual(bad('Not a valid number for GH'));
    expect(normalizePhone('08030000001', 'XX')).toEqual(bad('Unknown country XX'));
  });

  it('refuses numbers that cannot receive an SMS: landlines, toll-free, extensions', () => {
    expect(normalizePhone('020 7123 4567', 'GB')).toEqual(bad('Not a mobile number'));
    expect(normalizePhone('0201234567', 'KE')).toEqual(bad('Not a mobile number'));
    expect(normalizePhone('0800 123 4567', 'NG')).toEqual(bad('Not a mobile number'));
    expect(normalizePhone('08030000001 ext. 12', 'NG')).toEqual(bad('A number with an extension cannot receive SMS'));
  });
});

describe('parsePhoneList', () => {
  it('splits on commas, semicolons, newlines and whitespace, keeping order and numbers written with spaces', () => {
    const list = parsePhoneList('08030000001, 08030000002;08030000003\n08030000004\r\n08030000005 08030000006', 'NG');
    expect(list.numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `+234803000000${n}`));
    expect(list.invalid).toEqual([]);
    expect(list.duplicates).toBe(0);

    const spaced = parsePhoneList('+234 803 000 0001 0803 000 0002\t+44 7400 123456', 'NG');
    expect(spaced.items.map((i) => i.input)).toEqual(['+234 803 000 0001', '0803 000 0002', '+44 7400 123456']);
    expect(spaced.numbers).toEqual(['+2348030000001', '+2348030000002', '+447400123456']);
  });

  it('deduplicates by E.164, keeping the first and marking the others', () => {
    const list = parsePhoneList('08030000001, +234 803 000 0001; 2348030000001, 08030000002', 'NG');
    expect(list.numbers).toEqual(['+2348030000001', '+2348030000002']);
    expect(list.duplicates).toBe(2);
    expect(list.items).toEqual([
      { input: '08030000001', ok: true, e164: '+2348030000001', duplicate: false },
      { input: '+234 803 000 0001', ok: true, e164: '+2348030000001', duplicate: true },
      { input: '2348030000001', ok: true, e164: '+2348030000001', duplicate: true },
      { input: '08030000002', ok: true, e164: '+2348030000002', duplicate: false },
    ]);
  });

  it('answers each invalid item with its reason, in order among the valid ones', () => {
    const list = parsePhoneList('John 08030000001, 0803 000 000 08030000003;12\n0241234567', 'NG');
    expect(list.items).toEqual([
      { input: 'John', ok: false, reason: 'Not a phone number' },
      { input: '08030000001', ok: true, e164: '+2348030000001', duplicate: false },
      { input: '0803 000 000', ok: false, reason: 'Not a valid number for NG' },
      { input: '08030000003', ok: true, e164: '+2348030000003', duplicate: false },
      { input: '12', ok: false, reason: 'Too short' },
      { input: '0241234567', ok: false, reason: 'Not a valid number for NG' },
    ]);
    expect(list.invalid).toEqual([
      { input: 'John', reason: 'Not a phone number' },
      { input: '0803 000 000', reason: 'Not a valid number for NG' },
      { input: '12', reason: 'Too short' },
      { input: '0241234567', reason: 'Not a valid number for NG' },
    ]);
    expect(list.numbers).toEqual(['+2348030000001', '+2348030000003']);
  });

  it('reads lists for GH, KE, US and GB', () => {
    expect(parsePhoneList('0241234567\n0201234567', 'GH').numbers).toEqual(['+233241234567', '+233201234567']);
    expect(parsePhoneList('0712345678, 0722 000 000', 'KE').numbers).toEqual(['+254712345678', '+254722000000']);
    expect(parsePhoneList('(201) 555-0123; 201 555 0124', 'US').numbers).toEqual(['+12015550123', '+12015550124']);
    const gb = parsePhoneList('07400 123456, 020 7123 4567', 'GB');
    expect(gb.numbers).toEqual(['+447400123456']);
    expect(gb.invalid).toEqual([{ input: '020 7123 4567', reason: 'Not a mobile number' }]);
  });

  it('answers an empty list for blank text and separators only', () => {
    for (const text of ['', '   ', ',,;\n\n', ' ; , ']) {
      expect(parsePhoneList(text, 'NG')).toEqual({ items: [], numbers: [], invalid: [], duplicates: 0 });
    }
  });
});
