import { and, eq } from 'drizzle-orm';
import { parseAmount, MoneyParseError } from '@steward/money/parse';
import type { TDonatedBody } from '@steward/contracts/donations';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { amountToMinor, minorToJson } from '../../lib/money.ts';
import { findCurrencyById } from '../lookups/reference.ts';
import { paymentGateways } from '../lookups/schema.ts';
import { ProviderError, type PaymentProviders, type ProviderName, type VerifiedPayment } from '../payments/provider.ts';
import { providerOf } from './forms-service.ts';
import { fromProviderError } from './provider-errors.ts';
import { LABEL } from './public-give-checks.ts';
import * as q from './donation-queries.ts';
import * as forms from './queries.ts';
import { applyVerified, type Settled } from './settlement.ts';
import { paymentFormGateways, paymentForms, paymentItems, payments } from './schema.ts';

/*
 * POST /donated?paymentType=0|1 (existing-client-api §3.4): the existing client's `/pay` page
 * opens the provider's own popup (Paystack inline with a reference it makes itself, or
 * Flutterwave's checkout) and then tells Steward the gift was made. Steward believes only the
 * provider: it verifies the transaction (Paystack by reference, Flutterwave by transaction id),
 * accepts it only if it succeeded, its amount and currency are what the page claims and it paid
 * this church (a subaccount of one of the church's payment forms), and then records it and
 * settles it through settlement.ts's applyVerified — the same path as every other gift, once.
 */

/** paymentType 0 / 1 of the query. */
export const DONATED_PROVIDER: Record<'0' | '1', ProviderName> = { '0': 'paystack', '1': 'flutterwave' };

/** The gift as the page claims it, checked and in minor units of the church's currency. */
interface Claim {
  tenantId: string;
  currency: string;
  amountMinor: bigint;
  items: { contributionItemId: string; amountMinor: bigint }[];
}

/** Minor units of a claimed amount: Paystack's `amount*100` (a float near an integer), Flutterwave's major units. */
function claimedMinor(provider: ProviderName, amount: string | number, currency: string): bigint {
  if (provider === 'paystack') {
    const n = typeof amount === 'number' ? amount : Number(String(amount).replace(/,/g, ''));
    const whole = Math.round(n);
    // the page multiplies a decimal by 100 in floating point: 19.99*100 = 1998.9999999999998
    if (!Number.isFinite(n) || Math.abs(n - whole) > 1e-6 || whole <= 0 || !Number.isSafeInteger(whole))
      throw badRequest('amount', 'must be the gift in kobo (a whole number above zero) for Paystack');
    return BigInt(whole);
  }
  const minor = amountToMinor(amount, currency, 'amount');
  if (minor <= 0n) throw badRequest('amount', 'must be above zero');
  return minor;
}

/**
 * Checks the body against the church (no provider call, nothing written): the church exists,
 * the currency is the church's, the items are distinct and their amounts add up to `amount`.
 * Throws 400 naming the field.
 */
async function checkClaim(db: Db, provider: ProviderName, body: TDonatedBody): Promise<Claim> {
  const tenantField = body.tenantId !== undefined ? 'tenantId' : 'tenantID';
  const tenantId = body.tenantId ?? body.tenantID ?? null;
  if (!tenantId) throw badRequest(tenantField, 'is required');
  const church = await withTenant(db, tenantId, (tx) => q.churchProfile(tx, tenantId));
  if (!church) throw badRequest(tenantField, 'is not a church of Steward');
  const currency = church.currencyCode;
  const currencyField = body.currencyId !== undefined ? 'currencyId' : 'currencyID';
  const currencyId = body.currencyId ?? body.currencyID;
  if (currencyId !== undefined && currencyId !== 0 && findCurrencyById(currencyId)?.shortCode !== currency)
    throw badRequest(currencyField, `this church takes gifts in ${currency}`);
  if (provider === 'paystack' && currency !== 'NGN')
    throw badRequest('paymentType', `Paystack takes gifts in NGN only, not ${currency}`);

  const seen = new Set<string>();
  const items: Claim['items'] = [];
  for (const [n, given] of body.contributionItems.entries()) {
    const field = `contributionItems.${n}`;
    if (seen.has(given.contributionItemId)) throw badRequest(`${field}.contributionItemId`, 'is given twice');
    seen.add(given.contributionItemId);
    let minor: bigint;
    try {
      minor = parseAmount(given.amount, currency);
    } catch (e) {
      if (e instanceof MoneyParseError) minor = amountToMinor(given.amount, currency, `${field}.amount`);
      else throw e;
    }
    if (minor > 0n) items.push({ contributionItemId: given.contributionItemId, amountMinor: minor });
  }
  if (items.length === 0) throw badRequest('contributionItems', 'enter an amount for at least one item');
  const amountMinor = claimedMinor(provider, body.amount, currency);
  const sum = items.reduce((s, i) => s + i.amountMinor, 0n);
  if (sum !== amountMinor)
    throw badRequest(
      'contributionItems',
      `the items add up to ${minorToJson(sum, currency)} ${currency}, not ${minorToJson(amountMinor, currency)} ${currency}`,
    );
  return { tenantId, currency, amountMinor, items };
}

/** The provider's word on the transaction: Paystack by reference, Flutterwave by transaction id. */
async function verifyClaimed(
  providers: PaymentProviders,
  provider: ProviderName,
  transactionReference: string,
): Promise<VerifiedPayment> {
  try {
    return provider === 'paystack'
      ? await providers.paystack.verify(transactionReference)
      : await providers.flutterwave.verify('', transactionReference);
  } catch (e) {
    if (e instanceof ProviderError && (e.kind === 'not_found' || e.kind === 'invalid'))
      throw badRequest('transactionReference', `${LABEL[provider]} knows no such transaction`);
    throw fromProviderError(e, 'transactionReference', 'check the payment');
  }
}

/** 400 unless the provider's answer is a success of exactly the claimed amount and currency. */
function checkVerified(provider: ProviderName, claim: Claim, v: VerifiedPayment): void {
  if (v.status !== 'success')
    throw badRequest('transactionReference', `${LABEL[provider]} reports this payment as ${v.status}, not paid`);
  if (v.currency.toUpperCase() !== claim.currency)
    throw badRequest('currencyId', `${LABEL[provider]} took ${v.currency.toUpperCase()}, not ${claim.currency}`);
  if (v.amountMinor !== claim.amountMinor)
    throw badRequest(
      'amount',
      `${LABEL[provider]} took ${minorToJson(v.amountMinor, claim.currency)} ${claim.currency}, not ${minorToJson(claim.amountMinor, claim.currency)} ${claim.currency}`,
    );
  if (!v.reference) throw badRequest('transactionReference', `${LABEL[provider]} gave no reference for it`);
}

/**
 * The church's payment form that settles to `subaccountId` through `provider` and offers every
 * claimed item (an active form first). Throws 400 `transactionReference` when no form of the
 * church has that subaccount, 400 naming the item when none of those forms offers it.
 */
async function formOfSubaccount(
  ctx: TenantCtx,
  provider: ProviderName,
  subaccountId: string | null,
  claim: Claim,
): Promise<string> {
  if (!subaccountId)
    throw badRequest(
      'transactionReference',
      `${LABEL[provider]} does not say which account this payment settled to, so it cannot be taken as this church's`,
    );
  const rows = await ctx.tx
    .select({ formId: paymentForms.id, isActive: paymentForms.isActive, gateway: paymentGateways })
    .from(paymentFormGateways)
    .innerJoin(
      paymentForms,
      and(
        eq(paymentForms.tenantId, paymentFormGateways.tenantId),
        eq(paymentForms.id, paymentFormGateways.paymentFormId),
      ),
    )
    .innerJoin(paymentGateways, eq(paymentGateways.id, paymentFormGateways.paymentGatewayId))
    .where(and(eq(paymentFormGateways.tenantId, ctx.tenantId), eq(paymentFormGateways.subAccountId, subaccountId)));
  const candidates = rows
    .filter((r) => providerOf(r.gateway) === provider)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
  if (candidates.length === 0)
    throw badRequest('transactionReference', "this payment was not made to this church's account");
  const ids = claim.items.map((i) => i.contributionItemId);
  const active = await forms.activeItemIds(ctx.tx, ctx.tenantId, ids);
  let missing = ids.find((id) => !active.has(id));
  for (const c of missing === undefined ? candidates : []) {
    const onForm = new Set((await forms.formItems(ctx.tx, ctx.tenantId, c.formId)).map((i) => i.itemId));
    missing = ids.find((id) => !onForm.has(id));
    if (missing === undefined) return c.formId;
  }
  const n = ids.indexOf(missing!);
  throw badRequest(`contributionItems.${n}.contributionItemId`, 'is not an item of this payment form');
}

/** Records a payment Steward did not start (pending, with its items); nothing when the reference is already recorded. */
async function recordPayment(
  ctx: TenantCtx,
  provider: ProviderName,
  formId: string,
  claim: Claim,
  v: VerifiedPayment,
  email: string | null,
): Promise<void> {
  const [row] = await ctx.tx
    .insert(payments)
    .values({
      tenantId: ctx.tenantId,
      reference: v.reference,
      provider,
      purpose: 'donation',
      paymentFormId: formId,
      amountMinor: claim.amountMinor,
      currencyCode: claim.currency,
      status: 'pending',
      payerEmail: email,
      providerTransactionId: v.providerTransactionId,
    })
    // payments_reference_key: a replay at the same moment finds the first one's row
    .onConflictDoNothing({ target: payments.reference })
    .returning({ id: payments.id });
  if (!row) return;
  await ctx.tx.insert(paymentItems).values(
    claim.items.map((i) => ({
      tenantId: ctx.tenantId,
      id: newRowId(),
      paymentId: row.id,
      contributionItemId: i.contributionItemId,
      amountMinor: i.amountMinor,
    })),
  );
}

/**
 * POST /donated?paymentType=0|1 (existing-client-api §3.4; issue 10 'Every gift in the books
 * exactly once'). Checks the body (checkClaim), asks the provider (Paystack verify by
 * `transactionReference`; Flutterwave verify by transaction id), and accepts only a success of
 * the claimed amount (minor units) and currency. Then, in one transaction:
 * - a payment Steward already has under the provider's reference (started by
 *   /initailizedonationpayment, or an earlier /donated) must be this church's and provider's; it
 *   is settled with this answer (applyVerified: row locked, posted at most once, a replay answers
 *   the same success);
 * - otherwise the transaction must have paid a subaccount of one of the church's payment forms
 *   offering the items; the payment is recorded with its items (unique reference: a concurrent
 *   replay finds it) and settled the same way.
 * Throws 400 naming the field (nothing written) for anything else, ProviderUnavailable (503)
 * when the provider cannot be asked.
 */
export async function donated(
  db: Db,
  providers: PaymentProviders,
  abandonAfterSeconds: number,
  paymentType: '0' | '1',
  body: TDonatedBody,
): Promise<Settled> {
  const provider = DONATED_PROVIDER[paymentType];
  const claim = await checkClaim(db, provider, body);
  const verified = await verifyClaimed(providers, provider, body.transactionReference);
  checkVerified(provider, claim, verified);
  const reference = verified.reference;
  const owner = await withoutTenant(db, (tx) => q.paymentTenant(tx, reference));
  if (owner && owner !== claim.tenantId) throw badRequest('transactionReference', 'is a payment of another church');
  const { tenantId } = claim;
  return withTenant(db, tenantId, async (tx) => {
    const ctx = { tx, tenantId, userId: null };
    const known = await q.paymentByReference(tx, tenantId, reference);
    if (known && known.provider !== provider)
      throw badRequest('paymentType', `this payment was made through ${LABEL[known.provider as ProviderName]}`);
    if (!known) {
      const formId = await formOfSubaccount(ctx, provider, verified.subaccountId ?? null, claim);
      await recordPayment(ctx, provider, formId, claim, verified, body.email ?? null);
    }
    const settled = await applyVerified(ctx, reference, verified, abandonAfterSeconds);
    return { tenantId, ...settled };
  });
}
