import type { TCurrency, TFxRates } from '@steward/contracts/lookups';

/** The key of a currency in GET /fxRates: 'usd' + the lowercase ISO 4217 code ('usdngn'). */
export function fxRateKey(code: string): string {
  return `usd${code.toLowerCase()}`;
}

/**
 * The currencies a currency picker offers (issue 7, part 4): those with a stored exchange rate
 * in `rates` (GET /fxRates, units per USD), USD itself, and the ids in `keep` (the value already
 * chosen, e.g. the tenant currency or an offering's saved currency), in the order of
 * `currencies`. While the rates are not loaded (`rates` undefined) every currency is offered, so
 * the picker is never empty; the server still refuses a currency without a rate at Save.
 */
export function currenciesWithRate<C extends Pick<TCurrency, 'id' | 'shortCode'>>(
  currencies: readonly C[],
  rates: TFxRates | undefined,
  keep: readonly (number | null | undefined)[] = [],
): C[] {
  if (!rates) return [...currencies];
  const kept = new Set(keep.filter((id): id is number => typeof id === 'number'));
  return currencies.filter(
    (c) => kept.has(c.id) || c.shortCode.toUpperCase() === 'USD' || rates[fxRateKey(c.shortCode)] !== undefined,
  );
}

/** What a currency picker says when the typed text matches no offered currency. */
export const NO_RATE_CURRENCY_TEXT =
  'Only currencies with a stored exchange rate can be chosen. Ask your Steward administrator to load the rate of another currency.';
