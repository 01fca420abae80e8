import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TCreateMemberRequest, TMemberSummary } from '@steward/contracts/people';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
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

/** The 'Create New Member' dialog: POST /api/People/CreateMember. */
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
