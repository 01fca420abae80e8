import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { banks, paymentGateways } from '../lookups/schema.ts';
import { contributionItems } from '../offerings/schema.ts';
import { checkinAttendances } from '../attendance/schema.ts';
import { tenants } from '../tenancy/schema.ts';
import { paymentFormGateways, paymentFormItems, paymentForms, payments } from './schema.ts';

/*
 * The SQL of payment forms (giving spec 2.1-2.3). Every statement names the tenant, besides
 * row-level security (DESIGN.md §1.4). Reference tables (banks, payment_gateways) are global.
 */

export type BankRow = typeof banks.$inferSelect;
export type GatewayRow = typeof paymentGateways.$inferSelect;
export type FormRow = typeof paymentForms.$inferSelect;
export type FormGatewayRow = typeof paymentFormGateways.$inferSelect;

/** The church's name and country (ISO 3166 alpha-2). */
export async function churchOf(tx: Tx, tenantId: string): Promise<{ churchName: string; countryCode: string }> {
  const [row] = await tx
    .select({ churchName: tenants.churchName, countryCode: tenants.countryCode })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw new Error('the signed-in church has no tenant row');
  return row;
}

/** The banks of a country, by name. */
export function banksOf(tx: Tx, countryCode: string): Promise<BankRow[]> {
  return tx
    .select()
    .from(banks)
    .where(eq(banks.countryCode, countryCode.toUpperCase()))
    .orderBy(asc(banks.name), asc(banks.id));
}

/** Banks with that code, the given country's first. */
export function banksByCode(tx: Tx, code: string, countryCode: string): Promise<BankRow[]> {
  return tx
    .select()
    .from(banks)
    .where(sql`lower(${banks.code}) = lower(${code})`)
    .orderBy(sql`(${banks.countryCode} = ${countryCode.toUpperCase()}) desc`, asc(banks.id));
}

/** The bank of that id, if any. */
export async function bankById(tx: Tx, id: number): Promise<BankRow | undefined> {
  const [row] = await tx.select().from(banks).where(eq(banks.id, id));
  return row;
}

/** Every gateway (active or not), by id. */
export function allGateways(tx: Tx): Promise<GatewayRow[]> {
  return tx.select().from(paymentGateways).orderBy(asc(paymentGateways.id));
}

/**
 * The church's forms, newest first, with their bank's name; `search` (already a LIKE pattern)
 * matches the form's name or its bank's name.
 */
export function listForms(tx: Tx, tenantId: string, search: string | null) {
  return tx
    .select({ form: paymentForms, bankName: banks.name })
    .from(paymentForms)
    .leftJoin(banks, eq(banks.id, paymentForms.bankId))
    .where(
      and(
        eq(paymentForms.tenantId, tenantId),
        search ? or(ilike(paymentForms.name, search), ilike(banks.name, search)) : undefined,
      ),
    )
    .orderBy(desc(paymentForms.createdAt), desc(paymentForms.id));
}

/** The church's form `id` with its bank, or undefined; `lock` takes it FOR UPDATE. */
export async function findForm(tx: Tx, tenantId: string, id: string, lock = false) {
  const q = tx
    .select({ form: paymentForms, bank: banks })
    .from(paymentForms)
    .leftJoin(banks, eq(banks.id, paymentForms.bankId))
    .where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.id, id)));
  const [row] = await (lock ? q.for('update', { of: paymentForms }) : q);
  return row;
}

/** The item rows of a form with the contribution item's name, by name (any case). */
export function formItems(tx: Tx, tenantId: string, formId: string) {
  return tx
    .select({ id: paymentFormItems.id, itemId: contributionItems.id, name: contributionItems.name })
    .from(paymentFormItems)
    .innerJoin(
      contributionItems,
      and(
        eq(contributionItems.tenantId, paymentFormItems.tenantId),
        eq(contributionItems.id, paymentFormItems.contributionItemId),
      ),
    )
    .where(and(eq(paymentFormItems.tenantId, tenantId), eq(paymentFormItems.paymentFormId, formId)))
    .orderBy(asc(sql`lower(${contributionItems.name})`), asc(paymentFormItems.id));
}

/** The gateway rows of a form with their gateway, by gateway id. */
export function formGateways(tx: Tx, tenantId: string, formId: string) {
  return tx
    .select({ row: paymentFormGateways, gateway: paymentGateways })
    .from(paymentFormGateways)
    .innerJoin(paymentGateways, eq(paymentGateways.id, paymentFormGateways.paymentGatewayId))
    .where(and(eq(paymentFormGateways.tenantId, tenantId), eq(paymentFormGateways.paymentFormId, formId)))
    .orderBy(asc(paymentFormGateways.paymentGatewayId));
}

/** Which of `ids` are active contribution items of the church. */
export async function activeItemIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: contributionItems.id })
    .from(contributionItems)
    .where(
      and(
        eq(contributionItems.tenantId, tenantId),
        inArray(contributionItems.id, ids),
        eq(contributionItems.isActive, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface FormValues {
  name: string;
  bankId: number | null;
  bankCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  isActive: boolean;
}

/** Inserts a form; answers its id. */
export async function insertForm(tx: Tx, tenantId: string, values: FormValues): Promise<string> {
  const [row] = await tx
    .insert(paymentForms)
    .values({ tenantId, ...values })
    .returning({ id: paymentForms.id });
  return row!.id;
}

/** Overwrites a form's own fields. */
export async function updateForm(tx: Tx, tenantId: string, id: string, values: FormValues): Promise<void> {
  await tx
    .update(paymentForms)
    .set(values)
    .where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.id, id)));
}

/** Adds the contribution items a form does not have yet (the unique index settles repeats). */
export async function addItems(tx: Tx, tenantId: string, formId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .insert(paymentFormItems)
    .values(itemIds.map((contributionItemId) => ({ tenantId, paymentFormId: formId, contributionItemId })))
    .onConflictDoNothing({
      target: [paymentFormItems.tenantId, paymentFormItems.paymentFormId, paymentFormItems.contributionItemId],
    });
}

/** Removes item rows of a form by row id or by contribution item id. */
export async function removeItems(tx: Tx, tenantId: string, formId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(paymentFormItems)
    .where(
      and(
        eq(paymentFormItems.tenantId, tenantId),
        eq(paymentFormItems.paymentFormId, formId),
        or(inArray(paymentFormItems.id, ids), inArray(paymentFormItems.contributionItemId, ids)),
      ),
    );
}

/** Deletes one item row of the church by its id; answers its form's id, or undefined. */
export async function deleteItemRow(tx: Tx, tenantId: string, rowId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(paymentFormItems)
    .where(and(eq(paymentFormItems.tenantId, tenantId), eq(paymentFormItems.id, rowId)))
    .returning({ formId: paymentFormItems.paymentFormId });
  return row?.formId;
}

/** Adds or updates a form's gateway row (one per gateway, by the unique index). */
export async function upsertGateway(
  tx: Tx,
  tenantId: string,
  formId: string,
  gatewayId: number,
  subAccountId: string | null,
): Promise<void> {
  await tx
    .insert(paymentFormGateways)
    .values({ tenantId, paymentFormId: formId, paymentGatewayId: gatewayId, subAccountId })
    .onConflictDoUpdate({
      target: [paymentFormGateways.tenantId, paymentFormGateways.paymentFormId, paymentFormGateways.paymentGatewayId],
      set: { subAccountId },
    });
}

/** Removes gateway rows of a form by row id or by gateway id. */
export async function removeGateways(
  tx: Tx,
  tenantId: string,
  formId: string,
  rowIds: string[],
  gatewayIds: number[],
): Promise<void> {
  if (rowIds.length === 0 && gatewayIds.length === 0) return;
  await tx
    .delete(paymentFormGateways)
    .where(
      and(
        eq(paymentFormGateways.tenantId, tenantId),
        eq(paymentFormGateways.paymentFormId, formId),
        or(
          rowIds.length ? inArray(paymentFormGateways.id, rowIds) : undefined,
          gatewayIds.length ? inArray(paymentFormGateways.paymentGatewayId, gatewayIds) : undefined,
        ),
      ),
    );
}

/** How many item rows a form has. */
export async function itemCount(tx: Tx, tenantId: string, formId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentFormItems)
    .where(and(eq(paymentFormItems.tenantId, tenantId), eq(paymentFormItems.paymentFormId, formId)));
  return Number(row?.n ?? 0);
}

/** True when payments or event registrations refer to the form (its history must stay). */
export async function formHasHistory(tx: Tx, tenantId: string, formId: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from ${payments}
                        where ${payments.tenantId} = ${tenantId} and ${payments.paymentFormId} = ${formId})
            or exists (select 1 from ${checkinAttendances}
                        where ${checkinAttendances.tenantId} = ${tenantId} and ${checkinAttendances.paymentFormId} = ${formId})
           as used`,
  );
  return Boolean(row?.used);
}

/** Deactivates a form. */
export async function deactivateForm(tx: Tx, tenantId: string, formId: string): Promise<void> {
  await tx
    .update(paymentForms)
    .set({ isActive: false })
    .where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.id, formId)));
}

/** Deletes a form with its item and gateway rows. */
export async function deleteForm(tx: Tx, tenantId: string, formId: string): Promise<void> {
  await tx
    .delete(paymentFormItems)
    .where(and(eq(paymentFormItems.tenantId, tenantId), eq(paymentFormItems.paymentFormId, formId)));
  await tx
    .delete(paymentFormGateways)
    .where(and(eq(paymentFormGateways.tenantId, tenantId), eq(paymentFormGateways.paymentFormId, formId)));
  await tx.delete(paymentForms).where(and(eq(paymentForms.tenantId, tenantId), eq(paymentForms.id, formId)));
}

/** The church's bank account numbers and subaccount ids on its forms (which subaccounts it may see). */
export async function churchAccounts(
  tx: Tx,
  tenantId: string,
): Promise<{ accountNumbers: Set<string>; subaccountIds: Set<string> }> {
  const numbers = await tx
    .select({ n: paymentForms.accountNumber })
    .from(paymentForms)
    .where(eq(paymentForms.tenantId, tenantId));
  const subs = await tx
    .select({ s: paymentFormGateways.subAccountId })
    .from(paymentFormGateways)
    .where(eq(paymentFormGateways.tenantId, tenantId));
  return {
    accountNumbers: new Set(numbers.map((r) => r.n).filter((n): n is string => Boolean(n))),
    subaccountIds: new Set(subs.map((r) => r.s).filter((s): s is string => Boolean(s))),
  };
}

/** What a gift is checked against (public-give-checks.ts checkGift), read in one statement. */
export interface GiftContext {
  formActive: boolean;
  churchName: string;
  logoUrl: string | null;
  /** the church's currency (ISO 4217): gifts are taken in it only */
  currencyCode: string;
  /** the form's gateways, by gateway id, with the form's subaccount for each */
  gateways: { name: string; isActive: boolean; subAccountId: string | null }[];
  /** the contribution items on the form that are still active items of the church */
  itemIds: Set<string>;
}

/** A json column as pg (parsed) or PGlite (parsed, or text) hands it over. */
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The form `formId` of the church with what a gift needs of it — the church's name, logo and
 * currency, the form's gateways (with subaccounts) and its active items — in one statement
 * (issue 10 'Speed': initialise under load). Undefined for an unknown form.
 */
export async function giftContext(tx: Tx, tenantId: string, formId: string): Promise<GiftContext | undefined> {
  const [row] = await queryRows<{
    formActive: boolean;
    churchName: string;
    logoUrl: string | null;
    currencyCode: string;
    gateways: unknown;
    items: unknown;
  }>(
    tx,
    sql`select f.is_active as "formActive", t.church_name as "churchName", t.logo_url as "logoUrl",
               t.currency_code as "currencyCode",
               coalesce((select json_agg(json_build_object('name', g.name, 'isActive', g.is_active,
                                                           'subAccountId', fg.sub_account_id) order by g.id)
                         from payment_form_gateways fg join payment_gateways g on g.id = fg.payment_gateway_id
                         where fg.tenant_id = f.tenant_id and fg.payment_form_id = f.id), '[]'::json) as gateways,
               coalesce((select json_agg(fi.contribution_item_id)
                         from payment_form_items fi
                         join contribution_items ci on ci.tenant_id = fi.tenant_id and ci.id = fi.contribution_item_id
                         where fi.tenant_id = f.tenant_id and fi.payment_form_id = f.id and ci.is_active), '[]'::json) as items
        from payment_forms f join tenants t on t.id = f.tenant_id
        where f.tenant_id = ${tenantId} and f.id = ${formId}`,
  );
  if (!row) return undefined;
  return {
    formActive: row.formActive,
    churchName: row.churchName,
    logoUrl: row.logoUrl,
    currencyCode: row.currencyCode,
    gateways: jsonOf<GiftContext['gateways']>(row.gateways),
    itemIds: new Set(jsonOf<string[]>(row.items)),
  };
}

/**
 * The church's newest active form that offers an active gateway of `provider` (by its name, as
 * forms-service.ts providerOf reads it) and every one of `itemIds`, in one statement (the /pay
 * page names no form: existing-client-api §3.4). Null when no form does.
 */
export async function formOffering(
  tx: Tx,
  tenantId: string,
  provider: 'paystack' | 'flutterwave',
  itemIds: string[],
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select f.id from payment_forms f
        where f.tenant_id = ${tenantId} and f.is_active
          and exists (select 1 from payment_form_gateways fg join payment_gateways g on g.id = fg.payment_gateway_id
                      where fg.tenant_id = f.tenant_id and fg.payment_form_id = f.id and g.is_active
                        and strpos(lower(g.name), ${provider}) > 0)
          and not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb) as x(id)
                          where not exists (select 1 from payment_form_items fi
                                            where fi.tenant_id = f.tenant_id and fi.payment_form_id = f.id
                                              and fi.contribution_item_id = x.id::uuid))
        order by f.created_at desc, f.id desc
        limit 1`,
  );
  return row?.id ?? null;
}
