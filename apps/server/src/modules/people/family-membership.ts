import { and, eq, sql } from 'drizzle-orm';
import { FAMILY_MESSAGES, FAMILY_ROLE, type TFamilyPersonInput, type TParentInput } from '@steward/contracts/families';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { families, people } from './schema.ts';
import { familiesOfPeople, familyRow, lockPeople } from './family-queries.ts';

/*
 * The family rules shared by the admin calls, the public registration calls and the check-in
 * shell (families.ts contracts):
 * - every person of a family has one family_members row; a person is in at most one family
 *   (checked under row locks on the people, lockPeople: a clear 400, never a second family);
 * - families.father_id / mother_id name members with role 1 / 2: a member given role 1 (2)
 *   becomes the father (mother) when the family has none, and stops being it when given another
 *   role or taken out.
 */

/** 404 for an id in a request body that names nothing of this church (another church's id included). */
export const notFoundAt = (field: string, what: string) => new AppError(404, `${what} was not found`, field);

/** One person to put into a family, with the request field that named them (for error answers). */
export interface Joiner {
  personId: string;
  role: number;
  field: string;
}

/**
 * Puts `joiners` into family `familyId` with their roles (a member already there gets the new
 * role), then applies the parent rule. Throws 400 naming a joiner's field when it is listed twice
 * or is in another family, 404 naming it when no such person is in the church. Runs in the
 * caller's transaction; the family row should be locked by the caller (familyRow lock).
 */
export async function joinFamily(tx: Tx, tenantId: string, familyId: string, joiners: Joiner[]): Promise<void> {
  if (joiners.length === 0) return;
  const seen = new Set<string>();
  for (const j of joiners) {
    if (seen.has(j.personId)) throw badRequest(j.field, 'is listed more than once');
    seen.add(j.personId);
  }
  const ids = joiners.map((j) => j.personId);
  const found = await lockPeople(tx, tenantId, ids);
  for (const j of joiners) if (!found.has(j.personId)) throw notFoundAt(j.field, 'Person');
  const current = await familiesOfPeople(tx, tenantId, ids);
  for (const j of joiners) {
    const other = current.get(j.personId);
    if (other && other !== familyId) throw badRequest(j.field, FAMILY_MESSAGES.alreadyInAnotherFamily);
  }
  await tx.execute(
    sql`insert into family_members (tenant_id, family_id, person_id, family_role)
        values ${sql.join(
          joiners.map((j) => sql`(${tenantId}, ${familyId}, ${j.personId}, ${j.role})`),
          sql`, `,
        )}
        on conflict (tenant_id, person_id) do update set family_role = excluded.family_role`,
  );
  await applyParentRoles(
    tx,
    tenantId,
    familyId,
    joiners.map((j) => ({ personId: j.personId, role: j.role })),
  );
}

/**
 * The parent rule after members got `changes` (their new roles; role 0 = taken out): a member
 * given role 1 (2) becomes the father (mother) when the family has none; the father (mother)
 * given another role, or taken out, stops being it.
 */
export async function applyParentRoles(
  tx: Tx,
  tenantId: string,
  familyId: string,
  changes: { personId: string; role: number }[],
): Promise<void> {
  const f = await familyRow(tx, tenantId, familyId);
  if (!f) return;
  let father = f.father_id;
  let mother = f.mother_id;
  for (const c of changes) {
    if (c.role === FAMILY_ROLE.father) father ??= c.personId;
    else if (father === c.personId) father = null;
    if (c.role === FAMILY_ROLE.mother) mother ??= c.personId;
    else if (mother === c.personId) mother = null;
  }
  if (father !== f.father_id || mother !== f.mother_id) await setParents(tx, tenantId, familyId, father, mother);
}

/** Sets the family's father and mother (people already members of it). */
export async function setParents(
  tx: Tx,
  tenantId: string,
  familyId: string,
  fatherId: string | null,
  motherId: string | null,
): Promise<void> {
  await tx
    .update(families)
    .set({ fatherId, motherId })
    .where(and(eq(families.tenantId, tenantId), eq(families.id, familyId)));
}

/** Takes `personId` out of family `familyId` (its member row), then applies the parent rule. */
export async function leaveFamily(tx: Tx, tenantId: string, familyId: string, personId: string): Promise<void> {
  await tx.execute(
    sql`delete from family_members where tenant_id = ${tenantId} and family_id = ${familyId} and person_id = ${personId}`,
  );
  await applyParentRoles(tx, tenantId, familyId, [{ personId, role: 0 }]);
}

type PersonEdit = Partial<TFamilyPersonInput & TParentInput & { homeAddress: string | null }>;

/** The people columns a person edit sets: only the fields given (undefined = leave as is). */
function personChanges(input: PersonEdit): Partial<typeof people.$inferInsert> {
  const set: Partial<typeof people.$inferInsert> = {};
  if (input.firstName !== undefined) set.firstName = input.firstName;
  if (input.lastName !== undefined) set.lastName = input.lastName ?? '';
  if (input.pictureUrl !== undefined) set.pictureUrl = input.pictureUrl;
  const gender = input.genderId !== undefined ? input.genderId : input.genderID;
  if (gender !== undefined) set.genderId = gender;
  if (input.email !== undefined) set.email = input.email;
  if (input.mobilePhone !== undefined) set.mobilePhone = input.mobilePhone;
  if (input.homeAddress !== undefined) set.homeAddress = input.homeAddress;
  if (input.dayOfBirth !== undefined) set.dayOfBirth = input.dayOfBirth;
  if (input.monthOfBirth !== undefined) set.monthOfBirth = input.monthOfBirth;
  return set;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Throws 400 naming `${prefix}dayOfBirth` when the day does not exist in the month (29 February allowed). */
function checkBirthday(input: PersonEdit, prefix: string): void {
  const d = input.dayOfBirth;
  const m = input.monthOfBirth;
  if (d && m && d > DAYS_IN_MONTH[m - 1]!) throw badRequest(`${prefix}dayOfBirth`, 'is not a day of that month');
}

/**
 * Creates a person of the church from the names and details given (a new family member or
 * parent) and answers its id. Throws 400 naming `${prefix}firstName` without a first name.
 */
export async function createPerson(tx: Tx, tenantId: string, input: PersonEdit, prefix: string): Promise<string> {
  if (!input.firstName) throw badRequest(`${prefix}firstName`, 'Enter the first name');
  checkBirthday(input, prefix);
  const [row] = await tx
    .insert(people)
    .values({ ...personChanges(input), tenantId, firstName: input.firstName, lastName: input.lastName ?? '' })
    .returning({ id: people.id });
  return row!.id;
}

/**
 * Sets the given fields of person `personId` (fields absent are left as they are). Throws 400
 * naming `${prefix}dayOfBirth` for a day its month does not have.
 */
export async function updatePerson(
  tx: Tx,
  tenantId: string,
  personId: string,
  input: PersonEdit,
  prefix: string,
): Promise<void> {
  const set = personChanges(input);
  if (set.dayOfBirth !== undefined || set.monthOfBirth !== undefined) {
    const [cur] = await queryRows<{ day_of_birth: number | null; month_of_birth: number | null }>(
      tx,
      sql`select day_of_birth, month_of_birth from people where tenant_id = ${tenantId} and id = ${personId}`,
    );
    checkBirthday(
      {
        dayOfBirth: set.dayOfBirth !== undefined ? set.dayOfBirth : (cur?.day_of_birth ?? null),
        monthOfBirth: set.monthOfBirth !== undefined ? set.monthOfBirth : (cur?.month_of_birth ?? null),
      },
      prefix,
    );
  }
  if (Object.keys(set).length === 0) return;
  await tx
    .update(people)
    .set(set)
    .where(and(eq(people.tenantId, tenantId), eq(people.id, personId)));
}
