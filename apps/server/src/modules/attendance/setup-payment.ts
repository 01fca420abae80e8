import type { TenantCtx } from '../../lib/context.ts';
import { saveForm, type RunInTenant } from '../giving/forms-service.ts';
import * as giving from '../giving/queries.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import { ensureContributionItem } from './setup-queries.ts';

/*
 * The paid part of an attendance set-up (spec 2.9 'Paid' tab): the offering item registration
 * fees are recorded under and the payment form they are paid through (issue 12 takes the
 * payments), both made through the offerings and giving modules' own rules, in the set-up's
 * transaction.
 */

export interface SetupPaymentInput {
  /** the set-up's payment form when it has one (an edit) */
  formId: string | null;
  /** the payment form's name, e.g. 'Registration: Youth Conference (05/03/2026)' */
  formName: string;
  /** the offering item's name (the client sends the event's name) */
  itemName: string;
  /** checked by the caller: an income account and a cash or bank account of the church */
  incomeAccountId: string;
  cashAccountId: string;
  bankCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
}

/**
 * Makes (or updates) the payment form of a paid set-up and answers its id and the offering
 * item's id. The item named `itemName` is the church's existing one of that name (any case;
 * made active again if it was deactivated) or a new one with the given income and cash
 * accounts. The form gets the item (its other items are removed), the bank account (giving's
 * rules: a known bank of the church's country, a Nigerian number of 10 digits, a number needs
 * its bank), and, when new, the active gateways that settle without a provider subaccount
 * (Paystack): a gateway that needs one (FlutterWave) is added on the payment form's own page,
 * where Steward creates the subaccount through the provider.
 *
 * Runs in the caller's transaction (`ctx`). Throws giving's 400s naming bankCode or
 * accountNumber; ProviderUnavailable (503) only when the form already has a gateway that needs a
 * new subaccount because the bank account changed.
 */
export async function savePaymentForm(
  ctx: TenantCtx,
  providers: PaymentProviders,
  origin: string,
  input: SetupPaymentInput,
): Promise<{ formId: string; itemId: string }> {
  const itemId = await ensureContributionItem(
    ctx.tx,
    ctx.tenantId,
    input.itemName,
    input.incomeAccountId,
    input.cashAccountId,
  );
  const run: RunInTenant = (fn) => fn(ctx);
  const stale = input.formId
    ? (await giving.formItems(ctx.tx, ctx.tenantId, input.formId)).filter((r) => r.itemId !== itemId).map((r) => r.id)
    : [];
  const gateways = input.formId
    ? []
    : (await giving.allGateways(ctx.tx))
        .filter((g) => g.isActive && !g.isSubAccountSupported)
        .map((g) => ({ paymentGateWayID: g.id, subAccountID: null }));
  const form = await saveForm(
    run,
    providers,
    {
      ...(input.formId ? { id: input.formId } : {}),
      name: input.formName,
      bankCode: input.bankCode,
      accountNumber: input.accountNumber,
      accountName: input.accountName,
      isActive: true,
      contributionItems: [{ financialContributionID: itemId }],
      paymentGateWays: gateways,
      removeContributionIDs: stale,
      removePaymentGatewayIDs: [],
    },
    origin,
  );
  return { formId: form.id, itemId };
}
