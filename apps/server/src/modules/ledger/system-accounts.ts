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
  // online giving (issue 10): what a provider holds for the church until it pays out to the
  // church's bank (a journal Bank <- Clearing records the payout), and the providers' fees
  paystack_clearing: {
    code: '1110',
    name: 'Paystack Clearing',
    type: 'assets',
    head: 'Cash and Bank',
    sub: 'Current Assets',
    description: 'Online gifts received through Paystack, not yet paid out to the bank',
  },
  flutterwave_clearing: {
    code: '1120',
    name: 'Flutterwave Clearing',
    type: 'assets',
    head: 'Cash and Bank',
    sub: 'Current Assets',
    description: 'Online gifts received through Flutterwave, not yet paid out to the bank',
  },
  payment_fees: {
    code: '5610',
    name: 'Payment Provider Fees',
    type: 'expense',
    head: 'Administrative Expenses',
    sub: 'Overheads',
    description: 'Fees Paystack and Flutterwave keep from online gifts',
  },
} as const;

export type SystemAccountKey = keyof typeof SYSTEM;

/**
 * The tenant's account Steward relies on for `key`, created (with its head) on first use
 * for churches whose chart predates it. When the church's own chart already uses the code or
 * name, the account is made without a code and named '<name> (Steward)'.
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
  let [created] = await ctx.tx.select().from(accounts).where(where);
  if (!created) {
    // the church already has an account with this code or name of its own: the system account
    // takes no code and a distinct name rather than failing the posting that needs it
    await ctx.tx
      .insert(accounts)
      .values({
        tenantId: ctx.tenantId,
        code: '',
        name: `${spec.name} (Steward)`,
        description: spec.description,
        accountType: spec.type,
        accountGroupId: head.id,
        currencyCode: await homeCurrency(ctx),
        systemKey: key,
      })
      .onConflictDoNothing();
    [created] = await ctx.tx.select().from(accounts).where(where);
  }
  return created!;
}
