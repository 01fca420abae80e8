import { z } from 'zod';
import { ZId } from './common.ts';

/*
 * SMS sender IDs (finance spec 2.7, §3 'Sender ID', §4, §5, §8, §9; existing-client-api §2.7).
 * A church requests a mask; a platform operator reviews it (issue 9). Every mask of the church
 * is listed with its status, so the picker can show pending and refused requests too; only an
 * approved one can send (the SMS sender enforces it).
 */

/** Spec §5 and §9: 3 to 11 letters or digits, nothing else (the existing client's own pattern). */
export const SENDER_ID_PATTERN = /^[a-zA-Z0-9]{3,11}$/;

/** Spec §5: the message of the rule, shown on blur, on submit, and in the server's 400. */
export const SENDER_ID_RULE_MESSAGE =
  'Should not contain any special characters AND Should not be less than 3 characters and more than 11 characters';

/** Spec §4: the review statuses (any value other than 0, 1 or 2 reads as not approved). */
export const SENDER_ID_STATUS = { pending: 0, processing: 1, approved: 2, notApproved: 3 } as const;

/** The label of a status (spec §4 'label PENDING'): PENDING, PROCESSING, APPROVED or NOT APPROVED. */
export function senderIdStatusLabel(status: number): string {
  if (status === SENDER_ID_STATUS.pending) return 'PENDING';
  if (status === SENDER_ID_STATUS.processing) return 'PROCESSING';
  if (status === SENDER_ID_STATUS.approved) return 'APPROVED';
  return 'NOT APPROVED';
}

/**
 * The toast after a request (spec §4, §8, §9): its kind and text by the answer's numeric status;
 * every sender ID toast stays 6 s (TOAST_SECONDS.senderId). Pending is a warning (spec §4).
 */
export function senderIdRequestToast(status: number): { kind: 'warning' | 'info' | 'success' | 'error'; text: string } {
  if (status === SENDER_ID_STATUS.pending)
    return {
      kind: 'warning',
      text: 'PENDING, Sender id is pending for approval, when it is approved, you will see it among the sender id list',
    };
  if (status === SENDER_ID_STATUS.processing)
    return {
      kind: 'info',
      text: 'PROCESSING, Sender id is processing for approval, when it is approved, you will see it among the sender id list',
    };
  if (status === SENDER_ID_STATUS.approved) return { kind: 'success', text: 'APPROVED, Sender id is approved!' };
  return { kind: 'error', text: 'NOT APPROVED, Sender id is not approved, create another one.' };
}

/** A mask as typed: surrounding spaces are dropped, then the rule of spec §5 applies. */
export const ZSenderIdMask = z
  .string({ error: SENDER_ID_RULE_MESSAGE })
  .trim()
  .regex(SENDER_ID_PATTERN, SENDER_ID_RULE_MESSAGE);

/**
 * One sender ID of the church: `status` 0 pending, 1 processing, 2 approved, 3 not approved;
 * `reviewNote` is what the platform operator wrote to the church when reviewing it (or null).
 */
export const ZSenderId = z.object({
  id: z.string(),
  mask: z.string(),
  status: z.number().int(),
  reviewNote: z.string().nullable(),
});
export type TSenderId = z.output<typeof ZSenderId>;

const envelope = <T extends z.ZodType>(t: T) =>
  z.object({ status: z.boolean(), response: z.string(), returnObject: t });

/** GET /api/Messaging/RetrieveTenantSenderIDs: every mask of the church with its status, by mask. */
export const ZSenderIdListEnvelope = envelope(z.array(ZSenderId));

/** POST /api/Messaging/RequestSenderID body `{mask}` (SendSms.vue adds tenantID, ignored: the session decides). */
export const ZRequestSenderIdRequest = z.object({
  mask: ZSenderIdMask,
  tenantID: z.string().max(64).nullish(),
});
export type TRequestSenderIdRequest = z.output<typeof ZRequestSenderIdRequest>;

/**
 * The request's answer: `status` is the new sender ID's numeric status (0 pending), as the
 * existing client reads `res.data.status` (existing-client-api §7b.17); `returnObject` the sender ID.
 */
export const ZRequestSenderIdAnswer = z.object({
  status: z.number().int(),
  response: z.string(),
  returnObject: ZSenderId,
});
export type TRequestSenderIdAnswer = z.output<typeof ZRequestSenderIdAnswer>;

/** DELETE /api/Messaging/DeleteSenderID?id= */
export const ZDeleteSenderIdQuery = z.object({ id: ZId });

/** The delete's answer: the envelope with the deleted id (truthy, as the client checks). */
export const ZSenderIdDeletedEnvelope = envelope(z.object({ id: z.string() }));
