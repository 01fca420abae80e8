import { and, asc, desc, eq } from 'drizzle-orm';
import type { TCurrentEvent, TEventActivity, TEventCategory } from '@steward/contracts/events';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { activities, eventCategories } from './schema.ts';

const toActivity = (a: typeof activities.$inferSelect): TEventActivity => ({
  activityID: a.id,
  name: a.name,
  date: a.activityDate,
});

/**
 * GET /api/Events/EventActivity (spec §7; existing-client-api §2.2): events, newest first (at
 * most 500), as `{activityID, name, date}` with `date` 'YYYY-MM-DD'.
 */
export async function listActivities(ctx: TenantCtx): Promise<TEventActivity[]> {
  const rows = await ctx.tx
    .select()
    .from(activities)
    .where(eq(activities.tenantId, ctx.tenantId))
    .orderBy(desc(activities.activityDate), asc(activities.name))
    .limit(500);
  return rows.map(toActivity);
}

/** GET /api/EventCategory (spec §7), by name. */
export async function listCategories(ctx: TenantCtx): Promise<TEventCategory[]> {
  return ctx.tx
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .where(eq(eventCategories.tenantId, ctx.tenantId))
    .orderBy(asc(eventCategories.name));
}

/**
 * POST /api/EventCategory?name= (spec §7): adds the category unless one of the same name
 * (case-insensitive) exists; answers the updated list.
 */
export async function createCategory(ctx: TenantCtx, name: string): Promise<TEventCategory[]> {
  // The unique index on (tenant_id, lower(name)) settles simultaneous requests.
  await ctx.tx.insert(eventCategories).values({ tenantId: ctx.tenantId, name }).onConflictDoNothing();
  return listCategories(ctx);
}

/**
 * POST /api/Events/CreateActivity (spec §3; existing-client-api §2.2): an event of a category
 * on a date ('YYYY-MM-DD'), named after the category; answered as an EventActivity item that also
 * carries `id`. Throws 400 naming activity.eventCategoryId when the category is unknown.
 */
export async function createActivity(
  ctx: TenantCtx,
  input: { date: string; eventCategoryId: string },
): Promise<TCurrentEvent> {
  const [category] = await ctx.tx
    .select()
    .from(eventCategories)
    .where(and(eq(eventCategories.tenantId, ctx.tenantId), eq(eventCategories.id, input.eventCategoryId)));
  if (!category) throw badRequest('activity.eventCategoryId', 'is not an event category of this church');
  const [row] = await ctx.tx
    .insert(activities)
    .values({ tenantId: ctx.tenantId, eventCategoryId: category.id, name: category.name, activityDate: input.date })
    .returning();
  return { id: row!.id, ...toActivity(row!) };
}

/** Loads an event of this tenant or throws 400 naming `field`. */
export async function requireActivity(ctx: TenantCtx, id: string, field: string) {
  const [row] = await ctx.tx
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, id)));
  if (!row) throw badRequest(field, 'is not an event of this church');
  return row;
}
