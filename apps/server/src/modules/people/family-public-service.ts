import { sql } from 'drizzle-orm';
import {
  FAMILY_ROLE,
  type TCreatePublicPersonRequest,
  type TPublicAddFamilyMemberRequest,
  type TPublicCreateFamilyRequest,
  type TPublicFamily,
} from '@steward/contracts/families';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { maskText } from '../attendance/public-checkin-mask.ts';
import { families, people } from './schema.ts';
import { familyDetail, familyIdOfPerson, memberOfPerson } from './family-queries.ts';
import { joinFamily, notFoundAt, type Joiner } from './family-membership.ts';

/*
 * The family calls of public event registration (existing-client-api §5.1; issue 12 uses them):
 * root paths, no session, the church from the body's or query's tenant id. Each request is one
 * transaction as that church; the routes are limited per client address (PUBLIC_RATE_*).
 *
 * Guard against changing other people's families from a public page (anyone can call these):
 * - only people created in the last PUBLIC_MEMBER_MAX_AGE_HOURS (the ones the page itself just
 *   created with /createPublicPerson) can be put into a family here, the head of a new family
 *   included, and a person is in at most one family, so nobody's existing relatives can be moved
 *   or claimed;
 * - /addFamilyMember only changes a family that, with everyone in it, was created in the last
 *   PUBLIC_MEMBER_MAX_AGE_HOURS (as the one this page just created with /createFamily is); any
 *   other family is changed by the church;
 * - members join only as children or wards (PUBLIC_MEMBER_ROLES), never as a parent or Guardian
 *   (a Guardian may collect the family's children at check-out).
 * GET /family masks the names it answers (maskText) and is never cached.
 */

/** How recent a person must be to be put into a family by a public call. */
export const PUBLIC_MEMBER_MAX_AGE_HOURS = 24;

/** The roles a public call may give a member: Son, Daughter, Ward, Other relative (GET /getfamilyroles). */
export const PUBLIC_MEMBER_ROLES: readonly number[] = [
  FAMILY_ROLE.son,
  FAMILY_ROLE.daughter,
  FAMILY_ROLE.ward,
  FAMILY_ROLE.otherRelative,
];

/** Throws 400 naming `field` unless `role` is one of PUBLIC_MEMBER_ROLES. */
function requirePublicRole(role: number, field: string): void {
  if (!PUBLIC_MEMBER_ROLES.includes(role))
    throw badRequest(field, 'choose Son, Daughter, Ward or Other relative (3, 4, 5 or 7) for a ward added here');
}

/** Runs `fn` as church `tenantId`, or answers 404 when there is no such church. */
function asChurch<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(db, tenantId, async (tx) => {
    const [church] = await queryRows<{ id: string }>(tx, sql`select id from tenants where id = ${tenantId}`);
    if (!church) throw notFound('Church');
    return fn(tx);
  });
}

interface HeadRow {
  id: string;
  first_name: string;
  last_name: string;
  gender_id: number | null;
  recent: boolean;
}

async function peopleRows(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, HeadRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<HeadRow>(
    tx,
    sql`select id, first_name, last_name, gender_id,
               created_at > now() - make_interval(hours => ${PUBLIC_MEMBER_MAX_AGE_HOURS}) as recent
          from people
         where tenant_id = ${tenantId}
           and id = any(array[${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )}]::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The family as the public page sees it: everyone but the parents, with their role and their
 * first name masked ('Kene' -> 'Ke**'); the family name masked too; no last names.
 */
async function publicView(tx: Tx, tenantId: string, familyId: string | undefined): Promise<TPublicFamily> {
  const d = familyId ? await familyDetail(tx, tenantId, familyId) : undefined;
  if (!d) return { id: null, tenantID: tenantId, familyName: null, familyMembers: [] };
  return {
    id: d.id,
    tenantID: tenantId,
    familyName: maskText(d.familyName),
    familyMembers: d.familyMembers.map((m) => ({
      id: m.id,
      familyRoleID: m.familyRoleID,
      person: { id: m.person.id, firstName: maskText(m.person.firstName) },
    })),
  };
}

/**
 * GET /family?tenantID=&&personId= (§5.1): the family the person belongs to, masked names and
 * roles only (publicView); `id: null` and no members when the person is in no family. Throws 404
 * for an unknown church or a person the church does not have.
 */
export function publicFamily(db: Db, query: { tenantID: string; personId: string }): Promise<TPublicFamily> {
  const tenantId = query.tenantID.toLowerCase();
  const personId = query.personId.toLowerCase();
  return asChurch(db, tenantId, async (tx) => {
    const found = await peopleRows(tx, tenantId, [personId]);
    if (!found.has(personId)) throw notFound('Person');
    return publicView(tx, tenantId, await familyIdOfPerson(tx, tenantId, personId));
  });
}

/**
 * POST /createPublicPerson (§5.1): a visitor or ward of the church, from the registration page. A
 * full name in `firstName` with no `lastName` is split at its first space. Answers `{id,
 * firstName, lastName}`. Throws 404 for an unknown church.
 */
export function createPublicPerson(
  db: Db,
  input: TCreatePublicPersonRequest,
): Promise<{ id: string; firstName: string; lastName: string }> {
  let firstName = input.firstName;
  let lastName = input.lastName ?? '';
  if (!lastName && /\s/.test(firstName)) {
    const at = firstName.search(/\s/);
    lastName = firstName.slice(at).trim();
    firstName = firstName.slice(0, at);
  }
  return asChurch(db, input.tenantId, async (tx) => {
    const [row] = await tx
      .insert(people)
      .values({
        tenantId: input.tenantId,
        firstName,
        lastName,
        email: input.email ?? null,
        homeAddress: input.homeAddress ?? null,
        mobilePhone: input.mobilePhone ?? null,
        genderId: input.genderId ?? null,
      })
      .returning({ id: people.id, firstName: people.firstName, lastName: people.lastName });
    return row!;
  });
}

/** Throws 400 naming `field` unless the person was created recently (a ward the page just added). */
function requireRecent(row: HeadRow, field: string): void {
  if (!row.recent)
    throw badRequest(field, 'only a person added on this registration page can be added to a family here');
}

/**
 * POST /createFamily (§5.1): a family headed by the registering person (`fatherId`; the mother
 * when that person's gender is Female) with the wards just created on the page. `familyName`
 * defaults to the head's last (else first) name. Answers the family (public view). Throws 404 for
 * an unknown church, or naming the field, a person the church does not have; 400 naming the field
 * for a person in another family, a head or member who is not a person just added on the page,
 * or a member role other than PUBLIC_MEMBER_ROLES.
 */
export function publicCreateFamily(db: Db, body: TPublicCreateFamilyRequest): Promise<TPublicFamily> {
  const input = {
    ...body,
    tenantId: body.tenantId.toLowerCase(),
    fatherId: body.fatherId.toLowerCase(),
    familyMembers: body.familyMembers?.map((m) => ({ ...m, personId: m.personId.toLowerCase() })),
  };
  (input.familyMembers ?? []).forEach((m, i) => requirePublicRole(m.familyRoleId, `familyMembers.${i}.familyRoleId`));
  return asChurch(db, input.tenantId, async (tx) => {
    const t = input.tenantId;
    const members = input.familyMembers ?? [];
    const rows = await peopleRows(tx, t, [input.fatherId, ...members.map((m) => m.personId)]);
    const head = rows.get(input.fatherId);
    if (!head) throw notFoundAt('fatherId', 'Person');
    requireRecent(head, 'fatherId');
    members.forEach((m, i) => {
      const row = rows.get(m.personId);
      if (!row) throw notFoundAt(`familyMembers.${i}.personId`, 'Person');
      requireRecent(row, `familyMembers.${i}.personId`);
    });
    const [family] = await tx
      .insert(families)
      .values({ tenantId: t, familyName: input.familyName ?? (head.last_name || head.first_name) })
      .returning({ id: families.id });
    const joiners: Joiner[] = [
      {
        personId: head.id,
        role: head.gender_id === 2 ? FAMILY_ROLE.mother : FAMILY_ROLE.father,
        field: 'fatherId',
      },
      ...members.map((m, i) => ({ personId: m.personId, role: m.familyRoleId, field: `familyMembers.${i}.personId` })),
    ];
    await joinFamily(tx, t, family!.id, joiners);
    return publicView(tx, t, family!.id);
  });
}

/**
 * POST /addFamilyMember (§5.1): a ward just created on the page joins a family just created on
 * the page (a missing role is Ward). Answers the member (public view). Throws 404 for an unknown
 * church or family, or naming `personId`, an unknown person; 400 naming `familyRoleId` for a role
 * other than PUBLIC_MEMBER_ROLES, `familyId` for a family not created (with everyone in it) in
 * the last PUBLIC_MEMBER_MAX_AGE_HOURS, `personId` for a person in another family or not just added on
 * the page.
 */
export function publicAddMember(
  db: Db,
  body: TPublicAddFamilyMemberRequest,
): Promise<{ id: string; familyRoleID: number; person: { id: string; firstName: string; lastName: string } }> {
  const input = {
    ...body,
    tenantId: body.tenantId.toLowerCase(),
    familyId: body.familyId.toLowerCase(),
    personId: body.personId.toLowerCase(),
  };
  requirePublicRole(input.familyRoleId, 'familyRoleId');
  return asChurch(db, input.tenantId, async (tx) => {
    const t = input.tenantId;
    // recent: the family and everyone in it were created in the window (as /createFamily makes one)
    const [family] = await queryRows<{ recent: boolean }>(
      tx,
      sql`select f.created_at > now() - make_interval(hours => ${PUBLIC_MEMBER_MAX_AGE_HOURS})
                 and not exists (
                   select 1 from people p
                    where p.tenant_id = f.tenant_id
                      and p.created_at <= now() - make_interval(hours => ${PUBLIC_MEMBER_MAX_AGE_HOURS})
                      and (p.id = f.father_id or p.id = f.mother_id
                           or p.id in (select m.person_id from family_members m
                                        where m.tenant_id = f.tenant_id and m.family_id = f.id))) as recent
            from families f where f.tenant_id = ${t} and f.id = ${input.familyId} for update of f`,
    );
    if (!family) throw notFound('Family');
    if (!family.recent)
      throw badRequest(
        'familyId',
        'wards can be added here only to a family created on this registration page; ask the church to add them',
      );
    const row = (await peopleRows(tx, t, [input.personId])).get(input.personId);
    if (!row) throw notFoundAt('personId', 'Person');
    requireRecent(row, 'personId');
    await joinFamily(tx, t, input.familyId, [{ personId: row.id, role: input.familyRoleId, field: 'personId' }]);
    const m = (await memberOfPerson(tx, t, input.familyId, row.id))!;
    return {
      id: m.member_id,
      familyRoleID: m.family_role,
      person: { id: m.id, firstName: m.first_name, lastName: m.last_name },
    };
  });
}
