import { z } from 'zod';
import {
  ZCountry,
  ZCurrency,
  ZFamilyRole,
  ZFxRates,
  ZHowYouHeard,
  ZLookUpGroup,
  ZTenantCurrency,
} from '@steward/contracts/lookups';
import { ZId, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { withoutTenant } from '../../db/client.ts';
import { latestRatesFor } from '../ledger/fx.ts';
import { allCountries, allCurrencies } from './reference.ts';
import { FAMILY_ROLES, HOW_YOU_HEARD, LOOKUP_GROUPS } from './people-lookups.ts';
import * as service from './service.ts';

/**
 * Currencies, countries, FX rates, the tenant currency (spec §7) and the people lookups the
 * existing client reads at start-up (existing-client-api §1.3). The public ones count in
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
      schema: {
        tags,
        summary: 'Units of each currency per USD',
        description:
          "The newest stored rate of each currency. Signed in, the church's own rates (POST " +
          '/api/Financials/ExchangeRates) are merged over the global ones, as posting uses them.',
        response: { 200: ZFxRates, 429: ZMessage },
      },
    },
    (req) =>
      req.auth ? inTenant(db, req, latestRatesFor) : withoutTenant(db, (tx) => latestRatesFor({ tx, tenantId: null })),
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
  // public: the public event registration page reads them too (existing-client-api §5.1)
  app.get(
    '/api/LookUp/GetAllLookUps',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'People lookups: Gender, MaritalStatus, Outcome, ActivityType',
        response: { 200: z.array(ZLookUpGroup), 429: ZMessage },
      },
    },
    async () => [...LOOKUP_GROUPS],
  );
  app.get(
    '/api/membership/howyouheardaboutus',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'How a guest heard of the church',
        response: { 200: z.array(ZHowYouHeard), 429: ZMessage },
      },
    },
    async () => [...HOW_YOU_HEARD],
  );
  // public: the check-in portal and the public registration page read it (existing-client-api §4.4, §5.1)
  app.get(
    '/getfamilyroles',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A person's role in a family: Father, Mother, ...",
        response: { 200: z.array(ZFamilyRole), 429: ZMessage },
      },
    },
    async () => [...FAMILY_ROLES],
  );
}
