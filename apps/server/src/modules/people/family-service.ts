import { and, eq, sql } from 'drizzle-orm';
import {
  FAMILY_ROLE,
  type TAddFamilyMemberRequest,
  type TCreateFamilyRequest,
  type TEditFamilyMemberRequest,
  type TEditFamilyProfileRequest,
  type TFamilyDetail,
  type TFamilyListItem,
  type TFamilyMember,
} from '@steward/contracts/families';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { families } from './schema.ts';
import {
  familyDetail,
  familyIdOfPerson,
  familyList,
  familyRow,
  memberOfPerson,
  memberRow,
  toFamilyMember,
  type FamilyRow,
} from './family-queries.ts';
import {
  applyParentRoles,
  createPerson,
  joinFamily,
  leaveFamily,
  notFoundAt,
  setParents,
  updatePerson,
  type Joiner,
} from './family-membership.ts';

/*
 * Families (admin, existing-client-api §5.2; the check-in shell's family calls, §4.4). Each call
 * runs in the signed-in church's transaction. `scope` is the check-in shell's signed-in parent
 * (the X-Family-Token header, family-portal-auth.ts): with it, only that parent's family can be
 * read or changed; any other family answers 404.
 */

/** The family a family-portal session may see (null: the parent's person is in no family yet). */
export interface FamilyScope {
  personId: string;
  familyId: string | null;
}

/** Whether `familyId` (as sent: a GUID in any case) is the scope's family; true without a scope. */
const inScope = (scope: FamilyScope | undefined, familyId: string) =>
  !scope || scope.familyId?.toLowerCase() === familyId.toLowerCase();

/** The family `familyId` of the church (locked for the change), or 404 (also outside `scope`). */
async function lockedFamily(ctx: TenantCtx, familyId: string, scope?: FamilyScope): Promise<FamilyRow> {
  const f = inScope(scope, familyId) ? await familyRow(ctx.tx, ctx.tenantId, familyId, true) : undefined;
  if (!f) throw notFound('Family');
  return f;
}

async function detailOrNotFound(ctx: TenantCtx, familyId: string): Promise<TFamilyDetail> {
  const d = await familyDetail(ctx.tx, ctx.tenantId, familyId);
  if (!d) throw notFound('Family');
  return d;
}

/** GET /api/family/allfamilies (§5.2): every family of the church by name (bare list). */
export function listFamilies(ctx: TenantCtx): Promise<TFamilyListItem[]> {
  return familyList(ctx.tx, ctx.tenantId);
}

/**
 * GET /api/Family/family (§5.2 `?Id=`, §4.4 `?personId=`): the family, or the family the person
 * belongs to; with `scope` and neither, the parent's own family. Throws 400 naming `id` when
 * neither is given (without scope), 404 for a family or person of no family in this church.
 */
export async function getFamily(
  ctx: TenantCtx,
  query: { id?: string | undefined; personId?: string | undefined },
  scope?: FamilyScope,
): Promise<TFamilyDetail> {
  let familyId = query.id;
  if (!familyId && query.personId) familyId = await familyIdOfPerson(ctx.tx, ctx.tenantId, query.personId);
  else if (!familyId && !query.personId) {
    if (!scope) throw badRequest('id', 'give the family id (Id) or a personId');
    familyId = scope.familyId ?? undefined;
  }
  if (!familyId || !inScope(scope, familyId)) throw notFound('Family');
  return detailOrNotFound(ctx, familyId);
}

/** The members of a new family, in the order the parent rule reads them: father, mother, the others. */
function joinersOf(input: TCreateFamilyRequest): Joiner[] {
  const list: Joiner[] = [];
  if (input.fatherId) list.push({ personId: input.fatherId, role: FAMILY_ROLE.father, field: 'fatherId' });
  if (input.motherId) list.push({ personId: input.motherId, role: FAMILY_ROLE.mother, field: 'motherId' });
  (input.familyMembers ?? []).forEach((m, i) =>
    list.push({ personId: m.personId, role: m.familyRoleId, field: `familyMembers.${i}.personId` }),
  );
  return list;
}

/**
 * POST /api/family/createFamily (§5.2): a family with its father, mother and members (people of
 * the church, each in no other family). Answers the new family. Throws 400 naming the field of a
 * person listed twice or already in another family, 404 naming the field of a person the church
 * does not have; nothing is written then.
 */
export async function createFamily(ctx: TenantCtx, input: TCreateFamilyRequest): Promise<TFamilyDetail> {
  const [row] = await ctx.tx
    .insert(families)
    .values({
      tenantId: ctx.tenantId,
      familyName: input.familyName,
      homePhone: input.homePhone ?? null,
      email: input.email ?? null,
      homeAddress: input.homeAddress ?? null,
    })
    .returning({ id: families.id });
  const familyId = row!.id;
  // the father and mother come first, so the parent rule makes them the family's parents
  await joinFamily(ctx.tx, ctx.tenantId, familyId, joinersOf(input));
  return detailOrNotFound(ctx, familyId);
}

/**
 * Makes `personId` (null: nobody) the family's father or mother: the former one leaves the family,
 * the new one joins it with the parent's role. Throws as joinFamily, naming `field`.
 */
async function replaceParent(
  ctx: TenantCtx,
  f: FamilyRow,
  which: 'father' | 'mother',
  personId: string | null,
  field: string,
): Promise<void> {
  const current = which === 'father' ? f.father_id : f.mother_id;
  if (current === personId) return;
  if (current) await leaveFamily(ctx.tx, ctx.tenantId, f.id, current);
  if (!personId) return;
  const role = which === 'father' ? FAMILY_ROLE.father : FAMILY_ROLE.mother;
  await joinFamily(ctx.tx, ctx.tenantId, f.id, [{ personId, role, field }]);
  const now = (await familyRow(ctx.tx, ctx.tenantId, f.id))!;
  await setParents(
    ctx.tx,
    ctx.tenantId,
    f.id,
    which === 'father' ? personId : now.father_id === personId ? null : now.father_id,
    which === 'mother' ? personId : now.mother_id === personId ? null : now.mother_id,
  );
}

/**
 * PUT /api/family/editProfile (§5.2 and §4.4): the family's name, e-mail, phone and address; its
 * father and mother by id (`fatherId: null` takes the father out), or their details (`father`,
 * `mother`: the parent's person is edited, or created when the family has none). Fields absent
 * are left as they are. Answers the family. Throws 404 for a family of no church's (or outside
 * `scope`), 400 as createFamily for the parents' ids, 400 naming `fatherId` when it equals
 * `motherId`.
 */
export async function editProfile(
  ctx: TenantCtx,
  input: TEditFamilyProfileRequest,
  scope?: FamilyScope,
): Promise<TFamilyDetail> {
  const f = await lockedFamily(ctx, input.id, scope);
  if (input.fatherId && input.fatherId === input.motherId)
    throw badRequest('motherId', 'is the same person as the father');
  const address = input.homeAddress !== undefined ? input.homeAddress : input.address;
  const set: Partial<typeof families.$inferInsert> = {};
  if (input.familyName !== undefined) set.familyName = input.familyName;
  if (input.email !== undefined) set.email = input.email;
  if (input.homePhone !== undefined) set.homePhone = input.homePhone;
  if (address !== undefined) set.homeAddress = address;
  if (Object.keys(set).length > 0)
    await ctx.tx
      .update(families)
      .set(set)
      .where(and(eq(families.tenantId, ctx.tenantId), eq(families.id, f.id)));
  if (input.fatherId !== undefined) await replaceParent(ctx, f, 'father', input.fatherId, 'fatherId');
  if (input.motherId !== undefined) {
    const now = (await familyRow(ctx.tx, ctx.tenantId, f.id))!;
    await replaceParent(ctx, now, 'mother', input.motherId, 'motherId');
  }
  for (const which of ['father', 'mother'] as const) {
    const details = input[which];
    if (!details) continue;
    const edit = {
      ...details,
      ...(address !== undefined && details.homeAddress === undefined ? { homeAddress: address } : {}),
    };
    const now = (await familyRow(ctx.tx, ctx.tenantId, f.id))!;
    const parentId = which === 'father' ? now.father_id : now.mother_id;
    if (parentId) await updatePerson(ctx.tx, ctx.tenantId, parentId, edit, `${which}.`);
    else {
      const personId = await createPerson(ctx.tx, ctx.tenantId, edit, `${which}.`);
      const role = which === 'father' ? FAMILY_ROLE.father : FAMILY_ROLE.mother;
      await joinFamily(ctx.tx, ctx.tenantId, f.id, [{ personId, role, field: which }]);
    }
  }
  return detailOrNotFound(ctx, f.id);
}

/**
 * DELETE /api/Family/deleteFamily?id= (§5.2): the family and its memberships (the people stay;
 * their child check-ins keep their codes and lose the family link). Throws 404 for a family of no
 * church's.
 */
export async function deleteFamily(ctx: TenantCtx, familyId: string): Promise<{ id: string }> {
  await lockedFamily(ctx, familyId);
  const t = ctx.tenantId;
  await ctx.tx.execute(
    sql`update child_checkins set family_id = null where tenant_id = ${t} and family_id = ${familyId}`,
  );
  await ctx.tx.execute(sql`delete from family_members where tenant_id = ${t} and family_id = ${familyId}`);
  await ctx.tx.execute(sql`delete from families where tenant_id = ${t} and id = ${familyId}`);
  return { id: familyId };
}

/**
 * POST /api/Family/addFamilyMember: an existing person (§5.2 `personId`) or a new one (§4.4
 * `person`, created in the church) joins the family with `familyRoleId`. Answers the member.
 * Throws 404 for a family (or, naming `personId`, a person) of no church's, 400 naming
 * `personId` for a person in another family.
 */
export async function addMember(
  ctx: TenantCtx,
  input: TAddFamilyMemberRequest,
  scope?: FamilyScope,
): Promise<TFamilyMember> {
  const f = await lockedFamily(ctx, input.familyId, scope);
  const existing = input.personId ?? input.person?.id ?? null;
  let personId: string;
  if (existing) {
    personId = existing;
    await joinFamily(ctx.tx, ctx.tenantId, f.id, [{ personId, role: input.familyRoleId, field: 'personId' }]);
  } else {
    personId = await createPerson(ctx.tx, ctx.tenantId, input.person ?? {}, 'person.');
    await joinFamily(ctx.tx, ctx.tenantId, f.id, [{ personId, role: input.familyRoleId, field: 'person' }]);
  }
  return toFamilyMember((await memberOfPerson(ctx.tx, ctx.tenantId, f.id, personId))!);
}

/**
 * The member an edit names: `id` (a membership), or, when `person.id` names another member of
 * the same family, that one (the existing client's admin page sends the first member's `id` with
 * the edited person's `person.id`). Throws 404 when neither is a member of a family in scope.
 */
async function memberToEdit(ctx: TenantCtx, input: TEditFamilyMemberRequest, scope?: FamilyScope) {
  const byId = await memberRow(ctx.tx, ctx.tenantId, input.id);
  if (!byId || !inScope(scope, byId.family_id)) throw notFound('Family member');
  const personId = input.person?.id;
  if (!personId || personId === byId.id) return byId;
  const other = await memberOfPerson(ctx.tx, ctx.tenantId, byId.family_id, personId);
  if (!other) throw notFoundAt('person.id', 'Family member');
  return other;
}

/**
 * PUT /api/Family/editFamilyMember (= /api/family/editfamilymember): the member's role and the
 * details of its person (fields absent are left). Answers the member. Throws 404 for a member of
 * no church's (or outside `scope`), 400 for a day its month does not have.
 */
export async function editMember(
  ctx: TenantCtx,
  input: TEditFamilyMemberRequest,
  scope?: FamilyScope,
): Promise<TFamilyMember> {
  const member = await memberToEdit(ctx, input, scope);
  await lockedFamily(ctx, member.family_id, scope);
  if (input.person) {
    const { id: _id, ...details } = input.person;
    await updatePerson(ctx.tx, ctx.tenantId, member.id, details, 'person.');
  }
  if (input.familyRoleId !== undefined && input.familyRoleId !== member.family_role) {
    await ctx.tx.execute(
      sql`update family_members set family_role = ${input.familyRoleId}
           where tenant_id = ${ctx.tenantId} and id = ${member.member_id}`,
    );
    await applyParentRoles(ctx.tx, ctx.tenantId, member.family_id, [{ personId: member.id, role: input.familyRoleId }]);
  }
  return toFamilyMember((await memberRow(ctx.tx, ctx.tenantId, member.member_id))!);
}

/**
 * DELETE /api/Family/removeAFamilyMember?id= (§5.2, §4.4): the member leaves the family (the
 * person stays in the church); a father or mother removed is no longer the family's. Throws 404
 * for a member of no church's (or outside `scope`).
 */
export async function removeMember(ctx: TenantCtx, memberId: string, scope?: FamilyScope): Promise<{ id: string }> {
  const member = await memberRow(ctx.tx, ctx.tenantId, memberId);
  if (!member || !inScope(scope, member.family_id)) throw notFound('Family member');
  await lockedFamily(ctx, member.family_id, scope);
  await leaveFamily(ctx.tx, ctx.tenantId, member.family_id, member.id);
  return { id: memberId };
}
