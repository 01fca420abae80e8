import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DONATION_MESSAGES,
  type TInitializeDonation,
  type TInitializeDonationAnswer,
} from '@steward/contracts/donations';
import { withTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { minorToJson } from '../../lib/money.ts';
import { isUniqueViolation } from '../auth/service.ts';
import { ProviderError, type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import { fromProviderError } from './provider-errors.ts';
import * as q from './donation-queries.ts';
import { checkGift, formOfGift, providerNamed, type CheckedGift, type GiftPayerContext } from './public-give-checks.ts';
import { discardUnstarted } from './settlement.ts';
import { paymentItems, payments } from './schema.ts';

/*
 * The start of a gift (issue 10 'Public pages'; existing-client-api §3.3, §3.4): initialise. The
 * church is found from the form id through the narrow lookup giving_form_tenant, then everything
 * runs as that church. The public form itself is public-give-form.ts; the checks public-give-checks.ts.
 */

/** An absolute URL of a logo stored as a path of this site ('/api/...'), else the URL as stored. */
function absoluteUrl(url: string | null, origin: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${origin.replace(/\/+$/, '')}${url}` : null;
}

/** What initialise needs besides the body. */
export interface InitializeContext extends GiftPayerContext {
  /** the site's address for the payer's return (PUBLIC_URL, else the request's) */
  origin: string;
  /** schedules the re-check of a new payment (recheck-jobs.ts); errors are the caller's to log */
  scheduleCheck(tenantId: string, reference: string): Promise<void>;
  /** how long a concurrent identical initialise waits for the first one's checkout, in milliseconds */
  waitMs?: number;
}

/** A new Steward payment reference: 'STW-' and 24 random hex digits (unique index payments_reference_key). */
export const newReference = (): string => `STW-${randomBytes(12).toString('hex').toUpperCase()}`;

/** Writes the pending payment and its items (one transaction, the caller's); answers the row. */
async function insertPayment(ctx: TenantCtx, g: CheckedGift): Promise<q.PaymentRow> {
  const [row] = await ctx.tx
    .insert(payments)
    .values({
      tenantId: ctx.tenantId,
      reference: newReference(),
      provider: g.provider,
      purpose: 'donation',
      paymentFormId: g.formId,
      giverId: g.giverId,
      amountMinor: g.amountMinor,
      currencyCode: g.currency,
      status: 'pending',
      payerName: g.name,
      payerEmail: g.isAnonymous ? null : g.email,
      payerPhone: g.phone,
      isAnonymous: g.isAnonymous,
      orderId: g.orderId,
      requestHash: g.requestHash,
    })
    .returning();
  await ctx.tx.insert(paymentItems).values(
    // time-ordered ids: the items keep the order the giver gave them in (itemsOfPayment orders by id)
    g.items.map((i) => ({
      tenantId: ctx.tenantId,
      id: newRowId(),
      paymentId: row!.id,
      contributionItemId: i.contributionItemId,
      amountMinor: i.amountMinor,
    })),
  );
  return row!;
}

/** The initialise answer of a payment that has its checkout. */
function answerOf(row: q.PaymentRow, subaccountId: string | null): TInitializeDonationAnswer {
  const url = row.authorizationUrl ?? '';
  return {
    status: true,
    response: DONATION_MESSAGES.initialised,
    transactionReference: row.reference,
    initializePaymentResponseDTO: {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: url, reference: row.reference },
    },
    returnObject: {
      reference: row.reference,
      authorizationUrl: url,
      provider: row.provider as ProviderName,
      paymentFormId: row.paymentFormId!,
      amount: minorToJson(row.amountMinor, row.currencyCode),
      currency: row.currencyCode,
      subAccountID: subaccountId,
    },
  };
}

type Claim =
  { kind: 'ready'; row: q.PaymentRow } | { kind: 'new'; row: q.PaymentRow } | { kind: 'wait'; row: q.PaymentRow };

/**
 * Takes the gift's payment: a retried request (same orderID and gift) finds the first payment
 * (answered again once it has its checkout; while the first request is still asking the provider
 * it is waited for); a first payment that ended without money (failed, abandoned) frees its
 * orderID and a new one is made; otherwise a new pending payment with its items is written.
 */
async function claimPayment(ctx: TenantCtx, g: CheckedGift): Promise<Claim> {
  if (g.orderId) {
    const first = await q.paymentByOrder(ctx.tx, ctx.tenantId, g.orderId, g.requestHash);
    if (first) {
      if (first.status === 'failed' || first.status === 'abandoned' || first.status === 'cancelled') {
        await q.releaseOrder(ctx.tx, ctx.tenantId, first.id);
      } else {
        return first.authorizationUrl ? { kind: 'ready', row: first } : { kind: 'wait', row: first };
      }
    }
  }
  return { kind: 'new', row: await insertPayment(ctx, g) };
}

/**
 * POST /initailizedonationpayment (existing-client-api §3.3, §3.4; issue 10 'Public pages'): checks
 * the gift (checkGift: 404 / 400 naming the field, nothing written), writes the pending payment
 * with a fresh reference and its items in one transaction, then asks the provider for its hosted
 * checkout (amount in minor units; the payer comes back to `{origin}/give/{formId}/thanks?provider=`,
 * or `/iframe/...` for `returnTo: 'iframe'`), stores the checkout's address and schedules the
 * payment's re-check. Idempotent on `orderID` (with the same gift): a retry answers the first
 * payment's reference and checkout and asks the provider nothing.
 * Throws 400 naming the field when the provider refuses the request, ProviderUnavailable (503)
 * when it cannot be reached (either way the payment is removed: nothing was given to pay on, and
 * nothing stays written), 409 when an identical request is still being initialised after `waitMs`.
 */
export async function initializeDonation(
  db: Db,
  providers: PaymentProviders,
  input: TInitializeDonation,
  init: InitializeContext,
): Promise<TInitializeDonationAnswer> {
  const provider = providerNamed(input);
  const { tenantId, formId } = await formOfGift(db, input, provider);
  let gift!: CheckedGift;
  let claim: Claim;
  try {
    claim = await withTenant(db, tenantId, async (tx) => {
      gift = await checkGift({ tx, tenantId, userId: null }, formId, provider, input, init);
      return claimPayment({ tx, tenantId, userId: null }, gift);
    });
  } catch (e) {
    // the same request at the same moment: the other one wrote the payment first
    if (!isUniqueViolation(e)) throw e;
    claim = await withTenant(db, tenantId, async (tx) => {
      const first = gift.orderId ? await q.paymentByOrder(tx, tenantId, gift.orderId, gift.requestHash) : undefined;
      if (!first) throw e;
      return { kind: first.authorizationUrl ? 'ready' : 'wait', row: first } as Claim;
    });
  }
  if (claim.kind === 'ready') return answerOf(claim.row, gift.subaccountId);
  if (claim.kind === 'wait')
    return answerOf(await waitForCheckout(db, tenantId, claim.row, init.waitMs ?? 15_000), gift.subaccountId);

  const row = claim.row;
  const returnPath = input.returnTo === 'iframe' ? 'iframe' : 'give';
  const callbackUrl = `${init.origin.replace(/\/+$/, '')}/${returnPath}/${formId}/thanks?provider=${provider}`;
  let authorizationUrl: string;
  try {
    const result = await providers[provider].initialize({
      reference: row.reference,
      amountMinor: gift.amountMinor,
      currency: gift.currency,
      email: gift.email,
      ...(gift.name ? { name: gift.name } : {}),
      ...(gift.phone ? { phone: gift.phone } : {}),
      callbackUrl,
      ...(gift.subaccountId ? { subaccountId: gift.subaccountId } : {}),
      metadata: { paymentFormId: formId, purpose: 'donation' },
      merchantName: gift.churchName,
      ...(absoluteUrl(gift.logoUrl, init.origin) ? { logoUrl: absoluteUrl(gift.logoUrl, init.origin)! } : {}),
    });
    authorizationUrl = result.authorizationUrl;
  } catch (e) {
    if (e instanceof ProviderError) {
      await withTenant(db, tenantId, (tx) => discardUnstarted({ tx, tenantId, userId: null }, row.id));
      throw fromProviderError(
        e,
        input.paymentGateway !== undefined ? 'paymentGateway' : 'gateway',
        'start the payment',
      );
    }
    throw e;
  }
  const ready = await withTenant(db, tenantId, async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ authorizationUrl })
      .where(and(eq(payments.tenantId, tenantId), eq(payments.id, row.id)))
      .returning();
    return updated!;
  });
  await init.scheduleCheck(tenantId, row.reference);
  return answerOf(ready, gift.subaccountId);
}

/** Waits for a concurrent identical initialise to store its checkout (polling the row), up to `ms`. */
async function waitForCheckout(db: Db, tenantId: string, row: q.PaymentRow, ms: number): Promise<q.PaymentRow> {
  const end = Date.now() + ms;
  for (;;) {
    const now = await withTenant(db, tenantId, (tx) => q.paymentByReference(tx, tenantId, row.reference));
    if (now?.authorizationUrl) return now;
    // the first request's provider refused it (the payment was removed) or it ended meanwhile
    if (!now || now.status !== 'pending')
      throw new AppError(409, 'This payment could not be started; please try again', 'orderID');
    if (Date.now() > end) throw new AppError(409, 'This payment is still being started; please try again', 'orderID');
    await new Promise((r) => setTimeout(r, 150));
  }
}
