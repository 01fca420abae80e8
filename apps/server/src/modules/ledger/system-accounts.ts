import { and, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { accountGroups, accounts } from './schema.ts';

type AccountRow = typeof accounts.$inferSelect;

const SYSTEM = {
  fx_clearing: {
    code: '3900',
    name: 'Currency Exchange',
    type: 'equity',
    head: 'Currency Exchange',
    sub: 'Clearing',
    description: 'Clears entries that cross currencies, at the stored rate',
  },
  fx_rounding: {
    code: '5900',
    name: 'FX Rounding Differences',
    type: 'expense',
    head: 'Administrative Expenses',
    sub: 'Overheads',
    description: 'Rounding on currency conversion',
  },
  interfund: {
    code: '1900',
    name: 'Interfund Transfers',
    type: 'assets',
    head: 'Interfund',
    sub: 'Due to / due from funds',
    description: 'Balances journals that move money between funds',
  },
} as const;

export type SystemAccountKey = keyof typeof SYSTEM;

/**
 * The tenant's account Steward relies on for `key`, created (with its head) on first use
 * for churches whose chart predates it.
 */
export async function systemAccount(ctx: TenantCtx, key: SystemAccountKey): Promise<AccountRow> {
  const where = and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.systemKey, key));
  const [row] = await ctx.tx.select().from(accounts).where(where);
  if (row) return row;
  const spec = SYSTEM[key];
  let [head] = await ctx.tx
    .select()
    .from(accountGroups)
    .where(
      and(
        eq(accountGroups.tenantId, ctx.tenantId),
        eq(accountGroups.name, spec.head),
        eq(accountGroups.accountType, spec.type),
      ),
    );
  head ??= (
    await ctx.tx
      .insert(accountGroups)
      .values({
        tenantId: ctx.tenantId,
        name: spec.head,
        groupSubHead: spec.sub,
        accountType: spec.type,
        sortOrder: 100,
      })
      .returning()
  )[0]!;
  await ctx.tx
    .insert(accounts)
    .values({
      tenantId: ctx.tenantId,
      code: spec.code,
      name: spec.name,
      description: spec.description,
      accountType: spec.type,
      accountGroupId: head.id,
      currencyCode: await homeCurrency(ctx),
      systemKey: key,
    })
    .onConflictDoNothing();
  const [created] = await ctx.tx.select().from(accounts).where(where);
  return created!;
}
