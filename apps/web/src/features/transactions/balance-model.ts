import { convertMinor, type FxRates } from '@steward/money/fx';
import { minorToDecimalString, parseAmount } from '@steward/money/parse';

export type BalanceTotal = { ok: true; minor: bigint } | { ok: false; missing: string };

/**
 * The total of the cash and bank balances in `target` (the tenant currency, ISO code), in minor
 * units: each balance converted from its own currency with the USD-based /fxRates (divide by the
 * source rate, multiply by the destination rate; exact, rounded half-even, @steward/money/fx).
 * `{ok:false}` names the first currency without a rate (or the rates when not loaded yet).
 */
export function totalBalance(
  balances: readonly { balance: number; currency: string }[],
  target: string,
  rates: FxRates | undefined,
): BalanceTotal {
  let sum = 0n;
  for (const b of balances) {
    let minor: bigint;
    try {
      minor = parseAmount(b.balance, b.currency, { allowNegative: true });
    } catch {
      return { ok: false, missing: b.currency };
    }
    if (b.currency.toUpperCase() === target.toUpperCase()) {
      sum += minor;
      continue;
    }
    if (!rates) return { ok: false, missing: b.currency };
    try {
      sum += convertMinor(minor, b.currency, target, rates).amount;
    } catch {
      return { ok: false, missing: b.currency };
    }
  }
  return { ok: true, minor: sum };
}

/** An amount in minor units of `code` with its symbol and exactly 2 decimals (spec 2.8: '₦1,234.50'). */
export function formatTwoDecimals(minor: bigint, code: string): string {
  const text = minorToDecimalString(minor, code) as Intl.StringNumericLiteral;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(text);
  } catch {
    return `${code} ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(text)}`;
  }
}
