import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  GIVING_MESSAGES,
  ZBankList,
  ZPaymentGatewayList,
  ZProviderUnavailable,
  ZResolveAccountAnswer,
  ZResolveAccountQuery,
  ZSubaccountList,
  ZSubaccountsQuery,
} from '@steward/contracts/giving';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { RateLimiter, secondsUntil } from '../auth/throttle.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import * as banks from './banks-service.ts';
import { orUnavailable } from './http.ts';

/**
 * Banks, card payment gateways, the church's account-name check and Flutterwave subaccounts
 * (giving spec §3, §4, §7; existing-client-api §3.1, §7d). The existing client asked the
 * providers itself with a secret key in its bundle; Steward asks them from the server, so keys
 * never reach a browser (issue 10). Every route needs a church session.
 */
export function registerBanks({ app, db }: ModuleCtx, providers: PaymentProviders): void {
  const tags = ['giving'];
  const limiter = new RateLimiter(db);

  app.get(
    '/api/Financials/GetBanks',
    {
      schema: {
        tags,
        summary: "The banks of the church's country, by name, with the code Paystack and Flutterwave use",
        response: { 200: ZBankList, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, banks.listBanks),
  );

  app.get(
    '/api/Financials/GetPaymentGateways',
    {
      schema: {
        tags,
        summary: 'The card payment gateways Steward offers (Paystack, FlutterWave)',
        response: { 200: ZPaymentGatewayList, 401: ZMessage },
      },
    },
    (req) => inTenant(db, req, banks.listGateways),
  );

  app.get(
    '/api/Financials/ResolveAccount',
    {
      schema: {
        tags,
        summary:
          'The account holder name of a bank account, asked of Paystack (then FlutterWave when Paystack is unavailable); ' +
          `at most ${banks.RESOLVE_RATE_MAX} checks a minute per church`,
        querystring: ZResolveAccountQuery,
        response: {
          200: ZResolveAccountAnswer,
          400: ZErrorEnvelope,
          401: ZMessage,
          429: ZMessage,
          503: ZProviderUnavailable,
        },
      },
    },
    async (req, reply) => {
      const bank = await inTenant(db, req, (ctx) => banks.bankOfChurch(ctx, req.query.bankCode));
      // each check spends Steward's provider key: counted per church, in PostgreSQL
      const count = await limiter.hit(`resolve-account:${req.auth!.tenantId}`, banks.RESOLVE_RATE_WINDOW_SECONDS);
      if (count.hits > banks.RESOLVE_RATE_MAX)
        return reply
          .code(429)
          .header('retry-after', String(secondsUntil(count.resetAt)))
          .send({ message: 'Too many account checks, please wait a minute and try again' });
      return orUnavailable(req, reply, async () => {
        const resolved = await banks.resolveAccount(providers, bank, req.query.accountNumber);
        return {
          status: true as const,
          response: GIVING_MESSAGES.accountCheckSuccessful,
          accountName: resolved.accountName,
          returnObject: resolved,
        };
      });
    },
  );

  app.get(
    '/api/PaymentForm/subaccounts',
    {
      schema: {
        tags,
        summary:
          "FlutterWave subaccounts: of ?accountNumber= when given, else those of the church's forms " +
          '(subaccount_id, meta[{meta_name, meta_value}])',
        querystring: ZSubaccountsQuery,
        response: { 200: ZSubaccountList, 400: ZErrorEnvelope, 401: ZMessage, 503: ZProviderUnavailable },
      },
    },
    async (req, reply) => {
      const scope = await inTenant(db, req, banks.subaccountScope);
      return orUnavailable(req, reply, () =>
        banks.listSubaccounts(providers, { ...scope, accountNumber: req.query.accountNumber ?? null }, scope.bankNames),
      );
    },
  );
}
