import {
  ZOperatorMe,
  ZOperatorSenderIdPage,
  ZReviewSenderIdAnswer,
  type TOperatorLoginRequest,
  type TOperatorMe,
  type TOperatorSenderId,
  type TOperatorSenderIdPage,
  type TOperatorStatusFilter,
  type TReviewSenderIdAnswer,
} from '@steward/contracts/operator';
import { request, send } from './http.ts';

/*
 * The platform operator's calls (issue 9 'Sender IDs'; server: modules/operators). The operator
 * cookie is sent by the browser under /api/operator only. Every call allows a 401: the church's
 * sign-out handler must not run for an operator; the operator pages send a 401 to
 * /operator/signin themselves.
 */

/** TanStack Query keys of the operator pages. */
export const operatorKeys = {
  all: ['operator'] as const,
  me: () => [...operatorKeys.all, 'me'] as const,
  senderIds: () => [...operatorKeys.all, 'sender-ids'] as const,
  senderIdPage: (status: TOperatorStatusFilter, page: number) => [...operatorKeys.senderIds(), status, page] as const,
};

/** POST /api/operator/login `{email, password}`: sets the operator cookie; answers `{email}`. */
export function operatorLogin(body: TOperatorLoginRequest): Promise<TOperatorMe> {
  return request('/api/operator/login', ZOperatorMe, { method: 'POST', body, allowUnauthorized: true });
}

/** POST /api/operator/logout: revokes the session and clears the cookie (204). */
export async function operatorLogout(): Promise<void> {
  await send('/api/operator/logout', { method: 'POST', allowUnauthorized: true });
}

/** GET /api/operator/me: the signed-in operator (401 when none). */
export function getOperatorMe(): Promise<TOperatorMe> {
  return request('/api/operator/me', ZOperatorMe, { allowUnauthorized: true });
}

/**
 * GET /api/operator/senderids?status=&page=: one page (50 rows, oldest request first) of the
 * sender IDs of every church with status `status` (0-3, or 'all').
 */
export function getOperatorSenderIds(status: TOperatorStatusFilter, page: number): Promise<TOperatorSenderIdPage> {
  return request('/api/operator/senderids', ZOperatorSenderIdPage, {
    query: { status, page },
    allowUnauthorized: true,
  });
}

/**
 * PUT /api/operator/senderids/{tenantId}/{id} `{status, note}`: 1 processing, 2 approved,
 * 3 not approved, with the note the church sees (null: none). Answers the envelope with the row.
 */
export function reviewSenderId(
  row: Pick<TOperatorSenderId, 'tenantId' | 'id'>,
  status: 1 | 2 | 3,
  note: string | null,
): Promise<TReviewSenderIdAnswer> {
  return request(
    `/api/operator/senderids/${encodeURIComponent(row.tenantId)}/${encodeURIComponent(row.id)}`,
    ZReviewSenderIdAnswer,
    { method: 'PUT', body: { status, note }, allowUnauthorized: true },
  );
}
