import { z } from 'zod';
import { ZCountry, ZCurrency, ZFxRates, ZTenantCurrency } from '@steward/contracts/lookups';
import { ZId, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { withoutTenant } from '../../db/client.ts';
import { allCountries, allCurrencies } from './reference.ts';
import * as service from './service.ts';

/**
 * Currencies, countries, FX rates and the tenant currency (spec §7). The public ones count in
 * the per-address PUBLIC_RATE_* limit (auth/throttle.ts) and may answer 429 `{message}`.
 */
export function registerLookups({ app, db }: ModuleCtx): void {
  const tags = ['lookups'];
  app.get(
    '/api/lookup/getallcurrencies',
    {
      config: { public: true },
      schema: { tags, summary: 'ISO 4217 currencies', response: { 200: z.array(ZCurrency), 429: ZMessage } },
    },
    async () => allCurrencies(),
  );
  app.get(
    '/api/getallcountries',
    {
      config: { public: true },
      schema: { tags, summary: 'ISO 3166 countries', response: { 200: z.array(ZCountry), 429: ZMessage } },
    },
    async () => allCountries(),
  );
  app.get(
    '/fxRates',
    {
      config: { public: true },
      schema: { tags, summary: 'Units of each currency per USD', response: { 200: ZFxRates, 429: ZMessage } },
    },
    () => withoutTenant(db, service.latestFxRates),
  );
  app.get(
    '/api/Lookup/TenantCurrency',
    {
      schema: {
        tags,
        summary: "The tenant's currency",
        querystring: z.object({ tenantID: ZId }),
        response: { 200: ZTenantCurrency },
      },
    },
    (req) => inTenant(db, req, (ctx) => service.tenantCurrency(ctx, req.query.tenantID)),
  );
}
