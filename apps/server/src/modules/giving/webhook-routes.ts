import { ZWebhookAnswer } from '@steward/contracts/donations';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { failure } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { ProviderError, type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import { settle, type SettleDeps } from './settlement.ts';

/**
 * The providers' webhooks (issue 10 'Every gift in the books exactly once'):
 * `POST /api/Payments/paystack/webhook` and `POST /api/Payments/flutterwave/webhook`. The body is
 * kept as the raw bytes (a parser scoped to these routes) and its signature checked by the
 * provider's adapter (constant time) before anything is read: a forged or unsigned one answers
 * 401 and writes nothing. A signed one is only a hint: the payment it names is settled by asking
 * the provider (settle). Answers 200 once handled (also for a reference Steward does not know, so
 * the provider stops sending it), 503 when the provider cannot be asked (it sends again later).
 */
export function registerPaymentWebhooks({ app }: ModuleCtx, providers: PaymentProviders, deps: () => SettleDeps): void {
  app.register(async (scope) => {
    // the signature is over the bytes as sent: keep them, whatever the content type says
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const name of ['paystack', 'flutterwave'] as const satisfies readonly ProviderName[]) {
      scope.post(
        `/api/Payments/${name}/webhook`,
        {
          config: { public: true },
          schema: {
            tags: ['giving: public'],
            summary: `${name === 'paystack' ? 'Paystack' : 'Flutterwave'}'s signed payment events (a hint: Steward verifies with the provider)`,
            response: { 200: ZWebhookAnswer, 401: ZMessage, 503: ZErrorEnvelope },
          },
        },
        async (req, reply) => {
          const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const event = providers[name].parseWebhook({ rawBody, headers: req.headers });
          if (!event) throw unauthorized('The signature does not match');
          if (!event.reference) return { status: true, response: 'No payment reference: nothing to do' };
          try {
            const done = await settle(deps(), event.reference, {
              via: 'webhook',
              providerTransactionId: event.providerTransactionId,
              provider: name,
            });
            if (!done) return { status: true, response: 'Not a payment of Steward: nothing to do' };
            return { status: true, response: `Payment ${done.payment.status}` };
          } catch (e) {
            if (!(e instanceof ProviderError)) throw e;
            req.log.warn({ event: 'payment_provider_unavailable', route: req.routeOptions.url, kind: e.kind });
            return reply
              .code(503)
              .header('retry-after', '60')
              .send(failure('The payment provider could not be asked about this payment; send it again later'));
          }
        },
      );
    }
  });
}
