import { and, asc, count, eq, sql } from 'drizzle-orm';
import { SENDER_ID_STATUS, type TRequestSenderIdRequest, type TSenderId } from '@steward/contracts/sender-ids';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-errors.ts';
import { senderIds } from './schema.ts';

/** The most sender IDs a church keeps (requests included): the operator's queue stays reviewable. */
export const MAX_SENDER_IDS = 50;

const toSenderId = (r: typeof senderIds.$inferSelect): TSenderId => ({
  id: r.id,
  mask: r.mask,
  status: r.status,
  reviewNote: r.reviewNote,
});

const taken = (mask: string) => `You already have the sender ID ${mask}; choose another one`;

/**
 * GET /api/Messaging/RetrieveTenantSenderIDs (finance spec 2.7; existing-client-api §2.7): every
 * sender ID of the church, whatever its status (0 pending, 1 processing, 2 approved, 3 not
 * approved), ordered by mask (case-insensitive). The picker shows the status; only approved
 * ones can send.
 */
export async function listSenderIds(ctx: TenantCtx): Promise<TSenderId[]> {
  const rows = await ctx.tx
    .select()
    .from(senderIds)
    .where(eq(senderIds.tenantId, ctx.tenantId))
    .orderBy(asc(sql`lower(${senderIds.mask})`), asc(senderIds.id));
  return rows.map(toSenderId);
}

/**
 * POST /api/Messaging/RequestSenderID (spec 2.7, §4, §5): records the request for `mask`
 * (3-11 letters or digits, checked by the contract) with status 0 pending, for a platform
 * operator to review. Throws 400 naming `mask` when the church already has that mask in any
 * case (the unique index sender_ids_mask_key settles a race the same way) or already holds
 * MAX_SENDER_IDS sender IDs.
 */
export async function requestSenderId(ctx: TenantCtx, input: TRequestSenderIdRequest): Promise<TSenderId> {
  const [existing] = await ctx.tx
    .select({ mask: senderIds.mask })
    .from(senderIds)
    .where(and(eq(senderIds.tenantId, ctx.tenantId), eq(sql`lower(${senderIds.mask})`, input.mask.toLowerCase())));
  if (existing) throw badRequest('mask', taken(existing.mask));
  const [held] = await ctx.tx.select({ n: count() }).from(senderIds).where(eq(senderIds.tenantId, ctx.tenantId));
  if (Number(held?.n ?? 0) >= MAX_SENDER_IDS)
    throw badRequest('mask', `You have ${MAX_SENDER_IDS} sender IDs; delete one you no longer use first`);
  try {
    const [row] = await ctx.tx
      .insert(senderIds)
      .values({ tenantId: ctx.tenantId, mask: input.mask, status: SENDER_ID_STATUS.pending })
      .returning();
    return toSenderId(row!);
  } catch (e) {
    // the same mask requested twice at once: the second insert meets the unique index
    if (pgErrorInfo(e)?.code === '23505') throw badRequest('mask', taken(input.mask));
    throw e;
  }
}

/**
 * DELETE /api/Messaging/DeleteSenderID?id= (existing-client-api §2.7): removes the church's
 * sender ID `id`, whatever its status. Default messages that named it keep their text (the SMS
 * sender refuses a sender ID the church no longer has). Throws 404 for an id of no sender ID of
 * this church.
 */
export async function deleteSenderId(ctx: TenantCtx, id: string): Promise<{ id: string }> {
  const deleted = await ctx.tx
    .delete(senderIds)
    .where(and(eq(senderIds.tenantId, ctx.tenantId), eq(senderIds.id, id)))
    .returning({ id: senderIds.id });
  if (deleted.length === 0) throw notFound('Sender ID');
  return { id };
}

/**
 * The church's sender ID whose mask is `mask` in any case (its stored spelling and status), or
 * null. Used by default messages, whose SMS subject must be one of the church's sender IDs.
 */
export async function findSenderId(ctx: TenantCtx, mask: string): Promise<TSenderId | null> {
  const [row] = await ctx.tx
    .select()
    .from(senderIds)
    .where(and(eq(senderIds.tenantId, ctx.tenantId), eq(sql`lower(${senderIds.mask})`, mask.toLowerCase())));
  return row ? toSenderId(row) : null;
}
