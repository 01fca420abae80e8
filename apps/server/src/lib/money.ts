import {
  parseAmount,
  MoneyParseError,
  maxDocumentMinor,
  minorToNumber,
  MAX_DOCUMENT_MAJOR_UNITS,
} from '@steward/money/parse';
import { badRequest } from './errors.ts';

/**
 * Converts a request amount (decimal number or text in major units) to minor units of
 * `currency`, throwing a 400 naming `field` when it is not a positive amount with at most
 * the currency's decimals, or passes MAX_AMOUNT_MAJOR_UNITS (10^12 major units; issue 6).
 */
export function amountToMinor(value: number | string, currency: string, field: string): bigint {
  try {
    const minor = parseAmount(value, currency);
    if (minor <= 0n) throw badRequest(field, 'must be more than zero');
    return minor;
  } catch (e) {
    if (e instanceof MoneyParseError) throw badRequest(field, moneyReason(e.reason, currency));
    throw e;
  }
}

function moneyReason(reason: MoneyParseError['reason'], currency: string): string {
  switch (reason) {
    case 'too-many-decimals':
      return `has more decimals than ${currency} allows`;
    case 'negative':
      return 'must not be negative';
    case 'too-large':
      return `is too large: one amount may be at most 1,000,000,000,000 ${currency}`;
    default:
      return 'must be a number';
  }
}

/** Minor units to the JSON number the spec's responses carry. */
export const minorToJson = (minor: bigint, currency: string): number => minorToNumber(minor, currency);

/**
 * Refuses a document (an offering save, an income or expense, a journal) whose amounts add up
 * to more than MAX_DOCUMENT_MAJOR_UNITS (10^13 major units) in one currency: 400 naming
 * `field`. `amounts` are minor units, each with its ISO 4217 currency.
 */
export function assertDocumentTotal(amounts: { amountMinor: bigint; currency: string }[], field: string): void {
  const totals = new Map<string, bigint>();
  for (const a of amounts) totals.set(a.currency, (totals.get(a.currency) ?? 0n) + a.amountMinor);
  for (const [currency, total] of totals) {
    if (total > maxDocumentMinor(currency))
      throw badRequest(
        field,
        `add up to more than one document may hold (${MAX_DOCUMENT_MAJOR_UNITS.toLocaleString('en-US')} ${currency}); save them in smaller documents`,
      );
  }
}
