import { z } from 'zod';

/** GET /api/lookup/getallcurrencies item; `id` is the ISO 4217 numeric code. */
export const ZCurrency = z.object({
  id: z.number().int(),
  shortCode: z.string(),
  name: z.string(),
  country: z.string(),
  displayName: z.string(),
  decimals: z.number().int(),
  symbol: z.string(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

/** GET /api/getallcountries item; `id` is the ISO 3166 numeric code. */
export const ZCountry = z.object({ id: z.number().int(), code: z.string(), name: z.string(), currency: z.string() });
export type TCountry = z.infer<typeof ZCountry>;

/** GET /api/Lookup/TenantCurrency answer. */
export const ZTenantCurrency = z.object({
  currency: z.string(),
  currencyId: z.number().int(),
  symbol: z.string(),
  decimals: z.number().int(),
});

/** GET /fxRates: units of each currency per 1 USD, keyed 'usd' + lowercase code. */
export const ZFxRates = z.record(z.string(), z.number());
export type TFxRates = z.infer<typeof ZFxRates>;
