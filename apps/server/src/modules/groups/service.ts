import { sql } from 'drizzle-orm';
import type { TGroupDetail, TGroupNode } from '@steward/contracts/groups';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';

/*
 * The group tree (spec 2.21, §3 'Group', §4 'Group tree'; existing-client-api §6.5). Groups form
 * a forest through `parent_id`; sibling names are unique case-insensitively (unique index
 * groups_name_key, mapped to a 400 naming `name` by lib/pg-errors.ts). Counts are of people
 * directly in a group, not in its sub-groups. Reused by attendance (issue 11) and messaging
 * (issue 9): `groupTree`, `descendantIds`, `requireGroup`.
 */

interface GroupRow {
  id: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  members: number;
}

/**
 * Every group of the church as a forest: top-level groups, each with its `children` (sorted by
 * name, case-insensitively, at every level) and `peopleInGroupsCount` = people directly in it.
 * One SQL query (groups left-joined to their member counts); the tree is linked in memory.
 */
export async function groupTree(ctx: TenantCtx): Promise<TGroupNode[]> {
  const rows = await queryRows<GroupRow>(
    ctx.tx,
    sql`select g.id, g.name, g.description, g.parent_id, count(m.person_id)::int as members
        from groups g
        left join group_members m on m.tenant_id = g.tenant_id and m.group_id = g.id
        where g.tenant_id = ${ctx.tenantId}
        group by g.tenant_id, g.id
        order by lower(g.name), g.name, g.id`,
  );
  const nodes = new Map<string, TGroupNode>();
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      description: r.description,
      peopleInGroupsCount: Number(r.members),
      children: [],
    });
  const roots: TGroupNode[] = [];
  // rows come in name order, so pushing in that order keeps every children list sorted
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The ids of a group's descendants (children, grandchildren, ...), not the group itself, in
 * no particular order; [] for a leaf or an id that is not this church's. One recursive query.
 */
export async function descendantIds(ctx: TenantCtx, id: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    ctx.tx,
    sql`with recursive d(id) as (
          select g.id from groups g where g.tenant_id = ${ctx.tenantId} and g.parent_id = ${id}
          union
          select g.id from groups g join d on g.parent_id = d.id where g.tenant_id = ${ctx.tenantId}
        )
        select id from d`,
  );
  return rows.map((r) => r.id);
}

/**
 * One group of this church with its parent id and counts (people directly in it, direct
 * sub-groups, all descendants). Throws 404 'Group was not found' for an unknown or another
 * church's id. `lock` takes the row FOR UPDATE (a delete holds it so no sub-group or member can
 * be added to it meanwhile).
 */
export async function requireGroup(ctx: TenantCtx, id: string, lock = false): Promise<TGroupDetail> {
  const [row] = await queryRows<{ id: string; name: string; description: string | null; parent_id: string | null }>(
    ctx.tx,
    lock
      ? sql`select id, name, description, parent_id from groups where tenant_id = ${ctx.tenantId} and id = ${id} for update`
      : sql`select id, name, description, parent_id from groups where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
  if (!row) throw notFound('Group');
  const [counts] = await queryRows<{ members: number; children: number; descendants: number }>(
    ctx.tx,
    sql`with recursive d(id, depth) as (
          select g.id, 1 from groups g where g.tenant_id = ${ctx.tenantId} and g.parent_id = ${id}
          union all
          select g.id, d.depth + 1 from groups g join d on g.parent_id = d.id where g.tenant_id = ${ctx.tenantId}
        )
        select
          (select count(*)::int from group_members m where m.tenant_id = ${ctx.tenantId} and m.group_id = ${id}) as members,
          (select count(*)::int from d where depth = 1) as children,
          (select count(*)::int from d) as descendants`,
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parentId: row.parent_id,
    peopleInGroupsCount: Number(counts?.members ?? 0),
    childrenCount: Number(counts?.children ?? 0),
    descendantsCount: Number(counts?.descendants ?? 0),
  };
}

/** Throws 404 naming the parent when `parentId` is not a group of this church. */
async function requireParent(ctx: TenantCtx, parentId: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(
    ctx.tx,
    sql`select id from groups where tenant_id = ${ctx.tenantId} and id = ${parentId}`,
  );
  if (!row) throw new AppError(404, 'Parent group was not found', 'parentId');
}

/**
 * POST /api/CreateGroup (spec 2.21 'Create group'; existing-client-api §6.5): a group under
 * `parentId` (null = top level). Answers the new tree node (count 0, no children). Throws 404
 * when the parent is not this church's; 400 naming `name` when a sibling has the name
 * (case-insensitive; the unique index decides, so simultaneous requests cannot both win).
 */
export async function createGroup(
  ctx: TenantCtx,
  input: { name: string; description: string | null; parentId: string | null },
): Promise<TGroupNode> {
  if (input.parentId) await requireParent(ctx, input.parentId);
  const [row] = await queryRows<{ id: string; name: string; description: string | null }>(
    ctx.tx,
    sql`insert into groups (tenant_id, name, description, parent_id)
        values (${ctx.tenantId}, ${input.name}, ${input.description}, ${input.parentId})
        returning id, name, description`,
  );
  return { id: row!.id, name: row!.name, description: row!.description, peopleInGroupsCount: 0, children: [] };
}

/**
 * PUT /api/Groups/{id}: replaces the name and description. Throws 404 for an unknown or another
 * church's id, 400 naming `name` when a sibling already has the new name.
 */
export async function updateGroup(
  ctx: TenantCtx,
  id: string,
  input: { name: string; description: string | null },
): Promise<TGroupDetail> {
  const updated = await queryRows<{ id: string }>(
    ctx.tx,
    sql`update groups set name = ${input.name}, description = ${input.description}
        where tenant_id = ${ctx.tenantId} and id = ${id} returning id`,
  );
  if (updated.length === 0) throw notFound('Group');
  return requireGroup(ctx, id);
}

/**
 * PUT /api/Groups/{id}/move: puts the group (with its whole sub-tree) under `parentId`, or at
 * the top level for null. Throws 404 for an unknown group or parent, 400 naming `parentId` when
 * the parent is the group itself or one of its descendants (checked by a recursive query), 400
 * naming `name` when the new siblings already have its name. Moves of one church are serialised
 * (a transaction-scoped advisory lock) so two crossing moves cannot build a cycle together.
 */
export async function moveGroup(ctx: TenantCtx, id: string, parentId: string | null): Promise<TGroupDetail> {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('steward.groups.move'), hashtext(${ctx.tenantId}))`);
  await requireGroup(ctx, id);
  if (parentId) {
    await requireParent(ctx, parentId);
    const [cycle] = await queryRows<{ hit: boolean }>(
      ctx.tx,
      sql`with recursive up(id, parent_id) as (
            select g.id, g.parent_id from groups g where g.tenant_id = ${ctx.tenantId} and g.id = ${parentId}
            union
            select g.id, g.parent_id from groups g join up on g.id = up.parent_id where g.tenant_id = ${ctx.tenantId}
          )
          select exists (select 1 from up where id = ${id}) as hit`,
    );
    if (cycle?.hit) throw badRequest('parentId', 'cannot be the group itself or one of its sub-groups');
  }
  await ctx.tx.execute(sql`update groups set parent_id = ${parentId} where tenant_id = ${ctx.tenantId} and id = ${id}`);
  return requireGroup(ctx, id);
}

/**
 * DELETE /api/Groups/{id}[?force=true] (issue 8, the groups page): deletes a group. Without
 * `force` only an empty group goes: one with sub-groups is refused (409 `{childrenCount,
 * membersCount}`, 'move or delete them first'), one with members too (409 `{membersCount}`).
 * With `force` the group and every group under it go in this one transaction, with their
 * memberships (the people stay in the church); nothing is deleted if any statement fails.
 * Answers `{id, groupsDeleted, membershipsRemoved}`. Throws 404 for an unknown or another
 * church's id.
 */
export async function deleteGroup(
  ctx: TenantCtx,
  id: string,
  force: boolean,
): Promise<{ id: string; groupsDeleted: number; membershipsRemoved: number }> {
  const group = await requireGroup(ctx, id, true);
  const members = group.peopleInGroupsCount;
  if (group.childrenCount > 0 && !force)
    throw new AppError(
      409,
      `This group has ${group.childrenCount} sub-group${group.childrenCount === 1 ? '' : 's'}; move or delete them first, or delete with force to delete them too`,
      undefined,
      { childrenCount: group.childrenCount, membersCount: members },
    );
  if (members > 0 && !force)
    throw new AppError(
      409,
      `This group has ${members} member${members === 1 ? '' : 's'}; remove them first, or delete with force to remove the memberships too`,
      undefined,
      { membersCount: members },
    );
  // The group and its descendants, locked in one statement so that no concurrent move or create
  // under them slips between the read and the deletes.
  const subtree = await queryRows<{ id: string }>(
    ctx.tx,
    sql`with recursive d(id) as (
          select ${id}::uuid
          union all
          select g.id from groups g join d on g.parent_id = d.id where g.tenant_id = ${ctx.tenantId}
        )
        select g.id from groups g join d on g.id = d.id where g.tenant_id = ${ctx.tenantId} for update of g`,
  );
  const ids = subtree.map((r) => r.id);
  const idList = sql.join(
    ids.map((g) => sql`${g}::uuid`),
    sql`, `,
  );
  const removed = await queryRows<{ person_id: string }>(
    ctx.tx,
    sql`delete from group_members where tenant_id = ${ctx.tenantId} and group_id in (${idList}) returning person_id`,
  );
  // One statement: the parent foreign key (NO ACTION) is checked at its end, when the whole
  // sub-tree is gone.
  await ctx.tx.execute(sql`delete from groups where tenant_id = ${ctx.tenantId} and id in (${idList})`);
  return { id, groupsDeleted: ids.length, membershipsRemoved: removed.length };
}
