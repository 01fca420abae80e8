import { eq } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { tenants } from './schema.ts';

/** The church's own currency (ISO 4217), in which its reports and fund balances are kept. */
export async function homeCurrency(ctx: TenantCtx): Promise<string> {
  const [t] = await ctx.tx.select({ c: tenants.currencyCode }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  if (!t) throw new Error('the tenant of this request does not exist');
  return t.c;
}
