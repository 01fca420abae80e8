import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TContributionItem, TContributionItemDetail } from '@steward/contracts/offerings';
import type { z } from 'zod';
import type { ZContributionItemSave } from '@steward/contracts/offerings';
import { NIL_ID } from '@steward/contracts/common';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { accounts, funds } from '../ledger/schema.ts';
import { requireAccount, unrestrictedFundId } from '../ledger/service.ts';
import { checkAccountsActive } from '../ledger/posting-guards.ts';
import { contributionItemRemittances, contributionItems, offeringTransactions } from './schema.ts';
import type { RemittanceRule } from './posting.ts';

type ItemSave = z.output<typeof ZContributionItemSave>;

const cashAcc = alias(accounts, 'cash_acc');
const incomeAcc = alias(accounts, 'income_acc');

/** GET /api/financials/contributions/items (spec 2.4, §7): active items by name. */
export async function listItems(ctx: TenantCtx): Promise<TContributionItem[]> {
  const rows = await ctx.tx
    .select({ item: contributionItems, cash: cashAcc.name, income: incomeAcc.name })
    .from(contributionItems)
    .innerJoin(
      cashAcc,
      and(eq(cashAcc.tenantId, contributionItems.tenantId), eq(cashAcc.id, contributionItems.cashAccountId)),
    )
    .innerJoin(
      incomeAcc,
      and(eq(incomeAcc.tenantId, contributionItems.tenantId), eq(incomeAcc.id, contributionItems.incomeAccountId)),
    )
    .where(and(eq(contributionItems.tenantId, ctx.tenantId), eq(contributionItems.isActive, true)))
    .orderBy(asc(contributionItems.name));
  return rows.map((r) => ({
    id: r.item.id,
    name: r.item.name,
    cashBankAccount: r.cash,
    incomeAccount: r.income,
    incomeAccountID: r.item.incomeAccountId,
    cashAccountID: r.item.cashAccountId,
  }));
}

async function findItem(ctx: TenantCtx, id: string) {
  const [item] = await ctx.tx
    .select()
    .from(contributionItems)
    .where(
      and(
        eq(contributionItems.tenantId, ctx.tenantId),
        eq(contributionItems.id, id),
        eq(contributionItems.isActive, true),
      ),
    );
  return item;
}

async function remittancesOf(ctx: TenantCtx, itemId: string) {
  return ctx.tx
    .select()
    .from(contributionItemRemittances)
    .where(
      and(
        eq(contributionItemRemittances.tenantId, ctx.tenantId),
        eq(contributionItemRemittances.contributionItemId, itemId),
      ),
    )
    .orderBy(asc(contributionItemRemittances.sortOrder));
}

/** GET /api/Financials/Contributions/Items/One?ID= (spec §3 edit load); 404 if missing or foreign. */
export async function getItem(ctx: TenantCtx, id: string): Promise<TContributionItemDetail> {
  const item = await findItem(ctx, id);
  if (!item) throw notFound('Offering item');
  const rems = await remittancesOf(ctx, id);
  return {
    id: item.id,
    name: item.name,
    incomeAccountID: item.incomeAccountId,
    cashAccountID: item.cashAccountId,
    incomeRemittance: rems.map((r) => ({
      id: r.id,
      percentage: Number(r.percentage),
      distinationCashBankAccount: r.destinationCashBankAccountId ?? NIL_ID,
      distinationIncomeAccount: r.destinationIncomeAccountId ?? NIL_ID,
      financialFundID: r.fundId ?? NIL_ID,
    })),
  };
}

/** Checks accounts and funds of a save; throws 400 naming the field at fault. */
async function resolveSave(ctx: TenantCtx, input: ItemSave) {
  await requireAccount(ctx, input.incomeAccountId, 'incomeAccountId', 'income');
  await requireAccount(ctx, input.cashAccountId, 'cashAccountId', 'cashBank');
  const rows = [];
  for (const [i, r] of (input.incomeRemittance ?? []).entries()) {
    const field = `incomeRemittance.${i}`;
    let fundId: string | null = null;
    if (r.financialFundID) {
      const [fund] = await ctx.tx
        .select()
        .from(funds)
        .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, r.financialFundID)));
      if (!fund) throw badRequest(`${field}.financialFundID`, 'is not a fund of this church');
      fundId = fund.id;
    }
    if (r.distinationCashBankAccount) {
      await requireAccount(ctx, r.distinationCashBankAccount, `${field}.distinationCashBankAccount`, 'cashBank');
    } else if (r.distinationIncomeAccount) {
      const acc = await requireAccount(ctx, r.distinationIncomeAccount, `${field}.distinationIncomeAccount`, 'income');
      fundId ??= acc.fundId;
    }
    rows.push({
      percentage: r.percentage,
      destinationCashBankAccountId: r.distinationCashBankAccount ?? null,
      destinationIncomeAccountId: r.distinationCashBankAccount ? null : (r.distinationIncomeAccount ?? null),
      fundId,
      sortOrder: i,
    });
  }
  return rows;
}

/** POST /api/financials/contributions/items/save (spec 2.5): creates an item with its splits. */
export async function createItem(ctx: TenantCtx, input: ItemSave): Promise<{ id: string; name: string }> {
  const rems = await resolveSave(ctx, input);
  const [item] = await ctx.tx
    .insert(contributionItems)
    .values({
      tenantId: ctx.tenantId,
      name: input.name,
      incomeAccountId: input.incomeAccountId,
      cashAccountId: input.cashAccountId,
    })
    .returning();
  if (rems.length > 0) {
    await ctx.tx
      .insert(contributionItemRemittances)
      .values(rems.map((r) => ({ ...r, tenantId: ctx.tenantId, contributionItemId: item!.id })));
  }
  return { id: item!.id, name: item!.name };
}

/**
 * PUT /api/Financials/Contributions/Items/edit (spec 2.5): replaces name, accounts and
 * splits. Offerings already posted keep their entries; new ones use the new rules.
 */
export async function editItem(ctx: TenantCtx, input: ItemSave): Promise<{ id: string; name: string }> {
  if (!input.id) throw badRequest('id', 'is required to edit an item');
  const item = await findItem(ctx, input.id);
  if (!item) throw notFound('Offering item');
  const rems = await resolveSave(ctx, input);
  await ctx.tx
    .update(contributionItems)
    .set({ name: input.name, incomeAccountId: input.incomeAccountId, cashAccountId: input.cashAccountId })
    .where(and(eq(contributionItems.tenantId, ctx.tenantId), eq(contributionItems.id, item.id)));
  await ctx.tx
    .delete(contributionItemRemittances)
    .where(
      and(
        eq(contributionItemRemittances.tenantId, ctx.tenantId),
        eq(contributionItemRemittances.contributionItemId, item.id),
      ),
    );
  if (rems.length > 0) {
    await ctx.tx
      .insert(contributionItemRemittances)
      .values(rems.map((r) => ({ ...r, tenantId: ctx.tenantId, contributionItemId: item.id })));
  }
  return { id: item.id, name: input.name };
}

/**
 * DELETE /api/Financials/Contributions/Delete?ID= (spec 2.4): an item with offerings is
 * deactivated (its history stays); one without is removed. 404 if missing or foreign.
 */
export async function deleteItem(ctx: TenantCtx, id: string): Promise<string> {
  const item = await findItem(ctx, id);
  if (!item) throw notFound('Offering item');
  const used = await ctx.tx
    .select({ id: offeringTransactions.id })
    .from(offeringTransactions)
    .where(and(eq(offeringTransactions.tenantId, ctx.tenantId), eq(offeringTransactions.contributionItemId, id)))
    .limit(1);
  const where = and(eq(contributionItems.tenantId, ctx.tenantId), eq(contributionItems.id, id));
  if (used.length > 0) {
    await ctx.tx.update(contributionItems).set({ isActive: false }).where(where);
    return `${item.name} has offerings recorded, so it was deactivated; its history is kept`;
  }
  await ctx.tx
    .delete(contributionItemRemittances)
    .where(
      and(
        eq(contributionItemRemittances.tenantId, ctx.tenantId),
        eq(contributionItemRemittances.contributionItemId, id),
      ),
    );
  await ctx.tx.delete(contributionItems).where(where);
  return `${item.name} was deleted`;
}

/**
 * An item with its accounts and remittance rules, ready for posting. Throws 400 naming
 * `field` when the item is unknown (or inactive, unless `allowInactive`), or when its cash,
 * income or a remittance destination account is deactivated (issue 6: a deactivated account
 * receives no new postings; see ledger/posting-guards.ts).
 */
export async function itemForPosting(ctx: TenantCtx, id: string, field: string, allowInactive = false) {
  return (await itemsForPosting(ctx, [id]))(id, field, allowInactive);
}

/** An offering item ready for posting (itemForPosting). */
export type ItemForPosting = {
  item: typeof contributionItems.$inferSelect;
  /** the fund of the item's income account, else the church's unrestricted fund */
  incomeFundId: string;
  remittances: RemittanceRule[];
};

/**
 * itemForPosting for several items in three statements (the items, their remittance rules,
 * every account they post to), whatever their number (issue 7 'Speed': an offering save read
 * four to five statements per item). Answers a function giving each of `ids` as itemForPosting
 * does, with the same 400s naming `field`; an id not among `ids` is answered as unknown.
 */
export async function itemsForPosting(
  ctx: TenantCtx,
  ids: readonly string[],
): Promise<(id: string, field: string, allowInactive?: boolean) => Promise<ItemForPosting>> {
  const wanted = [...new Set(ids)];
  const items = wanted.length
    ? await ctx.tx
        .select()
        .from(contributionItems)
        .where(and(eq(contributionItems.tenantId, ctx.tenantId), inArray(contributionItems.id, wanted)))
    : [];
  const itemIds = items.map((i) => i.id);
  const rems = itemIds.length
    ? await ctx.tx
        .select()
        .from(contributionItemRemittances)
        .where(
          and(
            eq(contributionItemRemittances.tenantId, ctx.tenantId),
            inArray(contributionItemRemittances.contributionItemId, itemIds),
          ),
        )
        .orderBy(asc(contributionItemRemittances.sortOrder))
    : [];
  const accountIds = [
    ...new Set(
      [
        ...items.flatMap((i) => [i.cashAccountId, i.incomeAccountId]),
        ...rems.flatMap((r) => [r.destinationCashBankAccountId, r.destinationIncomeAccountId]),
      ].filter((x): x is string => Boolean(x)),
    ),
  ];
  const accountRows = accountIds.length
    ? await ctx.tx
        .select({ id: accounts.id, name: accounts.name, isActive: accounts.isActive, fundId: accounts.fundId })
        .from(accounts)
        .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, accountIds)))
    : [];
  const itemById = new Map(items.map((i) => [i.id, i]));
  const accountById = new Map(accountRows.map((a) => [a.id, a]));
  let unrestricted: Promise<string> | undefined;
  return async (id, field, allowInactive = false) => {
    const item = itemById.get(id);
    if (!item || (!item.isActive && !allowInactive)) throw badRequest(field, 'is not an offering item of this church');
    const income = accountById.get(item.incomeAccountId);
    const incomeFundId = income?.fundId ?? (await (unrestricted ??= unrestrictedFundId(ctx)));
    const own = rems.filter((r) => r.contributionItemId === id);
    checkAccountsActive(
      [
        item.cashAccountId,
        item.incomeAccountId,
        ...own.flatMap((r) => [r.destinationCashBankAccountId, r.destinationIncomeAccountId]),
      ].filter((x): x is string => Boolean(x)),
      accountById,
      { field, label: `Offering item "${item.name}"`, change: 'the item' },
    );
    const remittances: RemittanceRule[] = own.map((r) => ({
      id: r.id,
      percentage: r.percentage,
      destination: r.destinationCashBankAccountId
        ? { kind: 'asset', accountId: r.destinationCashBankAccountId }
        : {
            kind: 'income',
            accountId: r.destinationIncomeAccountId!,
            fundId: r.fundId ?? accountById.get(r.destinationIncomeAccountId!)?.fundId ?? incomeFundId,
          },
    }));
    return { item, incomeFundId, remittances };
  };
}
