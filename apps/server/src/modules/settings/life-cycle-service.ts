import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  TBranchLevel,
  TCreateBranchLevelRequest,
  TCreateStageRequest,
  TEditBranchLevelRequest,
  TEditStageRequest,
  TReorderBranchLevelsRequest,
  TReorderStagesRequest,
  TStage,
} from '@steward/contracts/life-cycle';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../db/client.ts';
import { branchLevels, firstTimerStages, groups } from '../people/schema.ts';

const toStage = (r: typeof firstTimerStages.$inferSelect): TStage => ({
  id: r.id,
  name: r.name,
  isDefault: r.isDefault,
  order: r.order,
});
const toLevel = (r: typeof branchLevels.$inferSelect): TBranchLevel => ({ id: r.id, name: r.name, level: r.level });

/**
 * The positions a reorder body asks for: the ids sorted by the position sent (ties keep the
 * body's order), numbered from `first`. Throws 400 naming `N.id` for an id listed twice.
 */
function normalise(items: { id: string; pos: number }[], first: number): { id: string; pos: number }[] {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const key = it.id.toLowerCase();
    if (seen.has(key)) throw badRequest(`${i}.id`, 'is listed twice');
    seen.add(key);
  });
  return items
    .map((it, i) => ({ ...it, i }))
    .sort((a, b) => a.pos - b.pos || a.i - b.i)
    .map((it, k) => ({ id: it.id, pos: first + k }));
}

/**
 * Applies normalised positions to `table` (column `column`) in one UPDATE. Throws 404 when an
 * id is not a row of this church, and 400 naming `id` when the body does not list every row
 * of the church (the request's transaction rolls back: nothing changed).
 */
async function applyPositions(
  ctx: TenantCtx,
  table: 'first_timer_stages' | 'branch_levels',
  column: 'sort_order' | 'level',
  rows: { id: string; pos: number }[],
  what: string,
): Promise<void> {
  if (rows.length > 0) {
    const values = sql.join(
      rows.map((r) => sql`(${r.id}::uuid, ${r.pos}::int)`),
      sql`, `,
    );
    const updated = await queryRows<{ id: string }>(
      ctx.tx,
      sql`update ${sql.identifier(table)} t set ${sql.identifier(column)} = v.pos
          from (values ${values}) as v(id, pos)
          where t.tenant_id = ${ctx.tenantId} and t.id = v.id
          returning t.id`,
    );
    if (updated.length !== rows.length) throw notFound(what);
  }
  const [count] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${ctx.tenantId}`,
  );
  if (Number(count?.n ?? 0) !== rows.length)
    throw badRequest('id', `List every ${what.toLowerCase()} of the church exactly once`);
}

/** GET /firstimercycle (spec 2.18; §6.2): the church's stages by order (1..n), then name. */
export async function listStages(ctx: TenantCtx): Promise<TStage[]> {
  const rows = await ctx.tx
    .select()
    .from(firstTimerStages)
    .where(eq(firstTimerStages.tenantId, ctx.tenantId))
    .orderBy(asc(firstTimerStages.order), asc(firstTimerStages.name), asc(firstTimerStages.id));
  return rows.map(toStage);
}

/** Unsets the default flag on every stage of the church except `exceptId`. */
async function clearDefault(ctx: TenantCtx, exceptId?: string): Promise<void> {
  await ctx.tx
    .update(firstTimerStages)
    .set({ isDefault: false })
    .where(
      and(
        eq(firstTimerStages.tenantId, ctx.tenantId),
        eq(firstTimerStages.isDefault, true),
        exceptId ? ne(firstTimerStages.id, exceptId) : undefined,
      ),
    );
}

/**
 * POST /firsttimercycle/create (spec 2.18; §6.2): appends a stage at order max+1 (1 for the
 * first). isDefault makes it the only default (the others are unset first, same transaction).
 * createAsAGroup also creates a top-level group of the same name. The unique indexes answer
 * 400 naming `name` for a name already used by a stage, or by a top-level group.
 */
export async function createStage(ctx: TenantCtx, input: TCreateStageRequest): Promise<TStage> {
  if (input.isDefault) await clearDefault(ctx);
  const [row] = await ctx.tx
    .insert(firstTimerStages)
    .values({
      tenantId: ctx.tenantId,
      name: input.name,
      isDefault: input.isDefault,
      order: sql`(select coalesce(max(${firstTimerStages.order}), 0) + 1 from ${firstTimerStages} where ${firstTimerStages.tenantId} = ${ctx.tenantId})`,
    })
    .returning();
  if (input.createAsAGroup) await ctx.tx.insert(groups).values({ tenantId: ctx.tenantId, name: input.name });
  return toStage(row!);
}

/**
 * PUT /firsttimercycle/:id/edit (spec 2.18): renames stage `id` and sets its default flag
 * (true unsets every other default first). Other body fields are ignored. Throws 404 for an
 * id of no stage of this church; 400 naming `name` for a name in use.
 */
export async function editStage(ctx: TenantCtx, id: string, input: TEditStageRequest): Promise<TStage> {
  if (input.isDefault) await clearDefault(ctx, id);
  const [row] = await ctx.tx
    .update(firstTimerStages)
    .set({ name: input.name, isDefault: input.isDefault })
    .where(and(eq(firstTimerStages.tenantId, ctx.tenantId), eq(firstTimerStages.id, id)))
    .returning();
  if (!row) throw notFound('Stage');
  return toStage(row);
}

/**
 * DELETE /firsttimercycle/:id/delete (spec 2.18): deletes stage `id`, then renumbers the
 * remaining stages 1..n in SQL. Throws 404 for an id of no stage of this church.
 */
export async function deleteStage(ctx: TenantCtx, id: string): Promise<{ id: string }> {
  const deleted = await ctx.tx
    .delete(firstTimerStages)
    .where(and(eq(firstTimerStages.tenantId, ctx.tenantId), eq(firstTimerStages.id, id)))
    .returning({ id: firstTimerStages.id });
  if (deleted.length === 0) throw notFound('Stage');
  await ctx.tx.execute(
    sql`update first_timer_stages t set sort_order = r.pos
        from (select id, row_number() over (order by sort_order, name, id)::int as pos
              from first_timer_stages where tenant_id = ${ctx.tenantId}) r
        where t.tenant_id = ${ctx.tenantId} and t.id = r.id`,
  );
  return { id };
}

/**
 * PUT /firsttimercycle/orderstages (spec 2.18, §4): orders the stages by the body's `order`,
 * stored as 1..n. Throws 400 naming `N.id` (listed twice) or `id` (not every stage listed),
 * 404 for an id of no stage of this church; nothing changes on any error. Answers the list.
 */
export async function reorderStages(ctx: TenantCtx, items: TReorderStagesRequest): Promise<TStage[]> {
  const rows = normalise(
    items.map((it) => ({ id: it.id, pos: it.order })),
    1,
  );
  await applyPositions(ctx, 'first_timer_stages', 'sort_order', rows, 'Stage');
  return listStages(ctx);
}

/** GET /branching/hierarchies (spec 2.19; §6.3): the church's branch levels by level (0..n-1). */
export async function listLevels(ctx: TenantCtx): Promise<TBranchLevel[]> {
  const rows = await ctx.tx
    .select()
    .from(branchLevels)
    .where(eq(branchLevels.tenantId, ctx.tenantId))
    .orderBy(asc(branchLevels.level), asc(branchLevels.name), asc(branchLevels.id));
  return rows.map(toLevel);
}

/**
 * POST /branching/newhierarchy (spec 2.19): adds a level. The server decides the position:
 * always max+1 (0 for the first), whatever `level` the body sends. 400 naming `name` for a
 * name in use.
 */
export async function createLevel(ctx: TenantCtx, input: TCreateBranchLevelRequest): Promise<TBranchLevel> {
  const [row] = await ctx.tx
    .insert(branchLevels)
    .values({
      tenantId: ctx.tenantId,
      name: input.name,
      level: sql`(select coalesce(max(${branchLevels.level}) + 1, 0) from ${branchLevels} where ${branchLevels.tenantId} = ${ctx.tenantId})`,
    })
    .returning();
  return toLevel(row!);
}

/**
 * PUT /branching/:id/edit (spec 2.19): renames level `id` (its level changes only through
 * reorder). Throws 404 for an id of no level of this church; 400 naming `name` for a name in use.
 */
export async function editLevel(ctx: TenantCtx, id: string, input: TEditBranchLevelRequest): Promise<TBranchLevel> {
  const [row] = await ctx.tx
    .update(branchLevels)
    .set({ name: input.name })
    .where(and(eq(branchLevels.tenantId, ctx.tenantId), eq(branchLevels.id, id)))
    .returning();
  if (!row) throw notFound('Branch level');
  return toLevel(row);
}

/**
 * DELETE /branching/:id/delete (spec 2.19): deletes level `id`, then closes the gap (levels
 * renumbered 0..n-1 in SQL). Throws 404 for an id of no level of this church.
 */
export async function deleteLevel(ctx: TenantCtx, id: string): Promise<{ id: string }> {
  const deleted = await ctx.tx
    .delete(branchLevels)
    .where(and(eq(branchLevels.tenantId, ctx.tenantId), eq(branchLevels.id, id)))
    .returning({ id: branchLevels.id });
  if (deleted.length === 0) throw notFound('Branch level');
  await ctx.tx.execute(
    sql`update branch_levels t set level = r.pos
        from (select id, (row_number() over (order by level, name, id) - 1)::int as pos
              from branch_levels where tenant_id = ${ctx.tenantId}) r
        where t.tenant_id = ${ctx.tenantId} and t.id = r.id`,
  );
  return { id };
}

/**
 * PUT /branching/reorderlevels (spec 2.19, §4): orders the levels by the body's `level`,
 * stored as 0..n-1. Errors as reorderStages. Answers the list.
 */
export async function reorderLevels(ctx: TenantCtx, items: TReorderBranchLevelsRequest): Promise<TBranchLevel[]> {
  const rows = normalise(
    items.map((it) => ({ id: it.id, pos: it.level })),
    0,
  );
  await applyPositions(ctx, 'branch_levels', 'level', rows, 'Branch level');
  return listLevels(ctx);
}
