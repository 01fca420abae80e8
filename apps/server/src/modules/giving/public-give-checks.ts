import { createHash } from 'node:crypto';
import { parseAmount, MoneyParseError } from '@steward/money/parse';
import type { TInitializeDonation } from '@steward/contracts/donations';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, assertDocumentTotal } from '../../lib/money.ts';
import { findCurrencyById } from '../lookups/reference.ts';
import type { ProviderName } from '../payments/provider.ts';
import { providerOf } from './forms-service.ts';
import type { GiverAuth } from './giver-auth.ts';
import * as forms from './queries.ts';
import * as q from './donation-queries.ts';

/*
 * The checks of a gift before anything is written (issue 10 'Public pages'; giving spec §5;
 * existing-client-api §3.3, §3.4): its form, gateway, currency, items and amounts, and the payer.
 */

/** The label of a provider in what the payer reads. */
export const LABEL: Record<ProviderName, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave' };

/** Who gives: the giver signed in with the request's token, and the e-mail of anonymous gifts. */
export interface GiftPayerContext {
  /** the giver signed in with this request's bearer token, if any */
  giver: GiverAuth | null;
  /** the e-mail given to the provider for an anonymous gift without one (the providers require one) */
  anonymousEmail: string;
}

/** A gift checked against its form: what will be written and sent to the provider. */
export interface CheckedGift {
  tenantId: string;
  formId: string;
  provider: ProviderName;
  subaccountId: string | null;
  currency: string;
  items: { contributionItemId: string; amountMinor: bigint }[];
  amountMinor: bigint;
  email: string;
  name: string | null;
  phone: string | null;
  isAnonymous: boolean;
  giverId: string | null;
  orderId: string | null;
  requestHash: string;
  churchName: string;
  logoUrl: string | null;
}

/** 'paystack' | 'flutterwave' from the body's `paymentGateway` ('Paystack') or `gateway` ('paystack'). */
export function providerNamed(input: TInitializeDonation): ProviderName {
  const given = (input.paymentGateway ?? input.gateway ?? '').toLowerCase();
  if (given.includes('paystack')) return 'paystack';
  if (given.includes('flutterwave')) return 'flutterwave';
  throw badRequest(input.paymentGateway !== undefined ? 'paymentGateway' : 'gateway', 'choose Paystack or Flutterwave');
}

/** The form of the gift: the body's form id, or (the /pay page) the church's active form offering those items and that gateway. */
export async function formOfGift(db: Db, input: TInitializeDonation, provider: ProviderName) {
  const formId = input.paymentFormId ?? input.paymentFormID ?? null;
  const givenTenant = input.tenantID ?? input.tenantId ?? null;
  if (formId) {
    const tenantId = await withoutTenant(db, (tx) => q.formTenant(tx, formId));
    // a tenant id that is not the form's: the same answer as an unknown form
    if (!tenantId || (givenTenant && givenTenant !== tenantId)) throw notFound('Payment form');
    return { tenantId, formId };
  }
  if (!givenTenant) throw badRequest('paymentFormId', 'is required');
  const itemIds = [...new Set(input.contributionItems.map((i) => i.contributionItemId))];
  const formId2 = await withTenant(db, givenTenant, (tx) => forms.formOffering(tx, givenTenant, provider, itemIds));
  if (!formId2) throw notFound('Payment form');
  return { tenantId: givenTenant, formId: formId2 };
}

/** SHA-256 (hex) of a gift's identity: the same request retried hashes the same. */
function hashGift(g: Omit<CheckedGift, 'requestHash' | 'churchName' | 'logoUrl' | 'subaccountId'>): string {
  const items = [...g.items]
    .sort((a, b) => (a.contributionItemId < b.contributionItemId ? -1 : 1))
    .map((i) => [i.contributionItemId, i.amountMinor.toString()]);
  return createHash('sha256')
    .update(
      JSON.stringify([
        g.formId,
        g.provider,
        g.currency,
        items,
        g.email.toLowerCase(),
        g.name,
        g.phone,
        g.isAnonymous,
        g.giverId,
      ]),
    )
    .digest('hex');
}

/**
 * Checks a gift against its form and church (spec §5, issue 10), in the church's transaction.
 * Throws 404 for an unknown or inactive form; 400 naming the field for: a gateway the form does
 * not offer, Paystack with a currency other than NGN (spec §5 'The first provider is used only if
 * the currency is absent or NGN'), a currency other than the church's, an item that is not on the
 * form (or no longer offered), an item given twice, an amount that is negative, has more decimals
 * than the currency allows or is too large, no amount above zero, a missing e-mail (unless anonymous).
 */
export async function checkGift(
  ctx: TenantCtx,
  formId: string,
  provider: ProviderName,
  input: TInitializeDonation,
  init: GiftPayerContext,
): Promise<CheckedGift> {
  const { tx, tenantId } = ctx;
  // the form, the church, the gateways and the items in one statement (issue 10 'Speed')
  const form = await forms.giftContext(tx, tenantId, formId);
  if (!form || !form.formActive) throw notFound('Payment form');
  const gatewayField = input.paymentGateway !== undefined ? 'paymentGateway' : 'gateway';
  const offered = form.gateways.find((g) => g.isActive && providerOf(g) === provider);
  if (!offered) throw badRequest(gatewayField, `${LABEL[provider]} is not offered on this payment form`);

  const currency = form.currencyCode;
  const currencyIdGiven = input.currencyID ?? input.currencyId;
  if (currencyIdGiven !== undefined && currencyIdGiven !== 0) {
    const c = findCurrencyById(currencyIdGiven);
    if (c?.shortCode !== currency)
      throw badRequest(
        input.currencyID !== undefined ? 'currencyID' : 'currencyId',
        `this form takes gifts in ${currency}`,
      );
  }
  if (provider === 'paystack' && currency !== 'NGN')
    throw badRequest(gatewayField, `Paystack takes gifts in NGN only: choose Flutterwave for ${currency}`);

  const seen = new Set<string>();
  const items: CheckedGift['items'] = [];
  for (const [n, given] of input.contributionItems.entries()) {
    const field = `contributionItems.${n}`;
    if (!form.itemIds.has(given.contributionItemId))
      throw badRequest(`${field}.contributionItemId`, 'is not an item of this payment form');
    if (seen.has(given.contributionItemId)) throw badRequest(`${field}.contributionItemId`, 'is given twice');
    seen.add(given.contributionItemId);
    let minor: bigint;
    try {
      minor = parseAmount(given.amount, currency);
    } catch (e) {
      // the same words as every amount of Steward (lib/money.ts): this throws the 400
      if (e instanceof MoneyParseError) minor = amountToMinor(given.amount, currency, `${field}.amount`);
      else throw e;
    }
    if (minor < 0n) throw badRequest(`${field}.amount`, 'must not be negative');
    // a row the giver left empty (0) is not part of the gift
    if (minor > 0n) items.push({ contributionItemId: given.contributionItemId, amountMinor: minor });
  }
  if (items.length === 0) throw badRequest('contributionItems', 'enter an amount for at least one item');
  assertDocumentTotal(
    items.map((i) => ({ amountMinor: i.amountMinor, currency })),
    'contributionItems',
  );
  const amountMinor = items.reduce((s, i) => s + i.amountMinor, 0n);

  // a signed-in giver (their own token) gets the gift in their history; a userId without it links nothing
  let giverId: string | null = null;
  let giverEmail: string | null = null;
  let giverName: string | null = null;
  if (init.giver && init.giver.tenantId === tenantId && (!input.userId || input.userId === init.giver.giverId)) {
    const giver = await q.giverById(tx, tenantId, init.giver.giverId);
    if (giver) {
      giverId = giver.id;
      giverEmail = giver.email;
      giverName = giver.name;
    }
  }
  const isAnonymous = input.isAnonymous === true;
  const email = input.email ?? giverEmail ?? (isAnonymous ? init.anonymousEmail : null);
  if (!email) throw badRequest('email', 'Enter your e-mail address (or give anonymously)');
  const name = isAnonymous ? null : (input.name ?? giverName ?? null);
  const phone = isAnonymous ? null : (input.phone ?? null);
  const orderId = input.orderID ?? input.orderId ?? null;
  const base = {
    tenantId,
    formId,
    provider,
    currency,
    items,
    amountMinor,
    email,
    name,
    phone,
    isAnonymous,
    giverId,
    orderId,
  };
  return {
    ...base,
    subaccountId: offered.subAccountId,
    requestHash: hashGift(base),
    churchName: form.churchName,
    logoUrl: form.logoUrl,
  };
}
