import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { contributionItems } from '../offerings/schema.ts';
import { givers, payments, paymentItems } from './schema.ts';

/*
 * The SQL of online payments (issue 10). Every statement names the tenant, besides row-level
 * security (DESIGN.md §1.4); the lookups made before a church is known go through the narrow
 * security-definer functions of migration 0018.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentItemRow = typeof paymentItems.$inferSelect;

/** The church of payment form `formId` (giving_form_tenant), or null. Runs without a tenant. */
export async function formTenant(tx: Tx, formId: string): Promise<string | null> {
  const [row] = await queryRows<{ t: string | null }>(tx, sql`select giving_form_tenant(${formId}::uuid) as t`);
  return row?.t ?? null;
}

/** The church of the payment with this reference (giving_payment_tenant), or null. Runs without a tenant. */
export async function paymentTenant(tx: Tx, reference: string): Promise<string | null> {
  const [row] = await queryRows<{ t: string | null }>(tx, sql`select giving_payment_tenant(${reference}) as t`);
  return row?.t ?? null;
}

/** Payments pending for more than `olderThanSeconds`, oldest first, at most `limit` (giving_stale_payments). */
export function stalePayments(
  db: Db | Tx,
  olderThanSeconds: number,
  limit: number,
): Promise<{ tenant_id: string; reference: string }[]> {
  return queryRows(db, sql`select tenant_id, reference from giving_stale_payments(${olderThanSeconds}, ${limit})`);
}

/** The payment with this reference in the church, `lock`ed FOR UPDATE when asked. */
export async function paymentByReference(
  tx: Tx,
  tenantId: string,
  reference: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const q = tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.reference, reference)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** The payment of a retried initialise: same church, orderID and request. */
export async function paymentByOrder(
  tx: Tx,
  tenantId: string,
  orderId: string,
  requestHash: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.orderId, orderId), eq(payments.requestHash, requestHash)));
  return row;
}

/** Frees an orderID held by a payment that ended without money (failed, abandoned), so a retry makes a new one. */
export async function releaseOrder(tx: Tx, tenantId: string, paymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ orderId: null })
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)));
}

/** The items of a payment with their names, in the order given. */
export function itemsOfPayment(tx: Tx, tenantId: string, paymentId: string) {
  return tx
    .select({ item: paymentItems, name: contributionItems.name })
    .from(paymentItems)
    .innerJoin(
      contributionItems,
      and(
        eq(contributionItems.tenantId, paymentItems.tenantId),
        eq(contributionItems.id, paymentItems.contributionItemId),
      ),
    )
    .where(and(eq(paymentItems.tenantId, tenantId), eq(paymentItems.paymentId, paymentId)))
    .orderBy(asc(paymentItems.id));
}

/** The items of several payments with their names. */
export function itemsOfPayments(tx: Tx, tenantId: string, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ paymentId: paymentItems.paymentId, amountMinor: paymentItems.amountMinor, name: contributionItems.name })
    .from(paymentItems)
    .innerJoin(
      contributionItems,
      and(
        eq(contributionItems.tenantId, paymentItems.tenantId),
        eq(contributionItems.id, paymentItems.contributionItemId),
      ),
    )
    .where(and(eq(paymentItems.tenantId, tenantId), inArray(paymentItems.paymentId, paymentIds)))
    .orderBy(asc(paymentItems.id));
}

/** A giver of the church by id. */
export async function giverById(tx: Tx, tenantId: string, giverId: string) {
  const [row] = await tx
    .select()
    .from(givers)
    .where(and(eq(givers.tenantId, tenantId), eq(givers.id, giverId)));
  return row;
}

/** The church's name, logo and currency. */
export async function churchProfile(
  tx: Tx,
  tenantId: string,
): Promise<{ churchName: string; logoUrl: string | null; currencyCode: string; countryCode: string } | undefined> {
  const [row] = await queryRows<{
    churchName: string;
    logoUrl: string | null;
    currencyCode: string;
    countryCode: string;
  }>(
    tx,
    sql`select church_name as "churchName", logo_url as "logoUrl", currency_code as "currencyCode",
               country_code as "countryCode"
        from tenants where id = ${tenantId}`,
  );
  return row;
}

/** One donation row as the SQL answers it (values as text, so pg and PGlite agree). */
export interface DonationSqlRow {
  id: string;
  date: string;
  event_date: string | null;
  event_name: string | null;
  item_name: string;
  amount_minor: string;
  currency_code: string;
  payment_channel: string;
  person_name: string | null;
  payer_name: string | null;
  giver_name: string | null;
  is_anonymous: boolean | null;
  provider: string | null;
  reference: string | null;
  fee_minor: string | null;
}

/**
 * The church's live donation rows (offering rows of source 'online') newest first, with the gift
 * they came from (payer, provider, reference, fee); `filter` narrows by item, event and donor
 * text (already LIKE patterns), `page` of `pageSize`.
 */
export function donationRows(
  tx: Tx,
  tenantId: string,
  opts: { offset: number; limit: number; item?: string | null; event?: string | null; donor?: string | null },
): Promise<DonationSqlRow[]> {
  const donor = sql`(case when p.is_anonymous then 'Anonymous'
                      else coalesce(nullif(trim(coalesce(pe.first_name, '') || ' ' || coalesce(pe.last_name, '')), ''),
                                    p.payer_name, g.name, '') end)`;
  return queryRows<DonationSqlRow>(
    tx,
    sql`select o.id, to_char(o.transaction_date, 'YYYY-MM-DD') as date,
               to_char(a.activity_date, 'YYYY-MM-DD') as event_date, a.name as event_name,
               i.name as item_name, o.amount_minor::text as amount_minor, o.currency_code, o.payment_channel,
               nullif(trim(coalesce(pe.first_name, '') || ' ' || coalesce(pe.last_name, '')), '') as person_name,
               p.payer_name, g.name as giver_name, p.is_anonymous, p.provider, p.reference,
               p.fee_minor::text as fee_minor
        from offering_transactions o
        join contribution_items i on i.tenant_id = o.tenant_id and i.id = o.contribution_item_id
        left join activities a on a.tenant_id = o.tenant_id and a.id = o.activity_id
        left join people pe on pe.tenant_id = o.tenant_id and pe.id = o.person_id
        left join payment_items pi on pi.tenant_id = o.tenant_id and pi.offering_transaction_id = o.id
        left join payments p on p.tenant_id = pi.tenant_id and p.id = pi.payment_id
        left join givers g on g.tenant_id = p.tenant_id and g.id = p.giver_id
        where o.tenant_id = ${tenantId} and o.source = 'online' and o.deleted_at is null
          ${opts.item ? sql`and i.name ilike ${opts.item}` : sql``}
          ${opts.event ? sql`and a.name ilike ${opts.event}` : sql``}
          ${opts.donor ? sql`and ${donor} ilike ${opts.donor}` : sql``}
        order by o.transaction_date desc, o.created_at desc, o.id desc
        limit ${opts.limit} offset ${opts.offset}`,
  );
}

/** How many live donation rows the church has (summed from the day totals, not the rows). */
export async function donationCount(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`select coalesce(sum(row_count), 0)::text as n from offering_daily_totals
        where tenant_id = ${tenantId} and source = 'online'`,
  );
  return Number(row?.n ?? 0);
}

/** One payment of the admin's list. */
export interface PaymentSqlRow {
  id: string;
  reference: string;
  created_at: string;
  paid_at: string | null;
  status: string;
  status_reason: string | null;
  provider: string;
  amount_minor: string;
  fee_minor: string | null;
  currency_code: string;
  payer_name: string | null;
  giver_name: string | null;
  is_anonymous: boolean;
  /** 'pending' | 'refunded' | 'failed' (payments_refund_status_check), null when not refunded */
  refund_status: string | null;
  /** ISO timestamp (UTC) */
  refunded_at: string | null;
}

/**
 * The church's payments (gifts and event registration fees: a late registration payment's refund
 * outcome is read here), newest first, of one status when given.
 */
export function paymentRows(
  tx: Tx,
  tenantId: string,
  opts: { status?: string | undefined; offset: number; limit: number },
): Promise<PaymentSqlRow[]> {
  return queryRows<PaymentSqlRow>(
    tx,
    sql`select p.id, p.reference, p.created_at::text as created_at, p.paid_at::text as paid_at, p.status,
               p.status_reason, p.provider, p.amount_minor::text as amount_minor, p.fee_minor::text as fee_minor,
               p.currency_code, p.payer_name, g.name as giver_name, p.is_anonymous, p.refund_status,
               to_char(p.refunded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as refunded_at
        from payments p
        left join givers g on g.tenant_id = p.tenant_id and g.id = p.giver_id
        where p.tenant_id = ${tenantId} and p.purpose in ('donation', 'registration')
          ${opts.status ? sql`and p.status = ${opts.status}` : sql``}
        order by p.created_at desc, p.id desc
        limit ${opts.limit} offset ${opts.offset}`,
  );
}

/**
 * The church's payments (gifts and registration fees) per status, and how many of the flagged
 * ones still need the administrator (all but those refunded), aggregated in SQL.
 */
export async function paymentCounts(
  tx: Tx,
  tenantId: string,
): Promise<{ byStatus: Map<string, number>; needsAttention: number }> {
  const rows = await queryRows<{ status: string; n: number; attention: number }>(
    tx,
    sql`select status, count(*)::int as n,
               (count(*) filter (where status = 'flagged' and refund_status is distinct from 'refunded'))::int as attention
        from payments
        where tenant_id = ${tenantId} and purpose in ('donation', 'registration') group by status`,
  );
  return {
    byStatus: new Map(rows.map((r) => [r.status, Number(r.n)])),
    needsAttention: rows.reduce((n, r) => n + Number(r.attention), 0),
  };
}

/** One item of a giver's history. */
export interface GiverHistorySqlRow {
  item_name: string;
  date: string;
  amount_minor: string;
  currency_code: string;
  provider: string;
  reference: string;
}

/**
 * The giver's received gift items (payments succeeded whose donation rows the church has not
 * deleted), newest first, paid between `from` and `to` (ISO dates, inclusive) when given.
 */
export function giverHistory(
  tx: Tx,
  tenantId: string,
  giverId: string,
  from: string | null,
  to: string | null,
): Promise<GiverHistorySqlRow[]> {
  return queryRows<GiverHistorySqlRow>(
    tx,
    sql`select i.name as item_name, coalesce(p.paid_at, p.confirmed_at, p.created_at)::text as date,
               pi.amount_minor::text as amount_minor, p.currency_code, p.provider, p.reference
        from payments p
        join payment_items pi on pi.tenant_id = p.tenant_id and pi.payment_id = p.id
        join contribution_items i on i.tenant_id = pi.tenant_id and i.id = pi.contribution_item_id
        join offering_transactions o on o.tenant_id = pi.tenant_id and o.id = pi.offering_transaction_id
        where p.tenant_id = ${tenantId} and p.giver_id = ${giverId} and p.status = 'succeeded'
          and o.deleted_at is null
          ${from ? sql`and o.transaction_date >= ${from}::date` : sql``}
          ${to ? sql`and o.transaction_date <= ${to}::date` : sql``}
        order by coalesce(p.paid_at, p.confirmed_at, p.created_at) desc, pi.id
        limit 1000`,
  );
}
