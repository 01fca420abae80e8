import { numberToDecimalText, splitDecimalText } from '@steward/money/decimal-text';
import { z } from 'zod';
import { ZDate, ZEnvelope, ZPaged } from './common.ts';

/**
 * A church's own exchange rates (issue 7, part 4): an administrator enters the rate of a
 * currency the global rates lack, for the church only. A rate is given as the stored figure
 * itself, units of the currency per 1 USD ('1 USD = 14.655 GHS'), the unit of every rate in
 * Steward (GET /fxRates, ledger/fx.ts); see the ledger README for why not '1 GHS = N NGN'.
 */

/** Most significant digits of an entered rate. */
export const RATE_MAX_SIGNIFICANT_DIGITS = 12;
/** Most decimal places of an entered rate (the column is NUMERIC(24, 10)). */
export const RATE_MAX_DECIMALS = 10;

/** The role that may enter a church's rates (auth README: an administrator's role is 'Admin'). */
export const RATE_ADMIN_ROLE = 'Admin';

/** The answer's `response` and the web's toast when a rate is saved. */
export const CHURCH_FX_RATE_SAVED = 'Exchange rate saved';

/** Grouping commas in the integer part only as thousands (1,465.5); anything else is refused. */
const RATE_TEXT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * `value` (a JSON number or decimal text) as canonical plain decimal text ('0014.6550' →
 * '14.655'), or the reason it is not an acceptable rate: positive, at most
 * RATE_MAX_SIGNIFICANT_DIGITS significant digits and RATE_MAX_DECIMALS decimal places. Exact:
 * a number is read from its shortest round-trip form, never rounded. Never throws.
 */
export function parseRate(value: number | string): { text: string } | { error: string } {
  const raw = typeof value === 'number' ? numberToDecimalText(value) : value.trim();
  if (raw?.startsWith('-')) return { error: 'must be more than 0' };
  const m = raw === undefined ? null : RATE_TEXT.exec(raw);
  const parts = m ? splitDecimalText(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`) : undefined;
  if (!parts) return { error: 'must be a number such as 14.655' };
  const intDigits = parts.intDigits.replace(/^0+/, '');
  const fracDigits = parts.fracDigits.replace(/0+$/, '');
  if (intDigits === '' && fracDigits === '') return { error: 'must be more than 0' };
  if (fracDigits.length > RATE_MAX_DECIMALS) return { error: `must have at most ${RATE_MAX_DECIMALS} decimal places` };
  const significant = `${intDigits}${fracDigits}`.replace(/^0+/, '').replace(/0+$/, '');
  if (intDigits.length > RATE_MAX_SIGNIFICANT_DIGITS) return { error: 'must be less than 1,000,000,000,000' };
  if (significant.length > RATE_MAX_SIGNIFICANT_DIGITS)
    return { error: `must have at most ${RATE_MAX_SIGNIFICANT_DIGITS} significant digits` };
  return { text: fracDigits ? `${intDigits || '0'}.${fracDigits}` : intDigits };
}

/** A rate as JSON carries it (number or decimal text), normalised to canonical decimal text. */
export const ZRateValue = z
  .union([z.number(), z.string().max(40, 'must be a number such as 14.655')])
  .transform((v, ctx) => {
    const r = parseRate(v);
    if ('error' in r) {
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }
    return r.text;
  });

/** An ISO 4217 alphabetic code as typed ('ghs' → 'GHS'); whether Steward knows it is the server's check. */
export const ZCurrencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code such as GHS')
  .transform((v) => v.toUpperCase());

/**
 * POST /api/Financials/ExchangeRates body: `currencyCode` (a known currency, not the church's
 * own, not USD), `unitsPerUsd` (units of it per 1 USD) and `rateDate` (the day it holds from,
 * not in the future; today when absent).
 */
export const ZSaveChurchFxRate = z.object({
  currencyCode: ZCurrencyCode,
  unitsPerUsd: ZRateValue,
  rateDate: ZDate.optional(),
});
export type TSaveChurchFxRate = z.input<typeof ZSaveChurchFxRate>;

/**
 * One rate the church entered: `unitsPerUsd` as a JSON number (at most 12 significant digits,
 * so exact), `rateDate` 'YYYY-MM-DD', who entered it (user id and name) and when (ISO instant).
 */
export const ZChurchFxRate = z.object({
  currencyCode: z.string(),
  rateDate: z.string(),
  unitsPerUsd: z.number(),
  enteredById: z.uuid(),
  enteredBy: z.string(),
  enteredAt: z.string(),
});
export type TChurchFxRate = z.infer<typeof ZChurchFxRate>;

/** The answer of POST /api/Financials/ExchangeRates: the envelope with the saved rate. */
export const ZSaveChurchFxRateAnswer = ZEnvelope(ZChurchFxRate);

/** GET /api/Financials/ExchangeRates?page=&currencyCode=: 1-based page, optionally one currency. */
export const ZChurchFxRateQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  currencyCode: ZCurrencyCode.optional(),
});

/** Page size of the church's rate list. */
export const CHURCH_FX_RATE_PAGE_SIZE = 50;

/** The church's rates, newest date first (then currency), `{data, totalItems}`. */
export const ZChurchFxRatePage = ZPaged(ZChurchFxRate);
