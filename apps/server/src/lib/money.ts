import { parseAmount, MoneyParseError, minorToNumber } from '@steward/money/parse';
import { badRequest } from './errors.ts';

/**
 * Converts a request amount (decimal number or text in major units) to minor units of
 * `currency`, throwing a 400 naming `field` when it is not a positive amount with at most
 * the currency's decimals.
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
      return 'is too large';
    default:
      return 'must be a number';
  }
}

/** Minor units to the JSON number the spec's responses carry. */
export const minorToJson = (minor: bigint, currency: string): number => minorToNumber(minor, currency);
