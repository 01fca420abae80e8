import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  CHURCH_FX_RATE_SAVED,
  ZChurchFxRatePage,
  ZChurchFxRateQuery,
  ZSaveChurchFxRate,
  ZSaveChurchFxRateAnswer,
} from '@steward/contracts/church-fx-rates';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import type { ModuleCtx } from '../../lib/module.ts';
import { listChurchRates, saveChurchRate } from './church-fx-rates-service.ts';

/**
 * A church's own exchange rates (issue 7, part 4; the spec names no path, so they sit with the
 * finance calls): listed by anyone signed in, entered by an administrator. Posting (ledger/fx.ts
 * ratesOn) and GET /fxRates then use them for this church only.
 */
export function registerChurchFxRates({ app, db }: ModuleCtx): void {
  const tags = ['exchange rates'];

  app.get(
    '/api/Financials/ExchangeRates',
    {
      schema: {
        tags,
        summary:
          "The exchange rates the church entered, newest first (units per USD); ?currencyCode= for one currency's",
        querystring: ZChurchFxRateQuery,
        response: { 200: ZChurchFxRatePage, 400: ZErrorEnvelope, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, (ctx) => listChurchRates(ctx, req.query)),
  );

  app.post(
    '/api/Financials/ExchangeRates',
    {
      schema: {
        tags,
        summary: "An administrator enters the church's rate of a currency (units per USD, from a date)",
        description:
          'Body {currencyCode, unitsPerUsd, rateDate?}: `unitsPerUsd` units of the currency per 1 USD (at most ' +
          '12 significant digits and 10 decimals, more than 0); `rateDate` not in the future, today when absent. ' +
          "Not USD nor the church's own currency. The same currency and date again replaces the rate.",
        body: ZSaveChurchFxRate,
        response: { 200: ZSaveChurchFxRateAnswer, 400: ZErrorEnvelope, 401: ZMessage, 403: ZErrorEnvelope },
      },
    },
    async (req) => ok(await inTenant(db, req, (ctx) => saveChurchRate(ctx, req.body)), CHURCH_FX_RATE_SAVED),
  );
}
