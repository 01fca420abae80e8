import { desc, eq } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { tenants } from '../tenancy/schema.ts';
import { fxRates } from './schema.ts';
import { findCurrencyByCode } from './reference.ts';

/**
 * GET /fxRates (spec §7): the latest stored rate of each currency as units per USD,
 * keyed 'usd' + lowercase code, e.g. { usdusd: 1, usdngn: 1465.5 }.
 */
export async function latestFxRates(tx: Tx): Promise<Record<string, number>> {
  const rows = await tx
    .selectDistinctOn([fxRates.currencyCode], { code: fxRates.currencyCode, rate: fxRates.unitsPerUsd })
    .from(fxRates)
    .orderBy(fxRates.currencyCode, desc(fxRates.rateDate));
  return Object.fromEntries(rows.map((r) => [`usd${r.code.toLowerCase()}`, Number(r.rate)]));
}

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
