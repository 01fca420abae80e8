import { and, eq, inArray } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { accounts } from './schema.ts';

/**
 * Checks made before a configured source (an offering item today; a payment form, issue 10,
 * later) posts through the accounts it names. postEntry itself does not look at whether an
 * account is active: reversals must still post to a deactivated account, so the refusal
 * belongs to whatever chooses the accounts of a new posting.
 */

/** Who is posting, for the 400 message. */
export interface PostingSource {
  /** the request field at fault, e.g. '0.financialContributionID' */
  field: string;
  /** the source as the user knows it, e.g. 'Offering item "Tithe"' */
  label: string;
  /** what the user may change instead, e.g. 'the item' */
  change: string;
}

/**
 * Refuses a new posting through `what` when one of `accountIds` (the source's cash, income
 * or remittance destination accounts; duplicates allowed) is deactivated or no longer exists
 * in this church: 400 naming `what.field`, e.g. 'Offering item "Tithe" posts to the
 * deactivated account "Main Bank"; activate the account or change the item.' The first such
 * account in `accountIds` order is named. Issue 6 (security: a deactivated account receives
 * no new postings); reusable by the giving module's payment forms (issue 10).
 */
export async function assertAccountsActive(
  ctx: TenantCtx,
  accountIds: readonly string[],
  what: PostingSource,
): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  const rows = await ctx.tx
    .select({ id: accounts.id, name: accounts.name, isActive: accounts.isActive })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), inArray(accounts.id, ids)));
  checkAccountsActive(accountIds, new Map(rows.map((a) => [a.id, a])), what);
}

/**
 * assertAccountsActive over accounts already read (`byId`: the church's accounts among
 * `accountIds`, with name and isActive); throws the same 400s, naming the first such account in
 * `accountIds` order.
 */
export function checkAccountsActive(
  accountIds: readonly string[],
  byId: ReadonlyMap<string, { name: string; isActive: boolean }>,
  what: PostingSource,
): void {
  for (const id of new Set(accountIds)) {
    const a = byId.get(id);
    if (!a)
      throw badRequest(what.field, `${what.label} posts to an account that no longer exists; change ${what.change}.`);
    if (!a.isActive) {
      throw badRequest(
        what.field,
        `${what.label} posts to the deactivated account "${a.name}"; activate the account or change ${what.change}.`,
      );
    }
  }
}
