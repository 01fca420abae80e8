import type { ModuleCtx } from '../../lib/module.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import { registerBanks } from './banks-routes.ts';
import { registerPaymentForms } from './forms-routes.ts';

/**
 * Giving's HTTP API (issue 10): payment forms (forms-routes.ts) and banks, gateways, account
 * checks and subaccounts (banks-routes.ts). `providers` are the card payment providers
 * (payments/provider.ts), opened by the app from configuration.
 */
export function registerGiving(ctx: ModuleCtx, providers: PaymentProviders): void {
  registerPaymentForms(ctx, providers);
  registerBanks(ctx, providers);
}
