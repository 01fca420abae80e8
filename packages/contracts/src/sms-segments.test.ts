import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGsm7, smsCost, smsSegments } from './sms-segments.ts';

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

const basicChar = fc.constantFrom(...Array.from(BASIC));
const gsmChar = fc.constantFrom(...Array.from(BASIC + EXTENSION));
const gsmText = fc.array(gsmChar, { maxLength: 700 }).map((cs) => cs.join(''));
/** Code points outside GSM-7: BMP letters and symbols, and astral ones (surrogate pairs). */
const nonGsmChar = fc
  .oneof(fc.integer({ min: 0x100, max: 0xd7ff }), fc.integer({ min: 0x1f300, max: 0x1faff }))
  .map((cp) => String.fromCodePoint(cp))
  .filter((ch) => !isGsm7(ch));
const anyText = fc
  .array(fc.oneof(gsmChar, nonGsmChar, fc.string({ maxLength: 3, unit: 'grapheme' })), { maxLength: 300 })
  .map((cs) => cs.join(''));

describe('smsSegments: known examples', () => {
  it('counts the GSM-7 default alphabet (127 characters without ESC) at one septet each', () => {
    expect(Array.from(BASIC)).toHaveLength(127);
    expect(smsSegments(BASIC)).toEqual({ encoding: 'GSM-7', units: 127, segments: 1, perSegment: 160, remaining: 33 });
    expect(smsSegments('Hello')).toEqual({ encoding: 'GSM-7', units: 5, segments: 1, perSegment: 160, remaining: 155 });
  });

  it('counts each extension character as two septets', () => {
    for (const ch of EXTENSION) {
      expect(smsSegments(ch), JSON.stringify(ch)).toMatchObject({ encoding: 'GSM-7', units: 2, segments: 1 });
    }
    expect(smsSegments('Offering: €250 [tithe]')).toMatchObject({ encoding: 'GSM-7', units: 25, remaining: 135 });
  });

  it('answers 0 segments for an empty text', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160, remaining: 160 });
  });

  it('fits 160 septets in one SMS and splits 161 into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
      perSegment: 160,
      remaining: 0,
    });
    expect(smsSegments('a'.repeat(161))).toEqual({
      encoding: 'GSM-7',
      units: 161,
      segments: 2,
      perSegment: 153,
      remaining: 145,
    });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3, remaining: 152 });
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, remaining: 0 });
  });

  it('never splits an escape pair across two parts', () => {
    // 152 septets then '€' (2): 154 > 153, so '€' opens part 2; then 10 more.
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', units: 164, segments: 2, perSegment: 153, remaining: 141 });
    // The same septet count without the straddling pair packs tighter.
    expect(smsSegments('a'.repeat(151) + '€' + 'b'.repeat(11))).toMatchObject({ units: 164, remaining: 142 });
  });

  it('switches to UCS-2 for any character outside GSM-7, 70 per SMS and 67 per part', () => {
    expect(smsSegments('Ẹ ku ọjọ isinmi')).toMatchObject({ encoding: 'UCS-2', units: 15, segments: 1, perSegment: 70 });
    expect(smsSegments('ç')).toMatchObject({ encoding: 'UCS-2', units: 1 }); // only capital Ç is in GSM-7
    expect(smsSegments('x'.repeat(69) + 'ñ')).toMatchObject({ encoding: 'GSM-7', units: 70 });
    expect(smsSegments('x'.repeat(69) + 'ń')).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
      perSegment: 70,
      remaining: 0,
    });
    expect(smsSegments('x'.repeat(70) + 'ń')).toEqual({
      encoding: 'UCS-2',
      units: 71,
      segments: 2,
      perSegment: 67,
      remaining: 63,
    });
    expect(smsSegments('ń'.repeat(134))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('ń'.repeat(135))).toMatchObject({ segments: 3, remaining: 66 });
  });

  it('counts a surrogate pair as two UTF-16 units and never splits it', () => {
    expect(smsSegments('🙏')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1, perSegment: 70, remaining: 68 });
    expect(smsSegments('Amen 🙏🙏')).toMatchObject({ units: 9, remaining: 61 });
    expect(smsSegments('🙏'.repeat(35))).toMatchObject({ units: 70, segments: 1, remaining: 0 });
    // 66 units, then a pair that would straddle 67: it goes whole into part 2.
    expect(smsSegments('a'.repeat(66) + '🙏' + 'b')).toEqual({
      encoding: 'UCS-2',
      units: 69,
      segments: 1,
      perSegment: 70,
      remaining: 1,
    });
    expect(smsSegments('a'.repeat(66) + '🙏' + 'b'.repeat(3))).toEqual({
      encoding: 'UCS-2',
      units: 71,
      segments: 2,
      perSegment: 67,
      remaining: 62,
    });
  });
});

describe('smsSegments: properties', () => {
  it('appending a GSM character never decreases the segments', () => {
    fc.assert(
      fc.property(anyText, gsmChar, (text, ch) => {
        expect(smsSegments(text + ch).segments).toBeGreaterThanOrEqual(smsSegments(text).segments);
      }),
    );
  });

  it('appending any character never decreases the segments', () => {
    fc.assert(
      fc.property(anyText, fc.oneof(gsmChar, nonGsmChar), (text, ch) => {
        expect(smsSegments(text + ch).segments).toBeGreaterThanOrEqual(smsSegments(text).segments);
      }),
    );
  });

  it('a text of n*153 basic GSM characters is n segments for n > 1, and one more character opens another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), basicChar, (n, ch) => {
        const text = ch.repeat(n * 153);
        expect(smsSegments(text)).toEqual({
          encoding: 'GSM-7',
          units: n * 153,
          segments: n,
          perSegment: 153,
          remaining: 0,
        });
        expect(smsSegments(text + ch).segments).toBe(n + 1);
      }),
    );
  });

  it('any character outside GSM-7 switches the whole text to UCS-2, counted in UTF-16 units', () => {
    fc.assert(
      fc.property(gsmText, nonGsmChar, gsmText, (before, ch, after) => {
        const text = before + ch + after;
        const s = smsSegments(text);
        expect(s.encoding).toBe('UCS-2');
        expect(s.units).toBe(text.length);
      }),
    );
  });

  it('a GSM-only text stays GSM-7, counting 2 septets per extension character', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        const s = smsSegments(text);
        const ext = Array.from(text).filter((c) => EXTENSION.includes(c)).length;
        expect(s.encoding).toBe('GSM-7');
        expect(s.units).toBe(Array.from(text).length + ext);
      }),
    );
  });

  it('segments hold the text: lower bound ceil(units/capacity), remaining within the segment, one segment iff it fits', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const s = smsSegments(text);
        const limits = s.encoding === 'GSM-7' ? { single: 160, part: 153 } : { single: 70, part: 67 };
        if (s.units === 0) {
          expect(s.segments).toBe(0);
          return;
        }
        expect(s.segments === 1).toBe(s.units <= limits.single);
        expect(s.perSegment).toBe(s.segments === 1 ? limits.single : limits.part);
        expect(s.segments).toBeGreaterThanOrEqual(Math.ceil(s.units / s.perSegment));
        // at most one unit is wasted per part boundary (a pair that did not fit)
        expect(s.segments * s.perSegment - s.units - s.remaining).toBeLessThanOrEqual(s.segments - 1);
        expect(s.remaining).toBeGreaterThanOrEqual(0);
        expect(s.remaining).toBeLessThan(s.perSegment);
      }),
    );
  });
});

describe('smsCost', () => {
  it('is one unit per segment per recipient', () => {
    expect(smsCost(1, 1)).toBe(1);
    expect(smsCost(3, 10_000)).toBe(30_000);
    expect(smsCost(0, 50)).toBe(0);
    expect(smsCost(smsSegments('a'.repeat(161)).segments, 2)).toBe(4);
  });

  it('refuses negative, fractional and non-finite counts', () => {
    for (const [s, r] of [
      [-1, 1],
      [1, -1],
      [1.5, 2],
      [2, 0.5],
      [Number.NaN, 1],
      [1, Infinity],
    ]) {
      expect(() => smsCost(s!, r!), `${s} x ${r}`).toThrow(RangeError);
    }
  });
});
