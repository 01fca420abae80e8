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
 * the picker is never empty; the server still refuses a currency without a rate at Save. `rates`
 * is the signed-in church's GET /fxRates: the global rates with the church's own merged over them.
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

/** What a currency picker says first when the typed text matches no offered currency. */
export const NO_RATE_CURRENCY_LEAD = 'Only currencies with a stored exchange rate can be chosen.';

/** The whole no-rate guidance for a user who cannot enter rates (not an administrator). */
export const NO_RATE_CURRENCY_TEXT = `${NO_RATE_CURRENCY_LEAD} Ask an administrator of your church to enter the rate of another currency.`;

/**
 * The known currency a picker's search text names (its code, e.g. 'chf', or its name, e.g.
 * 'swiss franc', case-insensitive), or undefined: what 'Enter a rate' starts the dialog on.
 */
export function currencyNamedBy<C extends Pick<TCurrency, 'shortCode' | 'name'>>(
  currencies: readonly C[],
  search: string,
): C | undefined {
  const s = search.trim().toLowerCase();
  if (!s) return undefined;
  return currencies.find((c) => c.shortCode.toLowerCase() === s) ?? currencies.find((c) => c.name.toLowerCase() === s);
}

/**
 * The currencies a church may enter a rate for (issue 7, part 4): every known currency but USD
 * (the base of every rate) and the church's own (`tenantCode`; its rate is the global one), those
 * without a rate in `rates` first, each group in the order of `currencies`.
 */
export function currenciesForChurchRate<C extends Pick<TCurrency, 'shortCode'>>(
  currencies: readonly C[],
  rates: TFxRates | undefined,
  tenantCode: string,
): C[] {
  const eligible = currencies.filter(
    (c) => c.shortCode.toUpperCase() !== 'USD' && c.shortCode.toUpperCase() !== tenantCode.toUpperCase(),
  );
  const rated = (c: C) => rates?.[fxRateKey(c.shortCode)] !== undefined;
  return [...eligible.filter((c) => !rated(c)), ...eligible.filter(rated)];
}
