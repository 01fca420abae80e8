import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DONATION_MESSAGES,
  type TInitializeDonation,
  type TInitializeDonationAnswer,
} from '@steward/contracts/donations';
import { NIL_ID } from '@steward/contracts/common';
import { isRetryable, queryRows, withTenant, type Db, type Tx } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { minorToJson } from '../../lib/money.ts';
import { ProviderError, type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import { fromProviderError } from './provider-errors.ts';
import * as q from './donation-queries.ts';
import { checkGift, formOfGift, providerNamed, type CheckedGift, type GiftPayerContext } from './public-give-checks.ts';
import { discardUnstarted } from './settlement.ts';

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

/**
 * Writes the pending payment and its items in ONE statement (issue 10 'Speed'), in the caller's
 * transaction; answers the new payment's id and reference, or null when the church already has a
 * payment of this orderID and gift (payments_order_key: a concurrent identical request waits for
 * the first one's transaction, then writes nothing).
 */
async function insertPayment(ctx: TenantCtx, g: CheckedGift): Promise<NewPayment | null> {
  const reference = newReference();
  // time-ordered ids: the items keep the order the giver gave them in (itemsOfPayment orders by id)
  const items = JSON.stringify(
    g.items.map((i) => ({ id: newRowId(), item: i.contributionItemId, amount: i.amountMinor.toString() })),
  );
  const [row] = await queryRows<{ id: string }>(
    ctx.tx,
    sql`with p as (
          insert into payments (tenant_id, reference, provider, purpose, payment_form_id, giver_id, amount_minor,
                                currency_code, status, payer_name, payer_email, payer_phone, is_anonymous,
                                order_id, request_hash)
          values (${ctx.tenantId}, ${reference}, ${g.provider}, 'donation', ${g.formId}, ${g.giverId},
                  ${g.amountMinor.toString()}::bigint, ${g.currency}, 'pending', ${g.name},
                  ${g.isAnonymous ? null : g.email}, ${g.phone}, ${g.isAnonymous}, ${g.orderId}, ${g.requestHash})
          on conflict (tenant_id, order_id, request_hash) where order_id is not null do nothing
          returning tenant_id, id
        ), i as (
          insert into payment_items (tenant_id, id, payment_id, contribution_item_id, amount_minor)
          select p.tenant_id, v.id, p.id, v.item, v.amount
          from p, jsonb_to_recordset(${items}::jsonb) as v(id uuid, item uuid, amount bigint)
        )
        select id from p`,
  );
  return row ? { id: row.id, reference } : null;
}

/** The initialise answer of a payment that has its checkout (the payment's fields it shows). */
function answerOf(
  row: Pick<
    q.PaymentRow,
    'reference' | 'authorizationUrl' | 'provider' | 'paymentFormId' | 'amountMinor' | 'currencyCode'
  >,
  subaccountId: string | null,
): TInitializeDonationAnswer {
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

/** A payment just written: its id and reference. */
interface NewPayment {
  id: string;
  reference: string;
}

type Claim =
  { kind: 'ready'; row: q.PaymentRow } | { kind: 'new'; row: NewPayment } | { kind: 'wait'; row: q.PaymentRow };

/**
 * Takes the gift's payment: a new pending payment with its items, unless a retried request (same
 * orderID and gift) finds the first payment (answered again once it has its checkout; while the
 * first request is still asking the provider it is waited for); a first payment that ended
 * without money (failed, abandoned) frees its orderID and a new one is made.
 */
async function claimPayment(ctx: TenantCtx, g: CheckedGift): Promise<Claim> {
  const fresh = await insertPayment(ctx, g);
  if (fresh) return { kind: 'new', row: fresh };
  const first = await q.paymentByOrder(ctx.tx, ctx.tenantId, g.orderId!, g.requestHash);
  if (!first) throw new Error('a payment of this orderID was neither written nor found');
  if (first.status === 'failed' || first.status === 'abandoned' || first.status === 'cancelled') {
    await q.releaseOrder(ctx.tx, ctx.tenantId, first.id);
    const again = await insertPayment(ctx, g);
    if (!again) throw new Error('the released orderID is still taken');
    return { kind: 'new', row: again };
  }
  return first.authorizationUrl ? { kind: 'ready', row: first } : { kind: 'wait', row: first };
}

/**
 * Runs `fn` in one transaction as the church of payment form `formId` (the security-definer
 * lookup giving_form_tenant and the tenant's settings in the same first statement: one round
 * trip fewer than a lookup transaction before withTenant). Throws 404 for an unknown form, or
 * one of another church than `givenTenant`. Deadlocks and serialization failures run it again.
 * Its commit does not wait for the disk: the giver is answered only after the re-check job's
 * insert has committed durably, and that flush carries this transaction's rows with it (the log
 * is written in order), so no checkout link reaches a giver whose payment could be lost. (Should
 * that insert fail, the gift goes on and PostgreSQL's WAL writer flushes the rows within a
 * fraction of a second.)
 */
async function withFormTenant<T>(
  db: Db,
  formId: string,
  givenTenant: string | null,
  fn: (tx: Tx, tenantId: string) => Promise<T>,
): Promise<{ tenantId: string; value: T }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (t) => {
        const tx = t as unknown as Tx;
        const [row] = await queryRows<{ t: string | null }>(
          tx,
          sql`select s.t, set_config('app.tenant_id', coalesce(s.t::text, ${NIL_ID}), true),
                     set_config('role', 'steward_app', true), set_config('synchronous_commit', 'off', true)
              from (select giving_form_tenant(${formId}::uuid) as t) s`,
        );
        const tenantId = row?.t ?? null;
        // a tenant id that is not the form's: the same answer as an unknown form
        if (!tenantId || (givenTenant && givenTenant !== tenantId)) throw notFound('Payment form');
        return { tenantId, value: await fn(tx, tenantId) };
      });
    } catch (e) {
      if (attempt >= 6 || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
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
  let gift!: CheckedGift;
  const take = async (tx: Tx, tenantId: string, formId: string) => {
    gift = await checkGift({ tx, tenantId, userId: null }, formId, provider, input, init);
    return claimPayment({ tx, tenantId, userId: null }, gift);
  };
  const givenForm = input.paymentFormId ?? input.paymentFormID ?? null;
  let tenantId: string;
  let formId: string;
  let claim: Claim;
  if (givenForm) {
    // the common case (the giving page): the church is found in the gift's own transaction
    formId = givenForm;
    ({ tenantId, value: claim } = await withFormTenant(
      db,
      givenForm,
      input.tenantID ?? input.tenantId ?? null,
      (tx, t) => take(tx, t, givenForm),
    ));
  } else {
    ({ tenantId, formId } = await formOfGift(db, input, provider));
    claim = await withTenant(db, tenantId, (tx) => take(tx, tenantId, formId));
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
  await storeCheckout(db, tenantId, row, authorizationUrl, (t, r) => init.scheduleCheck(t, r));
  return answerOf(
    {
      reference: row.reference,
      authorizationUrl,
      provider,
      paymentFormId: formId,
      amountMinor: gift.amountMinor,
      currencyCode: gift.currency,
    },
    gift.subaccountId,
  );
}

/**
 * Stores the provider's checkout link `authorizationUrl` on the just-initialised payment `row` of
 * church `tenantId`, then schedules the payment's first re-check with `scheduleCheck`
 * (recheck-jobs.ts; its errors are the caller's). One statement, in a transaction of its own
 * (the security-definer function giving_store_checkout, migration 0023: issue 10 'Speed'), which
 * stores the link only on a pending payment of that church that has none yet. Shared by the
 * giving page's initialise and the paid event registration's. Throws an Error when no such payment
 * took the link (it was removed or ended meanwhile).
 */
export async function storeCheckout(
  db: Db,
  tenantId: string,
  row: { id: string; reference: string },
  authorizationUrl: string,
  scheduleCheck: InitializeContext['scheduleCheck'],
): Promise<void> {
  const [stored] = await queryRows<{ stored: boolean }>(
    db,
    sql`select giving_store_checkout(${tenantId}::uuid, ${row.id}::uuid, ${authorizationUrl}) as stored`,
  );
  if (!stored?.stored) throw new Error('the checkout link found no pending payment to store it on');
  await scheduleCheck(tenantId, row.reference);
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
