import type { z } from 'zod';
import type {
  TDonationListItem,
  TPaymentList,
  TPaymentStatus,
  TRefundStatus,
  ZDonationFilterQuery,
  ZPaymentListQuery,
} from '@steward/contracts/donations';
import { ZPaymentStatus } from '@steward/contracts/donations';
import type { TenantCtx } from '../../lib/context.ts';
import { minorToJson } from '../../lib/money.ts';
import type { ProviderName } from '../payments/provider.ts';
import * as q from './donation-queries.ts';
import { GATEWAY_NAME } from './settlement.ts';

/*
 * The church's donations (giving spec 2.4, 2.5, §3 'Donation transaction', §9; existing-client-api
 * §3.2): each item of a received gift is a donation row (an offering transaction of source
 * 'online'), listed with the gift's payer and provider; and the payments themselves, flagged
 * ones with their reason.
 */

/** Donation page size (spec §9). */
export const DONATION_PAGE_SIZE = 50;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function toListItem(r: q.DonationSqlRow): TDonationListItem {
  const donor = r.is_anonymous ? 'Anonymous' : (r.person_name ?? r.payer_name ?? r.giver_name ?? '');
  return {
    id: r.id,
    date: r.date,
    eventDate: r.event_date,
    eventName: r.event_name,
    contribution: r.item_name,
    amount: minorToJson(BigInt(r.amount_minor), r.currency_code),
    donor,
    currencyName: r.currency_code,
    channel: r.provider ? GATEWAY_NAME[r.provider as ProviderName] : r.payment_channel,
    reference: r.reference,
    fee: r.fee_minor === null ? null : minorToJson(BigInt(r.fee_minor), r.currency_code),
  };
}

/**
 * GET /api/Financials/Donation/Transactions?page=N (spec 2.5, §9; existing-client-api §3.2): the
 * church's live donation rows newest first (date, then the order received), 50 a page, with
 * `totalItems`. Deleted donations (reversed) are left out.
 */
export async function listDonations(
  ctx: TenantCtx,
  page: number,
): Promise<{ data: TDonationListItem[]; totalItems: number }> {
  const totalItems = await q.donationCount(ctx.tx, ctx.tenantId);
  const rows = await q.donationRows(ctx.tx, ctx.tenantId, {
    offset: (page - 1) * DONATION_PAGE_SIZE,
    limit: DONATION_PAGE_SIZE,
  });
  return { data: rows.map(toListItem), totalItems };
}

/**
 * GET /api/Financials/Donation/FilteredTransactions?contribution=&eventname=&donor= (the donation
 * screen's filter panel and search box, spec 2.5): donation rows whose item, event and donor
 * contain the texts (any case), newest first, at most 500.
 */
export async function filterDonations(
  ctx: TenantCtx,
  f: z.output<typeof ZDonationFilterQuery>,
): Promise<TDonationListItem[]> {
  const rows = await q.donationRows(ctx.tx, ctx.tenantId, {
    offset: 0,
    limit: 500,
    item: f.contribution ? likePattern(f.contribution) : null,
    event: f.eventname ? likePattern(f.eventname) : null,
    donor: f.donor ? likePattern(f.donor) : null,
  });
  return rows.map(toListItem);
}

/**
 * GET /api/Financials/Donation/Payments?page=&status= (Steward): the church's online payments
 * newest first, 50 a page, of one status when given, each with its items, the provider's fee and,
 * for a flagged or failed one, the reason and (a late registration fee) its refund's outcome
 * (`refundStatus`, `refundedAt`); `counts` per status over all of them (a flagged payment was paid
 * but not posted: the administrator settles it with the provider) and `needsAttention`, the
 * flagged ones not refunded.
 */
export async function listPayments(ctx: TenantCtx, query: z.output<typeof ZPaymentListQuery>): Promise<TPaymentList> {
  const rows = await q.paymentRows(ctx.tx, ctx.tenantId, {
    status: query.status,
    offset: (query.page - 1) * DONATION_PAGE_SIZE,
    limit: DONATION_PAGE_SIZE,
  });
  const items = await q.itemsOfPayments(
    ctx.tx,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const { byStatus: counted, needsAttention } = await q.paymentCounts(ctx.tx, ctx.tenantId);
  const counts = Object.fromEntries(ZPaymentStatus.options.map((s) => [s, counted.get(s) ?? 0])) as Record<
    TPaymentStatus,
    number
  >;
  return {
    data: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      date: new Date(r.paid_at ?? r.created_at).toISOString(),
      status: r.status as TPaymentStatus,
      reason: r.status_reason,
      refundStatus: (r.refund_status as TRefundStatus | null) ?? null,
      refundedAt: r.refunded_at,
      paymentGatewayName: GATEWAY_NAME[r.provider as ProviderName],
      amount: minorToJson(BigInt(r.amount_minor), r.currency_code),
      fee: r.fee_minor === null ? null : minorToJson(BigInt(r.fee_minor), r.currency_code),
      currencyName: r.currency_code,
      donor: r.is_anonymous ? 'Anonymous' : (r.payer_name ?? r.giver_name ?? ''),
      items: items
        .filter((i) => i.paymentId === r.id)
        .map((i) => ({ name: i.name, amount: minorToJson(i.amountMinor, r.currency_code) })),
    })),
    totalItems: query.status ? (counted.get(query.status) ?? 0) : [...counted.values()].reduce((a, b) => a + b, 0),
    counts,
    needsAttention,
  };
}
