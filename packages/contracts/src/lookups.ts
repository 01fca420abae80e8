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
/** A country (ISO 3166): numeric id, alpha-2 code, name, its currency's code and ISO numeric id (0 when none). */
export const ZCountry = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencyId: z.number().int(),
});
export type TCountry = z.infer<typeof ZCountry>;

/**
 * GET /api/Lookup/TenantCurrency answer: `currency` (ISO 4217 code), `currencyId` (ISO numeric),
 * the symbol as `symbol` and as `currencySymbol` (the name the existing client reads,
 * existing-client-api §2.1, §5.3), and the currency's decimals.
 */
export const ZTenantCurrency = z.object({
  currency: z.string(),
  currencyId: z.number().int(),
  symbol: z.string(),
  currencySymbol: z.string(),
  decimals: z.number().int(),
});

/** GET /fxRates: units of each currency per 1 USD, keyed 'usd' + lowercase code. */
export const ZFxRates = z.record(z.string(), z.number());
export type TFxRates = z.infer<typeof ZFxRates>;

/** One value of a lookup list: a small integer id (what people rows store) and its text. */
export const ZLookUp = z.object({ id: z.number().int(), value: z.string() });
export type TLookUp = z.infer<typeof ZLookUp>;

/**
 * GET /api/LookUp/GetAllLookUps item (existing-client-api §1.3, §7(b)8): a lookup list by
 * `type`. The types are exactly 'Gender', 'MaritalStatus', 'Outcome' and 'ActivityType'
 * (the client finds them lowercased, and 'Gender'/'MaritalStatus' also in exact case).
 */
export const ZLookUpGroup = z.object({ type: z.string(), lookUps: z.array(ZLookUp) });
export type TLookUpGroup = z.infer<typeof ZLookUpGroup>;

/** GET /api/membership/howyouheardaboutus item: how a guest heard of the church. */
export const ZHowYouHeard = z.object({ id: z.number().int(), name: z.string() });
export type THowYouHeard = z.infer<typeof ZHowYouHeard>;

/** A family role (GET /getfamilyroles, existing-client-api §4.3, §5.1): bare `{id, name}`. */
export const ZFamilyRole = z.object({ id: z.number().int(), name: z.string() });
export type TFamilyRole = z.infer<typeof ZFamilyRole>;
