import { sql } from 'drizzle-orm';
import type { TFamilyDetail, TFamilyListItem, TFamilyMember, TFamilyPerson } from '@steward/contracts/families';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The SQL of families (families.ts contracts; existing-client-api §4.4, §5.1, §5.2). Every
 * statement names the tenant (defence in depth beside row-level security).
 */

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  picture_url: string | null;
  gender_id: number | null;
  day_of_birth: number | null;
  month_of_birth: number | null;
  email: string | null;
  mobile_phone: string | null;
  home_address: string | null;
}

const PERSON_COLUMNS = sql`p.id, p.first_name, p.last_name, p.picture_url, p.gender_id, p.day_of_birth,
  p.month_of_birth, p.email, p.mobile_phone, p.home_address`;

/** A person row as the family answers give it. */
export function toFamilyPerson(p: PersonRow): TFamilyPerson {
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    pictureUrl: p.picture_url,
    genderID: p.gender_id,
    dayOfBirth: p.day_of_birth,
    monthOfBirth: p.month_of_birth,
    email: p.email,
    mobilePhone: p.mobile_phone,
    homeAddress: p.home_address,
  };
}

export interface FamilyRow {
  id: string;
  family_name: string;
  father_id: string | null;
  mother_id: string | null;
  home_phone: string | null;
  home_address: string | null;
  email: string | null;
  created_at: Date | string;
}

/** The family `familyId` of the church, or undefined; `lock` takes its row lock (FOR UPDATE). */
export async function familyRow(
  tx: Tx,
  tenantId: string,
  familyId: string,
  lock = false,
): Promise<FamilyRow | undefined> {
  const [row] = await queryRows<FamilyRow>(
    tx,
    sql`select id, family_name, father_id, mother_id, home_phone, home_address, email, created_at
          from families where tenant_id = ${tenantId} and id = ${familyId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

type MemberRow = PersonRow & { member_id: string; family_id: string; family_role: number };

/** The member rows of a family with their people, by role then first name. */
export function memberRows(tx: Tx, tenantId: string, familyId: string): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    tx,
    sql`select m.id as member_id, m.family_id, m.family_role, ${PERSON_COLUMNS}
          from family_members m
          join people p on p.tenant_id = m.tenant_id and p.id = m.person_id
         where m.tenant_id = ${tenantId} and m.family_id = ${familyId}
         order by m.family_role, lower(p.first_name), lower(p.last_name), m.id`,
  );
}

/** One member (its membership id) with its person, or undefined. */
export async function memberRow(tx: Tx, tenantId: string, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await queryRows<MemberRow>(
    tx,
    sql`select m.id as member_id, m.family_id, m.family_role, ${PERSON_COLUMNS}
          from family_members m
          join people p on p.tenant_id = m.tenant_id and p.id = m.person_id
         where m.tenant_id = ${tenantId} and m.id = ${memberId}`,
  );
  return row;
}

/** The membership of `personId` in `familyId`, or undefined. */
export async function memberOfPerson(
  tx: Tx,
  tenantId: string,
  familyId: string,
  personId: string,
): Promise<MemberRow | undefined> {
  const [row] = await queryRows<MemberRow>(
    tx,
    sql`select m.id as member_id, m.family_id, m.family_role, ${PERSON_COLUMNS}
          from family_members m
          join people p on p.tenant_id = m.tenant_id and p.id = m.person_id
         where m.tenant_id = ${tenantId} and m.family_id = ${familyId} and m.person_id = ${personId}`,
  );
  return row;
}

/** A member row as the answers give it. */
export function toFamilyMember(m: MemberRow): TFamilyMember {
  return { id: m.member_id, familyID: m.family_id, familyRoleID: m.family_role, person: toFamilyPerson(m) };
}

async function personRow(tx: Tx, tenantId: string, personId: string): Promise<PersonRow | undefined> {
  const [row] = await queryRows<PersonRow>(
    tx,
    sql`select ${PERSON_COLUMNS} from people p where p.tenant_id = ${tenantId} and p.id = ${personId}`,
  );
  return row;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * The family `familyId` as GET /api/Family/family answers it (ZFamilyDetail), or undefined when
 * the church has none with that id. The father and mother are answered apart from
 * `familyMembers`, also when they have no member row (families written before the rule).
 */
export async function familyDetail(tx: Tx, tenantId: string, familyId: string): Promise<TFamilyDetail | undefined> {
  const f = await familyRow(tx, tenantId, familyId);
  if (!f) return undefined;
  const members = await memberRows(tx, tenantId, familyId);
  const parent = async (id: string | null) => {
    if (!id) return null;
    const row = members.find((m) => m.id === id) ?? (await personRow(tx, tenantId, id));
    return row ? toFamilyPerson(row) : null;
  };
  return {
    id: f.id,
    tenantID: tenantId,
    familyName: f.family_name,
    email: f.email,
    homePhone: f.home_phone,
    homeAddress: f.home_address,
    fatherID: f.father_id,
    motherID: f.mother_id,
    father: await parent(f.father_id),
    mother: await parent(f.mother_id),
    familyMembers: members.filter((m) => m.id !== f.father_id && m.id !== f.mother_id).map(toFamilyMember),
    dateCreated: iso(f.created_at),
  };
}

/**
 * The family each of `personIds` is in (a member row, or named as father or mother), as a map
 * person id → family id; people in no family are absent.
 */
export async function familiesOfPeople(tx: Tx, tenantId: string, personIds: string[]): Promise<Map<string, string>> {
  if (personIds.length === 0) return new Map();
  const ids = sql`array[${sql.join(
    personIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = await queryRows<{ person_id: string; family_id: string }>(
    tx,
    sql`select person_id, family_id from family_members
         where tenant_id = ${tenantId} and person_id = any(${ids})
        union
        select p.person_id, f.id from families f
          cross join lateral (values (f.father_id), (f.mother_id)) as p(person_id)
         where f.tenant_id = ${tenantId} and p.person_id = any(${ids})`,
  );
  return new Map(rows.map((r) => [r.person_id, r.family_id]));
}

/** The family `personId` belongs to, or undefined. */
export async function familyIdOfPerson(tx: Tx, tenantId: string, personId: string): Promise<string | undefined> {
  return (await familiesOfPeople(tx, tenantId, [personId])).get(personId);
}

/**
 * Locks the people `personIds` of the church (FOR UPDATE, in id order so two requests never wait
 * on each other crosswise) and answers the ids found. A family change holds these locks until it
 * commits, so two requests putting one person into two families run one after the other and the
 * second sees the first's family (the rule 'a person is in at most one family').
 */
export async function lockPeople(tx: Tx, tenantId: string, personIds: string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from people where tenant_id = ${tenantId}
          and id = any(array[${sql.join(
            personIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[])
        order by id for update`,
  );
  return new Set(rows.map((r) => r.id));
}

/** GET /api/family/allfamilies: the church's families by name, with their number of members. */
export async function familyList(tx: Tx, tenantId: string): Promise<TFamilyListItem[]> {
  const rows = await queryRows<{
    id: string;
    family_name: string;
    email: string | null;
    home_phone: string | null;
    created_at: Date | string;
    member_count: number;
  }>(
    tx,
    sql`select f.id, f.family_name, f.email, f.home_phone, f.created_at,
               (select count(*)::int from family_members m where m.tenant_id = f.tenant_id and m.family_id = f.id)
                 as member_count
          from families f
         where f.tenant_id = ${tenantId}
         order by lower(f.family_name), f.created_at, f.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    familyName: r.family_name,
    email: r.email,
    homePhone: r.home_phone,
    dateCreated: iso(r.created_at),
    memberCount: Number(r.member_count),
  }));
}
