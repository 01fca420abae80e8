import { and, count, desc, eq } from 'drizzle-orm';
import {
  MESSAGE_TYPE,
  VOICE_FIELD,
  type TCreateDefaultMessageForm,
  type TDefaultMessage,
} from '@steward/contracts/default-messages';
import { SENDER_ID_STATUS } from '@steward/contracts/sender-ids';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { defaultMessages } from './schema.ts';
import { findSenderId } from './sender-ids-service.ts';

/** The most default messages a church keeps (each Voice one holds up to 10 MB of audio). */
export const MAX_DEFAULT_MESSAGES = 200;

/** The path a stored recording is served at (default-messages-routes.ts), kept in voice_url. */
export const voicePath = (tenantId: string, name: string) => `/api/Settings/DefaultMessageVoice/${tenantId}/${name}`;

/** The fields of a create or an update, after the contract: category 0-6, type 0-2, texts trimmed. */
type MessageInput = Omit<TCreateDefaultMessageForm, 'voiceFile'>;

const toMessage = (r: typeof defaultMessages.$inferSelect, baseUrl: string): TDefaultMessage => ({
  id: r.id,
  message: r.message,
  subject: r.subject,
  category: r.category,
  messageType: r.messageType,
  voiceUrl: r.voiceUrl ? `${baseUrl}${r.voiceUrl}` : null,
});

/**
 * The columns to store for `input` (giving spec 2.17, §5): Voice keeps no subject or message and
 * needs a recording (`voiceName`, the stored file's name; 400 naming voiceFile without one);
 * Sms needs a subject that is one of the church's sender IDs in any case, pending, processing or
 * approved (400 naming subject for another text or a refused one), stored in the sender ID's own
 * spelling (the SMS sender sends only from approved ones); Email keeps the subject as typed.
 */
async function columnsFor(ctx: TenantCtx, input: MessageInput, voiceName: string | null) {
  if (input.messageType === MESSAGE_TYPE.voice) {
    if (!voiceName) throw badRequest(VOICE_FIELD, 'is required for a Voice message: choose an audio file');
    return {
      category: input.category,
      messageType: input.messageType,
      subject: '',
      message: '',
      voiceBlobName: voiceName,
      voiceUrl: voicePath(ctx.tenantId, voiceName),
    };
  }
  let subject = input.subject;
  if (input.messageType === MESSAGE_TYPE.sms) {
    const sender = await findSenderId(ctx, subject);
    if (!sender) throw badRequest('subject', `must be one of your sender IDs; request ${subject} first`);
    if (sender.status === SENDER_ID_STATUS.notApproved)
      throw badRequest('subject', `${sender.mask} was not approved as a sender ID; choose another one`);
    subject = sender.mask;
  }
  return {
    category: input.category,
    messageType: input.messageType,
    subject,
    message: input.message,
    voiceBlobName: null,
    voiceUrl: null,
  };
}

/**
 * GET /api/Settings/AllDefaultMessages (finance spec 2.9; existing-client-api §2.8): the church's
 * default messages, newest first. `baseUrl` ('https://host') makes voiceUrl absolute.
 */
export async function listDefaultMessages(ctx: TenantCtx, baseUrl: string): Promise<TDefaultMessage[]> {
  const rows = await ctx.tx
    .select()
    .from(defaultMessages)
    .where(eq(defaultMessages.tenantId, ctx.tenantId))
    .orderBy(desc(defaultMessages.createdAt), desc(defaultMessages.id));
  return rows.map((r) => toMessage(r, baseUrl));
}

async function findRow(ctx: TenantCtx, id: string, forUpdate = false) {
  const query = ctx.tx
    .select()
    .from(defaultMessages)
    .where(and(eq(defaultMessages.tenantId, ctx.tenantId), eq(defaultMessages.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Default message');
  return row;
}

/**
 * GET /api/Settings/GetDefaultMessage/{id} (existing-client-api §6.1): one default message.
 * Throws 404 for an id of no default message of this church.
 */
export async function getDefaultMessage(ctx: TenantCtx, id: string, baseUrl: string): Promise<TDefaultMessage> {
  return toMessage(await findRow(ctx, id), baseUrl);
}

/**
 * POST /api/Settings/CreateDefaultMessage (giving spec 2.17, §5; existing-client-api §6.1):
 * stores a default message; `voiceName` is the recording already stored for a Voice message
 * (ignored otherwise: the route stores a file only for Voice). Throws as columnsFor, and 400
 * naming body when the church already keeps MAX_DEFAULT_MESSAGES.
 */
export async function createDefaultMessage(
  ctx: TenantCtx,
  input: MessageInput,
  voiceName: string | null,
  baseUrl: string,
): Promise<TDefaultMessage> {
  const [held] = await ctx.tx
    .select({ n: count() })
    .from(defaultMessages)
    .where(eq(defaultMessages.tenantId, ctx.tenantId));
  if (Number(held?.n ?? 0) >= MAX_DEFAULT_MESSAGES)
    throw badRequest('body', `You have ${MAX_DEFAULT_MESSAGES} default messages; delete one you no longer use first`);
  const columns = await columnsFor(ctx, input, voiceName);
  const [row] = await ctx.tx
    .insert(defaultMessages)
    .values({ tenantId: ctx.tenantId, ...columns })
    .returning();
  return toMessage(row!, baseUrl);
}

/**
 * PUT /api/Settings/UpdateDefaultMessage (existing-client-api §6.1): replaces the fields of
 * default message `id`. A Voice message keeps its recording unless `voiceName` (a new one) is
 * given. Answers the message and `dropped`, the recording no longer used (replaced, or the type
 * is no longer Voice) for the caller to remove once this transaction committed. Throws 404 for an
 * id of no default message of this church, else as columnsFor.
 */
export async function updateDefaultMessage(
  ctx: TenantCtx,
  id: string,
  input: MessageInput,
  voiceName: string | null,
  baseUrl: string,
): Promise<{ message: TDefaultMessage; dropped: string | null }> {
  const current = await findRow(ctx, id, true);
  const keep = input.messageType === MESSAGE_TYPE.voice ? (voiceName ?? current.voiceBlobName) : null;
  const columns = await columnsFor(ctx, input, keep);
  const [row] = await ctx.tx
    .update(defaultMessages)
    .set(columns)
    .where(and(eq(defaultMessages.tenantId, ctx.tenantId), eq(defaultMessages.id, id)))
    .returning();
  const old = current.voiceBlobName;
  return { message: toMessage(row!, baseUrl), dropped: old && old !== columns.voiceBlobName ? old : null };
}

/**
 * DELETE /api/Settings/DeleteDefaultMessage/{id} (finance spec 2.9, §8): deletes default message
 * `id`; answers its id and `dropped`, its recording (or null) for the caller to remove once this
 * transaction committed. Throws 404 for an id of no default message of this church.
 */
export async function deleteDefaultMessage(
  ctx: TenantCtx,
  id: string,
): Promise<{ id: string; dropped: string | null }> {
  const [row] = await ctx.tx
    .delete(defaultMessages)
    .where(and(eq(defaultMessages.tenantId, ctx.tenantId), eq(defaultMessages.id, id)))
    .returning({ id: defaultMessages.id, voiceBlobName: defaultMessages.voiceBlobName });
  if (!row) throw notFound('Default message');
  return { id: row.id, dropped: row.voiceBlobName };
}
