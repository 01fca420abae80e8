import { eq } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { tenants } from '../tenancy/schema.ts';
import { findCurrencyByCode } from './reference.ts';

/**
 * GET /api/Lookup/TenantCurrency (spec §7, existing-client-api §2.1): `{currency, currencyId,
 * symbol, currencySymbol, decimals}`; 404 for another tenant's id.
 */
export async function tenantCurrency(ctx: TenantCtx, tenantId: string) {
  const rows = await ctx.tx.select().from(tenants).where(eq(tenants.id, tenantId));
  const tenant = rows[0];
  if (!tenant || tenant.id !== ctx.tenantId) throw notFound('Tenant');
  const c = findCurrencyByCode(tenant.currencyCode);
  return {
    currency: tenant.currencyCode,
    currencyId: c?.id ?? 0,
    symbol: c?.symbol ?? tenant.currencyCode,
    currencySymbol: c?.symbol ?? tenant.currencyCode,
    decimals: c?.decimals ?? 2,
  };
}
