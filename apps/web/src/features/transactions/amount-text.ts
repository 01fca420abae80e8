import { formatMoney } from '@steward/money/format';
import { minorToDecimalString, parseAmount } from '@steward/money/parse';

/**
 * What an amount input keeps: digits, grouping commas, one dot and a leading minus
 * ('₦-1,200.50x' → '-1,200.50'). Amounts are saved as absolute values (spec §5), but a typed
 * minus is kept so the sum rules see what the user wrote.
 */
export function cleanAmountInput(text: string): string {
  let out = '';
  let seenDot = false;
  for (const ch of text.trim()) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === ',' && !seenDot) out += ch;
    else if (ch === '.' && !seenDot) {
      seenDot = true;
      out += ch;
    } else if (ch === '-' && out === '') out = '-';
  }
  return out;
}

/**
 * An amount text in major units as signed minor units of `currency`: '' → 0n; commas are
 * ignored; null when it is not an amount (too many decimals, '-', '.').
 */
export function amountMinor(text: string, currency: string): bigint | null {
  const t = text.replaceAll(',', '').trim();
  if (t === '') return 0n;
  try {
    return parseAmount(t, currency, { allowNegative: true });
  } catch {
    return null;
  }
}

export function absMinor(v: bigint): bigint {
  return v < 0n ? -v : v;
}

/** Minor units as the API's decimal text ('12500.50'), the magnitude only (saved amounts are absolute). */
export function absDecimalText(minor: bigint, currency: string): string {
  return minorToDecimalString(absMinor(minor), currency);
}

/** Minor units formatted in `currency` with symbol and separators ('₦1,500.50'); code + number when unknown. */
export function formatMinor(minor: bigint, currency: string): string {
  try {
    return formatMoney(minor, currency);
  } catch {
    return `${currency} ${minorToDecimalString(minor, 'USD')}`;
  }
}

const INPUT_GROUPING = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20, useGrouping: true });

/**
 * A saved amount (decimal major units, as the API answers it) as an amount input shows it: its
 * magnitude with grouping commas and its own decimals (1200 → '1,200', -1200.5 → '1,200.5'), so
 * a loaded transaction reads like a typed one. `amountMinor` reads it back.
 */
export function amountInputText(amount: number): string {
  return INPUT_GROUPING.format(Math.abs(amount));
}
