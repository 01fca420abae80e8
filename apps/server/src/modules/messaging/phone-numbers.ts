/**
 * Phone numbers for SMS (issue 9 'SMS': "Phone numbers parsed and normalised with
 * libphonenumber-js against the church's country; invalid ones reported per recipient, never
 * dropped silently").
 *
 * Uses libphonenumber-js with its 'max' metadata: the 'min' metadata only checks lengths, so it
 * would pass 0201234567 as a Nigerian number; 'max' checks each country's real number patterns and
 * knows a number's type, so a landline or a toll-free number (which cannot receive an SMS) is
 * reported as such instead of being sent to the gateway and failing there. The 'mobile' metadata
 * would also refuse landlines, but could only say "not valid" without telling why.
 */
import {
  isSupportedCountry,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
  type NumberType,
  type PhoneNumber,
} from 'libphonenumber-js/max';

/** The outcome for one typed number: its E.164 form, or a reason written for a church administrator. */
export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

/** Number types that can receive an SMS; FIXED_LINE_OR_MOBILE is what the US and others answer for every number. */
const SMS_CAPABLE = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER', 'VOIP']);

const PARSE_REASONS: Record<string, string> = {
  NOT_A_NUMBER: 'Not a phone number',
  INVALID_COUNTRY: 'Unknown country code',
  TOO_SHORT: 'Too short',
  TOO_LONG: 'Too long',
};

function tryParse(text: string, country: CountryCode): PhoneNumber | string {
  try {
    return parsePhoneNumberWithError(text, { defaultCountry: country });
  } catch (e) {
    return (e instanceof ParseError && PARSE_REASONS[e.message]) || 'Not a phone number';
  }
}

/**
 * Normalises one phone number as typed by a person (issue 9 'SMS').
 *
 * Accepts the local form of `countryIso2` (08030000001 for NG), the international form
 * (+2348030000001), the country code without '+' (2348030000001), the '00' international prefix
 * (002348030000001), and spaces, dashes, dots and brackets anywhere. A number of another country
 * is accepted in its international form (+44 7400 123456 for a Nigerian church).
 *
 * @param raw what was typed
 * @param countryIso2 the church's country, ISO 3166-1 alpha-2 ('NG', 'GH', 'KE', 'US', 'GB', ...)
 * @returns `{ok: true, e164}` (e.g. '+2348030000001') or `{ok: false, reason}` with one of
 *   'Not a phone number', 'Unknown country code', 'Too short', 'Too long',
 *   'Not a valid number for NG' (the country the number was read for), 'Not a mobile number'
 *   (a landline, toll-free or premium number: it cannot receive an SMS),
 *   'A number with an extension cannot receive SMS', 'Unknown country XX' (a bad countryIso2).
 */
export function normalizePhone(raw: string, countryIso2: string): PhoneResult {
  // a church messages the same members again and again: remember the answers (bounded)
  const memoKey = `${countryIso2}|${raw}`;
  const known = memo.get(memoKey);
  if (known) return known;
  const result = normalizeUncached(raw, countryIso2);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(memoKey, result);
  return result;
}

const memo = new Map<string, PhoneResult>();
const MEMO_MAX = 200_000;

function normalizeUncached(raw: string, countryIso2: string): PhoneResult {
  const country = countryIso2.trim().toUpperCase();
  if (!isSupportedCountry(country)) return { ok: false, reason: `Unknown country ${countryIso2.trim()}` };
  const text = raw.trim();
  if (!/\d/.test(text)) return { ok: false, reason: 'Not a phone number' };

  const first = tryParse(text, country);
  let parsed = first;
  let valid = typeof first !== 'string' && first.isValid();
  if (!valid) {
    // People also type the international form without '+', or with the '00' prefix that most
    // countries dial abroad. Only read it so when it is long enough to hold a country code and
    // the number read as typed is not valid, so a local number is never re-read as foreign.
    const digits = text.replace(/[\s().\-/]/g, '');
    const international = /^00\d{9,}$/.test(digits)
      ? `+${digits.slice(2)}`
      : /^[1-9]\d{10,}$/.test(digits)
        ? `+${digits}`
        : null;
    const second = international ? tryParse(international, country) : null;
    if (second && typeof second !== 'string' && second.isValid()) {
      parsed = second;
      valid = true;
    }
  }

  if (typeof parsed === 'string') return { ok: false, reason: parsed };
  if (!valid) {
    const length = validatePhoneNumberLength(parsed.number, country);
    if (length === 'TOO_SHORT' || length === 'TOO_LONG') return { ok: false, reason: PARSE_REASONS[length]! };
    return { ok: false, reason: `Not a valid number for ${parsed.country ?? country}` };
  }
  if (parsed.ext) return { ok: false, reason: 'A number with an extension cannot receive SMS' };
  const type = parsed.getType();
  if (type !== undefined && !SMS_CAPABLE.has(type)) return { ok: false, reason: 'Not a mobile number' };
  return { ok: true, e164: parsed.number };
}

/** One item of a typed list, in the order typed. `duplicate` marks a number already listed earlier. */
export type PhoneListItem = { input: string } & (
  { ok: true; e164: string; duplicate: boolean } | { ok: false; reason: string }
);

/** A typed list of numbers, read. */
export interface PhoneList {
  /** every item as typed, in order, with its result (duplicates included and marked) */
  items: PhoneListItem[];
  /** the distinct valid numbers in E.164, in the order first typed: who gets the message */
  numbers: string[];
  /** the items that are not valid numbers, in order: shown to the sender, never dropped silently */
  invalid: { input: string; reason: string }[];
  /** how many valid items repeated a number already listed */
  duplicates: number;
}

/** A token that can be part of a number written with spaces: digits with + ( ) - . / */
const NUMBER_LIKE = /^\+?[\d().\-/]*\d[\d().\-/]*$/;
/** At most this many space-separated pieces are joined into one number ('+234 803 000 0001' is 4). */
const MAX_PIECES = 6;

/** Splits one comma/semicolon/newline-separated piece into numbers that may contain spaces. */
function splitPiece(piece: string, country: string): { input: string; result: PhoneResult }[] {
  const tokens = piece.split(/\s+/).filter(Boolean);
  const out: { input: string; result: PhoneResult }[] = [];
  let i = 0;
  while (i < tokens.length) {
    let taken = 0;
    // The longest run of tokens from i that reads as a valid number ('0803 000 0001').
    for (let j = Math.min(tokens.length, i + MAX_PIECES); j > i && taken === 0; j -= 1) {
      const run = tokens.slice(i, j);
      if (j - i > 1 && !run.every((t, k) => NUMBER_LIKE.test(t) && (k === 0 || !t.startsWith('+')))) continue;
      const result = normalizePhone(run.join(' '), country);
      if (result.ok) {
        out.push({ input: run.join(' '), result });
        taken = j - i;
      }
    }
    if (taken === 0) {
      // Not valid however joined: report the run of number-like pieces (up to 15 digits) as one item.
      let j = i + 1;
      let digits = tokens[i]!.replace(/\D/g, '').length;
      while (
        NUMBER_LIKE.test(tokens[i]!) &&
        j < tokens.length &&
        j - i < MAX_PIECES &&
        NUMBER_LIKE.test(tokens[j]!) &&
        !tokens[j]!.startsWith('+') &&
        digits + tokens[j]!.replace(/\D/g, '').length <= 15
      ) {
        digits += tokens[j]!.replace(/\D/g, '').length;
        j += 1;
      }
      const input = tokens.slice(i, j).join(' ');
      out.push({ input, result: normalizePhone(input, country) });
      taken = j - i;
    }
    i += taken;
  }
  return out;
}

/**
 * Reads a typed or pasted list of phone numbers (issue 9 'Composing': "typed numbers").
 *
 * Items are separated by commas, semicolons, newlines or runs of whitespace; a number written
 * with spaces ('0803 000 0001', '+44 7400 123456') stays one item when its pieces read as one
 * valid number. Each item is normalised with normalizePhone against `countryIso2`; numbers are
 * deduplicated by E.164 (08030000001 and +234 803 000 0001 are one), keeping the first.
 *
 * @returns every item in order with its result, the distinct valid numbers, the invalid items
 *   with their reasons and the count of duplicates (see PhoneList)
 */
export function parsePhoneList(text: string, countryIso2: string): PhoneList {
  const items: PhoneListItem[] = [];
  const numbers: string[] = [];
  const invalid: { input: string; reason: string }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const piece of text.split(/[,;\r\n]+/)) {
    for (const { input, result } of splitPiece(piece, countryIso2)) {
      if (!result.ok) {
        items.push({ input, ok: false, reason: result.reason });
        invalid.push({ input, reason: result.reason });
        continue;
      }
      const duplicate = seen.has(result.e164);
      items.push({ input, ok: true, e164: result.e164, duplicate });
      if (duplicate) duplicates += 1;
      else {
        seen.add(result.e164);
        numbers.push(result.e164);
      }
    }
  }
  return { items, numbers, invalid, duplicates };
}
