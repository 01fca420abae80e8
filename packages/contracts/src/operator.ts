import { z } from 'zod';
import { ZId, ZPaged, ZPageQuery } from './common.ts';
import { SENDER_ID_STATUS } from './sender-ids.ts';

/*
 * The platform operator's API (issue 9 'Sender IDs'): an operator, created by
 * `npm run operator:create`, signs in with the `steward_operator` cookie and reviews the sender
 * ID requests of every church. Not a church API: no church session is accepted here, and the
 * operator cookie is accepted nowhere else.
 */

/** The operator's session cookie (httpOnly, SameSite strict, path /api/operator). */
export const OPERATOR_COOKIE = 'steward_operator';

/** What an operator reads when a sign-in field is refused. */
export const OPERATOR_FIELD_MESSAGES = {
  email: 'Enter your e-mail address',
  password: 'Enter your password',
  tooLong: 'Use at most 200 characters',
} as const;

/** POST /api/operator/login */
export const ZOperatorLoginRequest = z.object({
  email: z.string().trim().min(1, OPERATOR_FIELD_MESSAGES.email).max(200, OPERATOR_FIELD_MESSAGES.tooLong),
  password: z.string().min(1, OPERATOR_FIELD_MESSAGES.password).max(200, OPERATOR_FIELD_MESSAGES.tooLong),
});
export type TOperatorLoginRequest = z.output<typeof ZOperatorLoginRequest>;

/** POST /api/operator/login and GET /api/operator/me: who is signed in. */
export const ZOperatorMe = z.object({ email: z.string() });
export type TOperatorMe = z.output<typeof ZOperatorMe>;

/** The statuses an operator sets: 1 processing, 2 approved, 3 not approved (0 is the church's request). */
export const ZReviewStatus = z.union(
  [
    z.literal(SENDER_ID_STATUS.processing),
    z.literal(SENDER_ID_STATUS.approved),
    z.literal(SENDER_ID_STATUS.notApproved),
  ],
  { error: 'must be 1 (processing), 2 (approved) or 3 (not approved)' },
);

/** The most characters of a review note (shown to the church beside its sender ID). */
export const REVIEW_NOTE_MAX = 500;

/** PUT /api/operator/senderids/:tenantId/:id body: the new status and an optional note to the church. */
export const ZReviewSenderIdRequest = z.object({
  status: ZReviewStatus,
  note: z.string().trim().max(REVIEW_NOTE_MAX, `Use at most ${REVIEW_NOTE_MAX} characters`).nullish(),
});
export type TReviewSenderIdRequest = z.output<typeof ZReviewSenderIdRequest>;

/** PUT /api/operator/senderids/:tenantId/:id path. */
export const ZReviewSenderIdParams = z.object({ tenantId: ZId, id: ZId });

/** The status filter of the list: one status, or 'all'. */
export const OPERATOR_STATUS_FILTERS = ['0', '1', '2', '3', 'all'] as const;
export type TOperatorStatusFilter = (typeof OPERATOR_STATUS_FILTERS)[number];

/** GET /api/operator/senderids?status=&page=: `status` 0-3 or 'all' (default: all), `page` 1-based. */
export const ZOperatorSenderIdsQuery = ZPageQuery.extend({
  status: z
    .enum(OPERATOR_STATUS_FILTERS, { error: "must be 0, 1, 2, 3 or 'all'" })
    .default('all')
    .transform((v) => (v === 'all' ? null : Number(v))),
});
export type TOperatorSenderIdsQuery = z.output<typeof ZOperatorSenderIdsQuery>;

/** Rows per page of the operator's list. */
export const OPERATOR_PAGE_SIZE = 50;

/**
 * One church's sender ID as the operator sees it: the church (`tenantId`, `churchName`), the
 * mask, its status (0 pending, 1 processing, 2 approved, 3 not approved), when it was requested
 * and last reviewed (ISO timestamps) and the note the church sees.
 */
export const ZOperatorSenderId = z.object({
  id: z.string(),
  tenantId: z.string(),
  churchName: z.string(),
  mask: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type TOperatorSenderId = z.output<typeof ZOperatorSenderId>;

/** The list: one page, oldest request first, and the number of rows matching the filter. */
export const ZOperatorSenderIdPage = ZPaged(ZOperatorSenderId);
export type TOperatorSenderIdPage = z.output<typeof ZOperatorSenderIdPage>;

/** The review's answer: the envelope with the updated row; `response` reads 'Sender ID GRACE is now APPROVED'. */
export const ZReviewSenderIdAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: ZOperatorSenderId,
});
export type TReviewSenderIdAnswer = z.output<typeof ZReviewSenderIdAnswer>;
