import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  TCreateMemberRequest,
  TMemberBasicInfo,
  TMembersBasicInfoPage,
  TMemberSummary,
  TPeopleClassification,
} from '@steward/contracts/people';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TPersonInfo } from '@steward/contracts/offerings';
import { people } from './schema.ts';

type PersonRow = typeof people.$inferSelect;

/** A person as pickers show them (spec §3 "Member search result"). */
export function toMemberSummary(p: PersonRow): TMemberSummary {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return {
    id: p.id,
    name,
    nameResult: name,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.mobilePhone ?? '',
    email: p.email ?? '',
  };
}

/**
 * The 'Create New Member' dialog: POST /api/People/CreateMember. Birthday and wedding day and
 * month (no year for the birthday) feed the dashboard's celebrations.
 */
export async function createMember(ctx: TenantCtx, input: TCreateMemberRequest): Promise<TMemberSummary> {
  const [row] = await ctx.tx
    .insert(people)
    .values({
      tenantId: ctx.tenantId,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      email: input.email || null,
      mobilePhone: input.mobilePhone || null,
      homeAddress: input.homeAddress || null,
      genderId: input.genderId ?? null,
      maritalStatusId: input.maritalStatusId ?? null,
      dayOfBirth: input.dayOfBirth ?? null,
      monthOfBirth: input.monthOfBirth ?? null,
      dayOfWedding: input.dayOfWedding ?? null,
      monthOfWedding: input.monthOfWedding ?? null,
      yearOfWedding: input.yearOfWedding ?? null,
    })
    .returning();
  return toMemberSummary(row!);
}

/**
 * GET /api/Membership/GetSearchedUSers (spec 2.3): members whose name, phone or e-mail
 * contains the text (3+ characters), at most 20, by name.
 */
export async function searchMembers(ctx: TenantCtx, text: string): Promise<TMemberSummary[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await ctx.tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.tenantId, ctx.tenantId),
        or(
          ilike(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern),
          ilike(people.mobilePhone, pattern),
          ilike(people.email, pattern),
        ),
      ),
    )
    .orderBy(asc(people.firstName), asc(people.lastName))
    .limit(20);
  return rows.map(toMemberSummary);
}

/** Loads a person of this tenant or throws 400 naming `field`. */
export async function requirePerson(ctx: TenantCtx, id: string, field: string): Promise<PersonRow> {
  const [row] = await ctx.tx
    .select()
    .from(people)
    .where(and(eq(people.tenantId, ctx.tenantId), eq(people.id, id)));
  if (!row) throw badRequest(field, 'is not a member of this church');
  return row;
}

/** Members per page of GET /api/People/GetmembersBasicInfo (as the offerings list). */
export const MEMBERS_PAGE_SIZE = 50;

/** Number of people the church records (the dashboard's memberCount, the client's churchSize). */
export async function countPeople(ctx: TenantCtx): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(people)
    .where(eq(people.tenantId, ctx.tenantId));
  return Number(row?.n ?? 0);
}

function toBasicInfo(p: PersonRow): TMemberBasicInfo {
  return {
    id: p.id,
    name: `${p.firstName} ${p.lastName}`.trim(),
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? '',
    mobilePhone: p.mobilePhone ?? '',
    homeAddress: p.homeAddress ?? '',
    genderId: p.genderId,
    maritalStatusId: p.maritalStatusId,
    dayOfBirth: p.dayOfBirth,
    monthOfBirth: p.monthOfBirth,
    pictureUrl: p.pictureUrl,
  };
}

/**
 * GET /api/People/GetmembersBasicInfo?page=N (existing-client-api §1.3): page N (1-based) of
 * MEMBERS_PAGE_SIZE people by first name, last name and id, and the total number of people.
 * A page past the end is empty.
 */
export async function membersBasicInfo(ctx: TenantCtx, page: number): Promise<TMembersBasicInfoPage> {
  const rows = await ctx.tx
    .select()
    .from(people)
    .where(eq(people.tenantId, ctx.tenantId))
    .orderBy(asc(people.firstName), asc(people.lastName), asc(people.id))
    .limit(MEMBERS_PAGE_SIZE)
    .offset((page - 1) * MEMBERS_PAGE_SIZE);
  return { data: rows.map(toBasicInfo), totalItems: await countPeople(ctx) };
}

/**
 * GET /api/Settings/GetTenantPeopleClassification (existing-client-api §1.3): the church's
 * membership classifications. Steward records none yet (no table; a later issue), so the list
 * is empty for every church.
 */
export async function peopleClassifications(_ctx: TenantCtx): Promise<TPeopleClassification[]> {
  return [];
}

/**
 * GET /api/People/GetPersonInfoWithAssignments/{personId} (existing-client-api §2.2): a
 * person's id and name, which the offering edit page shows (and keeps as the row's personID)
 * when it loads an offering. Throws 404 when the person is missing or another church's.
 */
export async function personInfo(ctx: TenantCtx, id: string): Promise<TPersonInfo> {
  const [p] = await ctx.tx
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName })
    .from(people)
    .where(and(eq(people.tenantId, ctx.tenantId), eq(people.id, id)));
  if (!p) throw notFound('Person');
  return p;
}
