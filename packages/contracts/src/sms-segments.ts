/**
 * SMS length in segments (issue 9 'SMS': "An SMS shows its segment count (GSM-7 or UCS-2) and
 * cost in units before sending"). Shared by the compose screen and the server, so what the
 * church sees before sending is what it is charged.
 *
 * Rules (3GPP TS 23.038 and TS 23.040):
 * - A text made only of the GSM 03.38 default alphabet and its extension table is sent as GSM-7:
 *   one septet per basic character, two (escape + character) per extension character
 *   (form feed and `^ { } \ [ ~ ] | €`). 160 septets fit one SMS; a longer text is split in
 *   parts of 153 septets (the user data header takes the rest), and an escape pair is never
 *   split across two parts.
 * - Any other character sends the whole text as UCS-2: one unit per UTF-16 code unit (a
 *   character outside the Basic Multilingual Plane, e.g. most emoji, is a surrogate pair and
 *   counts 2). 70 units fit one SMS; longer texts are split in parts of 67, never between the
 *   two halves of a surrogate pair.
 */

/** The GSM 03.38 default alphabet (without ESC 0x1B, which only introduces extension characters). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** The GSM 03.38 extension table: each costs two septets (ESC + character). */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** Capacity of one SMS and of each part of a longer one, in septets (GSM-7) or UTF-16 units (UCS-2). */
export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

export type SmsEncoding = keyof typeof SMS_LIMITS;

/** What a text costs as SMS. */
export interface SmsSegments {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text */
  units: number;
  /** SMS parts the text is sent as; 0 for an empty text */
  segments: number;
  /** capacity of each segment at this length: 160/70 for one segment, 153/67 per part beyond */
  perSegment: number;
  /** units still free in the last segment before the text needs another one */
  remaining: number;
}

/** Whether `ch` (one code point) can be sent as GSM-7, and at how many septets (0 when it cannot). */
function gsmSeptets(ch: string): 0 | 1 | 2 {
  if (GSM7_BASIC.has(ch)) return 1;
  if (GSM7_EXTENSION.has(ch)) return 2;
  return 0;
}

/** True when every character of `text` is in the GSM-7 default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (gsmSeptets(ch) === 0) return false;
  return true;
}

/**
 * Packs items of the given widths into parts of `capacity`, an item never split across two
 * parts; answers the number of parts and the free room in the last one.
 */
function pack(widths: number[], capacity: number): { parts: number; free: number } {
  let parts = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > capacity) {
      parts += 1;
      used = 0;
    }
    used += w;
  }
  return { parts, free: capacity - used };
}

/**
 * Counts the SMS segments of `text` (issue 9 'SMS').
 *
 * @returns the encoding (GSM-7 unless a character needs UCS-2), the total units (septets or
 *   UTF-16 code units), the number of segments (0 for ''), the capacity per segment at that
 *   length (160/153 or 70/67) and the units left in the last segment.
 * @example smsSegments('Hello') // { encoding: 'GSM-7', units: 5, segments: 1, perSegment: 160, remaining: 155 }
 */
export function smsSegments(text: string): SmsSegments {
  const gsm = isGsm7(text);
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const limits = SMS_LIMITS[encoding];
  // Widths of the indivisible pieces: a GSM character (1 or 2 septets) or a code point (1 or 2 UTF-16 units).
  const widths = Array.from(text, (ch) => (gsm ? gsmSeptets(ch) : ch.length));
  const units = widths.reduce((a, b) => a + b, 0);
  if (units === 0) return { encoding, units: 0, segments: 0, perSegment: limits.single, remaining: limits.single };
  if (units <= limits.single) {
    return { encoding, units, segments: 1, perSegment: limits.single, remaining: limits.single - units };
  }
  const { parts, free } = pack(widths, limits.part);
  return { encoding, units, segments: parts, perSegment: limits.part, remaining: free };
}

/**
 * The SMS units a message costs: one unit per segment per recipient (issue 9: "debited per
 * segment sent").
 *
 * @param segments segments of the text (smsSegments(text).segments), a whole number >= 0
 * @param recipients recipients it goes to, a whole number >= 0
 * @throws RangeError when either is negative, fractional or not finite
 */
export function smsCost(segments: number, recipients: number): number {
  for (const [name, n] of [
    ['segments', segments],
    ['recipients', recipients],
  ] as const) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${n}`);
  }
  return segments * recipients;
}
