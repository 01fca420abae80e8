import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import {
  GIVING_MESSAGES,
  ZPaymentForm,
  ZPaymentFormCreate,
  ZPaymentFormDeleted,
  ZPaymentFormIdQuery,
  ZPaymentFormItemDeleted,
  ZPaymentFormItemDeleteQuery,
  ZPaymentFormList,
  ZPaymentFormListQuery,
  ZPaymentFormSaved,
  ZPaymentFormUpdate,
  ZProviderUnavailable,
} from '@steward/contracts/giving';
import type { FastifyRequest } from 'fastify';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import * as forms from './forms-service.ts';
import { orUnavailable, originOf } from './http.ts';

/**
 * Payment forms, admin side (giving spec 2.1-2.3, §4, §5, §7, §8; existing-client-api §3.1;
 * issue 10 'Admin screens'). Every route needs a church session (401 `{message}` without one).
 */
export function registerPaymentForms({ app, db, config }: ModuleCtx, providers: PaymentProviders): void {
  const tags = ['giving'];
  const err = { 400: ZErrorEnvelope, 401: ZMessage, 404: ZErrorEnvelope };
  const run =
    (req: FastifyRequest): forms.RunInTenant =>
    (fn) =>
      inTenant(db, req, fn);

  app.get(
    '/api/PaymentForm/GetAll',
    {
      schema: {
        tags,
        summary: "The church's payment forms, newest first; ?search= keeps those whose name or bank contains it",
        querystring: ZPaymentFormListQuery,
        response: { 200: ZPaymentFormList, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => forms.listForms(ctx, req.query.search)),
  );

  app.get(
    '/api/PaymentForm/GetOne',
    {
      schema: {
        tags,
        summary:
          'A payment form with its contribution items, gateways, public link and a PNG QR code of the link (paymentUrlQRCode)',
        querystring: ZPaymentFormIdQuery,
        response: { 200: ZPaymentForm, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => forms.getForm(ctx, req.query.paymentFormID, originOf(req, config.PUBLIC_URL))),
  );

  app.post(
    '/api/PaymentForm/newpaymentform',
    {
      schema: {
        tags,
        summary:
          'Creates a payment form; a gateway that settles through a subaccount (FlutterWave) saved without subAccountID ' +
          'gets one created for the bank account (503 when the provider cannot be reached: nothing is saved)',
        body: ZPaymentFormCreate,
        response: { 200: ZPaymentFormSaved, ...err, 503: ZProviderUnavailable },
      },
    },
    (req, reply) =>
      orUnavailable(req, reply, async () => {
        const form = await forms.saveForm(run(req), providers, req.body, originOf(req, config.PUBLIC_URL));
        return { ...ok(form, GIVING_MESSAGES.formCreated), id: form.id };
      }),
  );

  app.put(
    '/api/PaymentForm/update',
    {
      schema: {
        tags,
        summary:
          'Updates a payment form: items and gateways sent are added or kept, removeContributionIDs and ' +
          'removePaymentGatewayIDs are removed (503 when a needed subaccount cannot be created: nothing is saved)',
        body: ZPaymentFormUpdate,
        response: { 200: ZPaymentFormSaved, ...err, 503: ZProviderUnavailable },
      },
    },
    (req, reply) =>
      orUnavailable(req, reply, async () => {
        const form = await forms.saveForm(run(req), providers, req.body, originOf(req, config.PUBLIC_URL));
        return { ...ok(form, GIVING_MESSAGES.formUpdated), id: form.id };
      }),
  );

  app.delete(
    '/api/PaymentForm/Delete',
    {
      schema: {
        tags,
        summary:
          'Deletes a payment form; one with payments or event registrations is deactivated instead, keeping its history',
        querystring: ZPaymentFormIdQuery,
        response: { 200: ZPaymentFormDeleted, ...err },
      },
    },
    async (req) => {
      const result = await inTenant(db, req, (ctx) => forms.deleteForm(ctx, req.query.paymentFormID));
      return ok(result, result.deleted ? GIVING_MESSAGES.formDeleted : GIVING_MESSAGES.formDeactivated);
    },
  );

  app.delete(
    '/mobile/v1/PaymentForm/contributionItem',
    {
      schema: {
        tags,
        summary: 'Removes a saved contribution item row (its id as GetOne gives it) from its payment form',
        querystring: ZPaymentFormItemDeleteQuery,
        response: { 200: ZPaymentFormItemDeleted, ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => forms.deleteFormItem(ctx, req.query.contributionItemID)),
        GIVING_MESSAGES.contributionItemDeleted,
      ),
  );
}
