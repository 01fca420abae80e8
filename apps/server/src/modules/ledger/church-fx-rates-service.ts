import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  CHURCH_FX_RATE_PAGE_SIZE,
  RATE_ADMIN_ROLE,
  type TChurchFxRate,
  type ZChurchFxRateQuery,
  type ZSaveChurchFxRate,
} from '@steward/contracts/church-fx-rates';
import type { z } from 'zod';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { users } from '../tenancy/schema.ts';
import { churchFxRates } from './schema.ts';

/** The ISO date of `instant` in UTC+14, the first time zone to reach a new day. */
const newestToday = (instant = new Date()) => new Date(instant.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Throws 403 unless the signed-in user is an administrator of the church. */
async function assertAdministrator(ctx: TenantCtx): Promise<void> {
  const [user] = ctx.userId
    ? await ctx.tx
        .select({ roles: users.roles })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.userId)))
    : [];
  if (!user?.roles.includes(RATE_ADMIN_ROLE)) throw new AppError(403, 'Only an administrator can enter exchange rates');
}

const rateColumns = {
  currencyCode: churchFxRates.currencyCode,
  rateDate: churchFxRates.rateDate,
  unitsPerUsd: churchFxRates.unitsPerUsd,
  enteredById: churchFxRates.enteredBy,
  firstName: users.firstName,
  lastName: users.lastName,
  enteredAt: churchFxRates.enteredAt,
};

type RateRow = { [K in keyof typeof rateColumns]: (typeof rateColumns)[K]['_']['data'] };

const toAnswer = (r: RateRow): TChurchFxRate => ({
  currencyCode: r.currencyCode,
  rateDate: r.rateDate,
  // at most 12 significant digits (contracts parseRate), so the JSON number is exact
  unitsPerUsd: Number(r.unitsPerUsd),
  enteredById: r.enteredById,
  enteredBy: `${r.firstName} ${r.lastName}`.trim(),
  enteredAt: r.enteredAt.toISOString(),
});

const rateQuery = (ctx: TenantCtx) =>
  ctx.tx
    .select(rateColumns)
    .from(churchFxRates)
    .innerJoin(users, and(eq(users.tenantId, churchFxRates.tenantId), eq(users.id, churchFxRates.enteredBy)));

/**
 * GET /api/Financials/ExchangeRates (issue 7, part 4): the rates the church entered, newest date
 * first (then currency), CHURCH_FX_RATE_PAGE_SIZE a page, of one currency when `currencyCode` is
 * given: `{data: TChurchFxRate[], totalItems}`.
 */
export async function listChurchRates(ctx: TenantCtx, query: z.output<typeof ZChurchFxRateQuery>) {
  const where = and(
    eq(churchFxRates.tenantId, ctx.tenantId),
    query.currencyCode ? eq(churchFxRates.currencyCode, query.currencyCode) : undefined,
  );
  const [total] = await ctx.tx.select({ n: count() }).from(churchFxRates).where(where);
  const rows = await rateQuery(ctx)
    .where(where)
    .orderBy(desc(churchFxRates.rateDate), asc(churchFxRates.currencyCode))
    .limit(CHURCH_FX_RATE_PAGE_SIZE)
    .offset((query.page - 1) * CHURCH_FX_RATE_PAGE_SIZE);
  return { data: rows.map(toAnswer), totalItems: total?.n ?? 0 };
}

/**
 * POST /api/Financials/ExchangeRates (issue 7, part 4): an administrator enters the church's rate
 * of `currencyCode` as units per USD from `rateDate` (ISO; today, UTC, when absent). Saving the
 * same currency and date again replaces the rate (entries already posted keep the rate they
 * recorded). Answers the saved rate.
 * Throws 403 for a user who is not an administrator; 400 naming `currencyCode` for a currency
 * Steward does not know, USD (the base of every rate) or the church's own currency (its rate is
 * the global one), and `rateDate` for a date in the future (later than today anywhere on Earth,
 * so a church east of UTC may enter its own today).
 */
export async function saveChurchRate(ctx: TenantCtx, body: z.output<typeof ZSaveChurchFxRate>): Promise<TChurchFxRate> {
  await assertAdministrator(ctx);
  const code = body.currencyCode;
  if (!findCurrencyByCode(code)) throw badRequest('currencyCode', `${code} is not a currency Steward knows`);
  if (code === 'USD') throw badRequest('currencyCode', 'USD is the base of every rate: 1 USD is always 1 USD');
  if (code === (await homeCurrency(ctx)))
    throw badRequest('currencyCode', `${code} is the church's own currency; its rate is Steward's global rate`);
  const rateDate = body.rateDate ?? new Date().toISOString().slice(0, 10);
  if (rateDate > newestToday()) throw badRequest('rateDate', 'must not be in the future');
  await ctx.tx
    .insert(churchFxRates)
    .values({
      tenantId: ctx.tenantId,
      currencyCode: code,
      rateDate,
      unitsPerUsd: body.unitsPerUsd,
      enteredBy: ctx.userId!,
    })
    .onConflictDoUpdate({
      target: [churchFxRates.tenantId, churchFxRates.currencyCode, churchFxRates.rateDate],
      set: { unitsPerUsd: body.unitsPerUsd, enteredBy: ctx.userId!, enteredAt: sql`now()` },
    });
  const [saved] = await rateQuery(ctx).where(
    and(
      eq(churchFxRates.tenantId, ctx.tenantId),
      eq(churchFxRates.currencyCode, code),
      eq(churchFxRates.rateDate, rateDate),
    ),
  );
  return toAnswer(saved!);
}
