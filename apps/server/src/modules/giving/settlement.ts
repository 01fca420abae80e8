import dayjs from 'dayjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { newRowId } from '../../lib/ids.ts';
import { minorToJson } from '../../lib/money.ts';
import { postEntries, type Posting } from '../ledger/posting.ts';
import { unrestrictedFundId } from '../ledger/service.ts';
import { systemAccount } from '../ledger/system-accounts.ts';
import { itemsForPosting } from '../offerings/items-service.ts';
import { offeringLines } from '../offerings/posting.ts';
import { insertSavedRows, type SavedRow } from '../offerings/transactions-service.ts';
import { ProviderError, type PaymentProviders, type ProviderName, type VerifiedPayment } from '../payments/provider.ts';
import type { TPaymentOutcome, TPaymentStatus } from '@steward/contracts/donations';
import * as q from './donation-queries.ts';
import { paymentItems, payments } from './schema.ts';

/*
 * Settlement (issue 10 'Every gift in the books exactly once'): the one way a payment becomes
 * money in the books. Every path — the payer's return (ConfirmDonationPayment), the client's poll
 * (PaystackTransactionCheck), the providers' webhooks and the re-check job — calls settle(),
 * which asks the provider (verify: never the caller's word) and then, in one transaction with the
 * payment row locked, changes it at most once:
 *
 *   verify success, same reference, amount and currency  -> 'succeeded', posted (once)
 *   verify success, another amount or currency            -> 'flagged' with the reason, not posted
 *   verify failed                                         -> 'failed'
 *   verify abandoned / pending / not found yet            -> unchanged; 'abandoned' once older than the window
 *
 * A payment is settled only from 'pending' or 'abandoned' (a payer may still finish an abandoned
 * checkout: a later success posts then); 'succeeded', 'failed' and 'flagged' are final.
 *
 * Refunds (issue 12): a purpose hook may refuse a matching success with RefundNeeded (a
 * registration paid after its hold expired and the event filled). The payment becomes 'flagged',
 * nothing is posted, and `refund_status` 'pending' records that the money must go back. The
 * provider is never called inside a database transaction: after the commit settle() asks the
 * app's refund job (onRefundNeeded, registered by recheck-jobs.ts) to call refundPayment(), which
 * asks the provider and records 'refunded' or 'failed' (the administrator then refunds from the
 * provider's dashboard); the reason says which.
 */

/** The provider names as a church and a giver read them (existing-client-api §7b.7). */
export const GATEWAY_NAME: Record<ProviderName, 'Paystack' | 'Flutterwave'> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
};

/** Which path asked (for logs). */
export type SettleVia = 'confirm' | 'poll' | 'webhook' | 'recheck' | 'sweep' | 'admin' | 'donated';

/** What settlement needs: the database, the providers and the abandonment window. */
export interface SettleDeps {
  db: Db;
  providers: PaymentProviders;
  /** a payment still not paid this many seconds after it was initialised becomes 'abandoned' */
  abandonAfterSeconds: number;
  /** where settlement logs (no personal data: references, statuses, amounts only) */
  log?: (event: string, fields: Record<string, unknown>) => void;
}

/** The result of settle(): the payment as it now is, and what this call did. */
export interface Settled {
  tenantId: string;
  payment: q.PaymentRow;
  /** 'posted' | 'flagged' | 'failed' | 'abandoned' when this call changed it; 'unchanged' otherwise */
  change: 'posted' | 'flagged' | 'failed' | 'abandoned' | 'unchanged';
}

const OPEN: readonly string[] = ['pending', 'abandoned'];

/**
 * What a payment's purpose (payments.purpose) adds to settlement (issue 12: 'registration'):
 * `admit` runs in the settlement's transaction, in the posting's savepoint, just before a matching
 * success is posted: an AppError it throws refuses the posting (the payment becomes 'flagged'
 * with the error's message, nothing is posted, its own writes roll back). `released` runs in the
 * settlement's transaction after the payment became 'failed' or 'abandoned'.
 */
export interface PurposeHooks {
  admit?(ctx: TenantCtx, payment: q.PaymentRow): Promise<void>;
  released?(ctx: TenantCtx, payment: q.PaymentRow): Promise<void>;
  /**
   * Periodic upkeep of this purpose's payments (registration: holds past their expiry), run by
   * the giving jobs (recheck-jobs.ts) outside any transaction; answers how many it looked at.
   */
  upkeep?(deps: SettleDeps): Promise<number>;
}

/**
 * Thrown by a purpose hook's `admit` to refuse the posting AND give the money back: the payment
 * becomes 'flagged' with `message` as the reason and `refund_status` 'pending'; the refund job
 * asks the provider after the commit (refundPayment).
 */
export class RefundNeeded extends AppError {
  constructor(message: string) {
    super(409, message);
    this.name = 'RefundNeeded';
  }
}

/** The app's refund job per database (recheck-jobs.ts registers it while it runs). */
const refundRequesters = new WeakMap<object, (tenantId: string, reference: string) => Promise<void>>();

/**
 * Registers (or with null removes) what queues the refund of a payment of `db` once settlement
 * committed its 'pending' refund (recheck-jobs.ts: a pg-boss job). Without one, the refund waits
 * for the periodic sweep.
 */
export function onRefundNeeded(db: object, request: ((tenantId: string, reference: string) => Promise<void>) | null) {
  if (request) refundRequesters.set(db, request);
  else refundRequesters.delete(db);
}

/** Runs every purpose's periodic upkeep (PurposeHooks.upkeep); answers how many payments they looked at. */
export async function runPurposeUpkeep(deps: SettleDeps): Promise<number> {
  let n = 0;
  for (const hooks of purposeHooks.values()) if (hooks.upkeep) n += await hooks.upkeep(deps);
  return n;
}
const purposeHooks = new Map<string, PurposeHooks>();

/** Installs the settlement hooks of payments of `purpose` (one set per purpose; the last wins). */
export function registerPurposeHooks(purpose: string, hooks: PurposeHooks): void {
  purposeHooks.set(purpose, hooks);
}

/**
 * Settles the payment with Steward reference `reference` (issue 10): asks its provider (verify by
 * reference; with `hint.providerTransactionId` first when the caller knows the provider's id, e.g.
 * Flutterwave's transaction_id, whose answer counts only if it carries this very reference), then
 * applies the answer once (applyVerified). Safe to call any number of times, concurrently.
 * `hint.provider` (a webhook's) must be the payment's provider, else nothing is done.
 * Answers null for a reference Steward does not know. Throws ProviderError when the provider
 * cannot be asked ('unavailable', 'unauthorised'; nothing changes: call again later).
 */
export async function settle(
  deps: SettleDeps,
  reference: string,
  hint: { providerTransactionId?: string | null | undefined; via: SettleVia; provider?: ProviderName },
): Promise<Settled | null> {
  const tenantId = await withoutTenant(deps.db, (tx) => q.paymentTenant(tx, reference));
  if (!tenantId) return null;
  const before = await withTenant(deps.db, tenantId, (tx) => q.paymentByReference(tx, tenantId, reference));
  if (!before) return null;
  // a webhook of one provider about another's payment changes nothing
  if (!OPEN.includes(before.status) || (hint.provider && hint.provider !== before.provider))
    return { tenantId, payment: before, change: 'unchanged' };
  const provider = deps.providers[before.provider as ProviderName];
  if (!provider) throw new Error(`payment ${before.id} names an unknown provider`);
  const verified = await verifyPayment(provider.verify.bind(provider), reference, [
    hint.providerTransactionId ?? null,
    before.providerTransactionId,
  ]);
  const result = await withTenant(deps.db, tenantId, (tx) =>
    applyVerified({ tx, tenantId, userId: null }, reference, verified, deps.abandonAfterSeconds),
  );
  const settled = { tenantId, ...result };
  await afterSettled(deps, settled, hint.via);
  return settled;
}

/**
 * What follows a committed applyVerified() (settle(), and POST /donated which applies its own
 * verified answer): logs a change (reference, via, change, status, provider: no payer data) and,
 * when the payment must be refunded, queues the refund job (after the commit, never inside it:
 * the job asks the provider). Never throws for the queue: a refund not queued is logged, and the
 * sweep asks for it later.
 */
export async function afterSettled(
  deps: Pick<SettleDeps, 'db' | 'log'>,
  settled: Settled,
  via: SettleVia,
): Promise<void> {
  const { tenantId, payment, change } = settled;
  if (change !== 'unchanged') {
    deps.log?.('donation.settled', {
      reference: payment.reference,
      via,
      change,
      status: payment.status,
      provider: payment.provider,
    });
  }
  if (change === 'flagged' && payment.refundStatus === 'pending') {
    const request = refundRequesters.get(deps.db);
    await request?.(tenantId, payment.reference).catch((e: Error) =>
      deps.log?.('donation.refund_not_queued', { reference: payment.reference, message: e.message.slice(0, 200) }),
    );
  }
}

/**
 * The provider's word on `reference`: by the provider's transaction id when one is known (its
 * answer must echo this reference: an id of another transaction is ignored), else by reference.
 * Null while the provider knows no such transaction yet (Flutterwave before the checkout starts).
 */
async function verifyPayment(
  verify: (reference: string, providerTransactionId?: string) => Promise<VerifiedPayment>,
  reference: string,
  ids: (string | null)[],
): Promise<VerifiedPayment | null> {
  for (const id of new Set(ids.filter((x): x is string => Boolean(x) && x !== reference))) {
    try {
      const answer = await verify(reference, id);
      if (answer.reference === reference) return answer;
    } catch (e) {
      if (!(e instanceof ProviderError) || (e.kind !== 'not_found' && e.kind !== 'invalid')) throw e;
    }
  }
  try {
    return await verify(reference);
  } catch (e) {
    if (e instanceof ProviderError && e.kind === 'not_found') return null;
    throw e;
  }
}

/**
 * Applies the provider's answer `verified` (null: the provider knows no such transaction yet) to
 * the payment `reference` of the church, in the caller's transaction, with the payment row locked
 * (FOR UPDATE): only a 'pending' or 'abandoned' payment changes. A success whose reference,
 * amount (minor units) and currency equal the payment's is posted (postDonation) and the payment
 * becomes 'succeeded'; a success that differs becomes 'flagged' with the reason, as does one the
 * books refuse (an account deactivated since: the AppError's message); 'failed' becomes failed;
 * anything else leaves it pending until `abandonAfterSeconds` after it was initialised, then
 * 'abandoned'. Used by settle() and by the demo seed (with an answer it makes itself).
 */
export async function applyVerified(
  ctx: TenantCtx,
  reference: string,
  verified: VerifiedPayment | null,
  abandonAfterSeconds: number,
): Promise<{ payment: q.PaymentRow; change: Settled['change'] }> {
  const row = await q.paymentByReference(ctx.tx, ctx.tenantId, reference, true);
  if (!row) throw new Error(`payment ${reference} vanished while settling`);
  if (!OPEN.includes(row.status)) return { payment: row, change: 'unchanged' };
  const now = new Date();
  const seen = {
    checkedAt: now,
    checkCount: row.checkCount + 1,
    providerStatus: verified?.status ?? 'not_found',
    ...(verified?.providerTransactionId ? { providerTransactionId: verified.providerTransactionId } : {}),
  };
  let change: Settled['change'] = 'unchanged';
  let values: Partial<q.PaymentRow> = seen;
  if (verified?.status === 'success') {
    const mismatch = mismatchOf(row, verified);
    const paid = {
      ...seen,
      feeMinor: verified.feeMinor,
      paidAt: verified.paidAt && dayjs(verified.paidAt).isValid() ? new Date(verified.paidAt) : now,
      confirmedAt: now,
    };
    if (mismatch) {
      change = 'flagged';
      values = { ...paid, status: 'flagged', statusReason: mismatch };
    } else {
      const refused = await postOrRefusal(ctx, row, paid.paidAt, verified.feeMinor);
      change = refused ? 'flagged' : 'posted';
      values = !refused
        ? { ...paid, status: 'succeeded', statusReason: null }
        : refused.refund
          ? {
              ...paid,
              status: 'flagged',
              statusReason: `${refused.reason}${REFUNDING}${GATEWAY_NAME[row.provider as ProviderName]}`,
              refundStatus: 'pending',
              refundRequestedAt: now,
            }
          : { ...paid, status: 'flagged', statusReason: refused.reason };
    }
  } else if (verified?.status === 'failed') {
    change = 'failed';
    values = { ...seen, status: 'failed', statusReason: 'The provider reports the payment failed' };
  } else if (row.status === 'pending' && now.getTime() - row.createdAt.getTime() >= abandonAfterSeconds * 1000) {
    change = 'abandoned';
    values = {
      ...seen,
      status: 'abandoned',
      statusReason: `Not paid within ${Math.round(abandonAfterSeconds / 60)} minutes of starting`,
    };
  }
  const [updated] = await ctx.tx
    .update(payments)
    .set(values)
    .where(and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, row.id)))
    .returning();
  if (change === 'failed' || change === 'abandoned') await purposeHooks.get(row.purpose)?.released?.(ctx, updated!);
  return { payment: updated!, change };
}

/** Why a provider's success cannot be posted as this payment, or null when it matches. */
function mismatchOf(row: q.PaymentRow, verified: VerifiedPayment): string | null {
  if (verified.reference !== row.reference)
    return `The provider answered for reference ${verified.reference}, not ${row.reference}`;
  if (verified.currency.toUpperCase() !== row.currencyCode)
    return `The provider took ${verified.currency.toUpperCase()}, not ${row.currencyCode} as initialised`;
  if (verified.amountMinor !== row.amountMinor)
    return `The provider took ${minorToJson(verified.amountMinor, row.currencyCode)} ${row.currencyCode}, not ${minorToJson(row.amountMinor, row.currencyCode)} ${row.currencyCode} as initialised`;
  return null;
}

/**
 * Posts the payment (postDonation) inside a savepoint: a refusal of the books (AppError: an
 * account or item deactivated since the gift began, a restricted fund rule) rolls back only the
 * posting and is answered as the reason to flag it; any other error is thrown.
 */
async function postOrRefusal(
  ctx: TenantCtx,
  row: q.PaymentRow,
  paidAt: Date,
  feeMinor: bigint | null,
): Promise<{ reason: string; refund: boolean } | null> {
  try {
    await ctx.tx.transaction(async (sp) => {
      const spCtx = { ...ctx, tx: sp as unknown as TenantCtx['tx'] };
      await purposeHooks.get(row.purpose)?.admit?.(spCtx, row);
      await postDonation(spCtx, row, paidAt, feeMinor);
    });
    return null;
  } catch (e) {
    if (e instanceof RefundNeeded) return { reason: e.message, refund: true };
    if (e instanceof AppError)
      return { reason: `Could not be posted: ${e.field ? `${e.field}: ` : ''}${e.message}`, refund: false };
    throw e;
  }
}

/**
 * How long one refund request to the provider holds its claim (seconds): a run that died after
 * claiming is retried by the sweep once this has passed.
 */
const REFUND_LEASE_SECONDS = 300;

/** The reason's tail while a refund is asked for (`…: refunding the payer through Paystack`). */
const REFUNDING = ': refunding the payer through ';

/** What refundPayment() did: 'refunded', 'failed' (refused), 'pending' (provider unreachable: retried later), 'unchanged'. */
export type RefundOutcome = 'refunded' | 'failed' | 'pending' | 'unchanged';

/**
 * Gives back a payment whose `refund_status` is 'pending' (issue 12), OUTSIDE any transaction:
 * asks its provider for a full refund (PaymentProvider.refund: the payment's amount in minor
 * units and currency, by the provider's transaction id when known), then records the outcome on
 * the row, only while it is still 'pending'. Before the call it claims the row (pushes
 * `refund_requested_at` REFUND_LEASE_SECONDS ahead, only while due), so concurrent runs (the
 * job, the sweep, another process) ask the provider once; a run that finds no due claim answers
 * 'unchanged':
 * - taken → `refund_status` 'refunded', `refunded_at`, `refund_id`; reason '… : refunded through
 *   Paystack on YYYY-MM-DD';
 * - refused ('invalid', 'not_found') → 'failed', unless the provider's verify then says the money
 *   was already given back (a refund taken whose record was lost: 'refunded'); reason '…. Refund
 *   failed (<provider's words>): refund the payer from the provider's dashboard';
 * - unreachable or the key refused ('unavailable', 'unauthorised') → unchanged, 'pending' (the
 *   sweep asks again).
 * The payment stays 'flagged' and is never posted. Logs references and outcomes only.
 */
export async function refundPayment(deps: SettleDeps, tenantId: string, reference: string): Promise<RefundOutcome> {
  const row = await withTenant(deps.db, tenantId, (tx) => q.paymentByReference(tx, tenantId, reference));
  if (!row || row.refundStatus !== 'pending') return 'unchanged';
  const name = row.provider as ProviderName;
  const provider = deps.providers[name];
  if (!provider) throw new Error(`payment ${row.id} names an unknown provider`);
  // Claim the request before calling the provider: push `refund_requested_at` a lease ahead, only
  // while it is due. The refund job, the sweep and a second process never ask twice at once.
  const claimed = await withTenant(deps.db, tenantId, (tx) =>
    tx
      .update(payments)
      .set({ refundRequestedAt: sql`now() + make_interval(secs => ${REFUND_LEASE_SECONDS})` })
      .where(
        and(
          eq(payments.tenantId, tenantId),
          eq(payments.id, row.id),
          eq(payments.refundStatus, 'pending'),
          // due: settlement's time (the app's clock, a little skew allowed), or a lease run out
          sql`${payments.refundRequestedAt} <= now() + interval '60 seconds'`,
        ),
      )
      .returning({ id: payments.id }),
  );
  if (claimed.length === 0) return 'unchanged';
  const label = GATEWAY_NAME[name];
  const base = (row.statusReason ?? '').split(REFUNDING)[0] || 'Refund asked for';
  let values: Partial<q.PaymentRow>;
  let outcome: RefundOutcome;
  try {
    const done = await provider.refund({
      reference,
      providerTransactionId: row.providerTransactionId,
      amountMinor: row.amountMinor,
      currency: row.currencyCode,
      note: `Steward ${reference}: ${base}`.slice(0, 200),
    });
    const now = new Date();
    outcome = 'refunded';
    values = {
      refundStatus: 'refunded',
      refundedAt: now,
      refundId: done.refundId,
      statusReason: `${base}: refunded through ${label} on ${dayjs(now).format('YYYY-MM-DD')}`,
    };
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    if (e.kind === 'unavailable' || e.kind === 'unauthorised') {
      // nothing was taken: give the claim back, so the sweep may ask again at once
      await withTenant(deps.db, tenantId, (tx) =>
        tx
          .update(payments)
          .set({ refundRequestedAt: sql`now()` })
          .where(and(eq(payments.tenantId, tenantId), eq(payments.id, row.id), eq(payments.refundStatus, 'pending'))),
      );
      deps.log?.('donation.refund_retry_later', { reference, provider: name, kind: e.kind });
      return 'pending';
    }
    const already = await provider
      .verify(reference, row.providerTransactionId ?? undefined)
      .then((v) => v.reference === reference && v.refunded === true)
      .catch(() => false);
    const now = new Date();
    outcome = already ? 'refunded' : 'failed';
    values = already
      ? {
          refundStatus: 'refunded',
          refundedAt: now,
          statusReason: `${base}: refunded through ${label} (the provider shows it reversed)`,
        }
      : {
          refundStatus: 'failed',
          statusReason: `${base}. Refund failed (${label}: ${e.message}): refund the payer from the provider's dashboard`,
        };
  }
  const written = await withTenant(deps.db, tenantId, (tx) =>
    tx
      .update(payments)
      .set(values)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.id, row.id), eq(payments.refundStatus, 'pending')))
      .returning({ id: payments.id }),
  );
  if (written.length === 0) return 'unchanged';
  deps.log?.('donation.refund', { reference, provider: name, outcome });
  return outcome;
}

/** Payments whose refund is still to ask for (refund_status 'pending'), across churches, oldest first. */
export function refundsDue(db: Db, limit: number): Promise<{ tenant_id: string; reference: string }[]> {
  return queryRows(db, sql`select tenant_id, reference from giving_refunds_due(${limit})`);
}

/**
 * The posting of a received gift (issue 10): each item becomes a donation row (an offering
 * transaction of source 'online', channel 'Online', dated the day it was paid) posted as an
 * offering is — its amount split over the item's remittances (largest remainder) — except that the
 * money is debited to the provider's clearing account (an asset: what the provider holds for the
 * church until it pays out) instead of the item's cash account. The provider's fee, when given,
 * is its own entry: debit Payment Provider Fees, credit the clearing account (both in the
 * unrestricted fund). Entries are of source 'donation' (the item entries' source id is their
 * donation row; the fee entry's the payment). Links each payment item to its donation row.
 */
export async function postDonation(
  ctx: TenantCtx,
  row: q.PaymentRow,
  paidAt: Date,
  feeMinor: bigint | null,
): Promise<void> {
  const provider = row.provider as ProviderName;
  const label = GATEWAY_NAME[provider];
  const clearing = await systemAccount(ctx, provider === 'paystack' ? 'paystack_clearing' : 'flutterwave_clearing');
  const items = await q.itemsOfPayment(ctx.tx, ctx.tenantId, row.id);
  const resolve = await itemsForPosting(
    ctx,
    items.map((i) => i.item.contributionItemId),
  );
  const giver = row.giverId ? await q.giverById(ctx.tx, ctx.tenantId, row.giverId) : undefined;
  const personId = row.personId ?? giver?.personId ?? null;
  const entryDate = dayjs(paidAt).format('YYYY-MM-DD');
  const rows: SavedRow[] = items.map((i) => ({
    id: newRowId(),
    contributionItemId: i.item.contributionItemId,
    transactionDate: entryDate,
    paymentChannel: 'Online',
    currencyCode: row.currencyCode,
    amountMinor: i.item.amountMinor,
    personId,
    activityId: null,
    memo: `${label} ${row.reference}`,
  }));
  const postings: Posting[] = [];
  for (const [n, r] of rows.entries()) {
    const { item, incomeFundId, remittances } = await resolve(r.contributionItemId, `contributionItems.${n}`, true);
    postings.push({
      entryDate,
      memo: `${item.name} (Online, ${label} ${row.reference})`,
      sourceType: 'donation',
      sourceId: r.id,
      currencyCode: row.currencyCode,
      lines: offeringLines({
        amountMinor: r.amountMinor,
        cashAccountId: clearing.id,
        incomeAccountId: item.incomeAccountId,
        incomeFundId,
        personId,
        remittances,
      }),
    });
  }
  if (feeMinor && feeMinor > 0n) {
    const fees = await systemAccount(ctx, 'payment_fees');
    const fundId = await unrestrictedFundId(ctx);
    postings.push({
      entryDate,
      memo: `${label} fee on online gift ${row.reference}`,
      sourceType: 'donation',
      sourceId: row.id,
      currencyCode: row.currencyCode,
      lines: [
        { accountId: fees.id, fundId, amountMinor: feeMinor },
        { accountId: clearing.id, fundId, amountMinor: -feeMinor },
      ],
    });
  }
  const entryIds = await postEntries(ctx, postings, {
    beforeLines: (ids) => insertSavedRows(ctx, rows, 'online', ids.slice(0, rows.length)),
  });
  // each payment item points at its donation row (payment_items_offering_key: once only)
  const pairs = sql.join(
    items.map((i, n) => sql`(${i.item.id}::uuid, ${rows[n]!.id}::uuid)`),
    sql`, `,
  );
  await ctx.tx.execute(sql`
    update payment_items pi set offering_transaction_id = v.row_id
    from (values ${pairs}) as v(id, row_id)
    where pi.tenant_id = ${ctx.tenantId} and pi.id = v.id`);
  if (feeMinor && feeMinor > 0n) {
    await ctx.tx
      .update(payments)
      .set({ journalEntryId: entryIds[rows.length]! })
      .where(and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, row.id)));
  }
}

/**
 * What the payer and the giving page are told about a payment (confirm, poll, thank-you page):
 * its status, the provider's last word, the amount and items. Runs in the payment's church.
 */
export async function outcomeOf(ctx: TenantCtx, payment: q.PaymentRow): Promise<TPaymentOutcome> {
  const items = await q.itemsOfPayment(ctx.tx, ctx.tenantId, payment.id);
  const church = await q.churchProfile(ctx.tx, ctx.tenantId);
  const provider = payment.provider as ProviderName;
  return {
    reference: payment.reference,
    status: payment.status as TPaymentStatus,
    providerStatus: payment.providerStatus,
    provider,
    paymentGatewayName: GATEWAY_NAME[provider],
    paymentFormId: payment.paymentFormId,
    churchName: church?.churchName ?? '',
    amount: minorToJson(payment.amountMinor, payment.currencyCode),
    currency: payment.currencyCode,
    date: (payment.paidAt ?? payment.createdAt).toISOString(),
    items: items.map((i) => ({ name: i.name, amount: minorToJson(i.item.amountMinor, payment.currencyCode) })),
  };
}

/**
 * Removes a payment whose initialise the provider refused or could not take, with its items: no
 * checkout was given to the payer, so nothing can be paid on it, and a refused request writes
 * nothing (DESIGN.md §1.6). Only a pending payment without a checkout is removed.
 */
export async function discardUnstarted(ctx: TenantCtx, paymentId: string): Promise<void> {
  const [row] = await ctx.tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, ctx.tenantId),
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        isNull(payments.authorizationUrl),
      ),
    )
    .for('update');
  if (!row) return;
  await ctx.tx
    .delete(paymentItems)
    .where(and(eq(paymentItems.tenantId, ctx.tenantId), eq(paymentItems.paymentId, row.id)));
  await ctx.tx.delete(payments).where(and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, row.id)));
}
