import {
  ZChildCheckinEvent,
  ZChildCheckinFamily,
  ZChildCheckinLabels,
  ZChildCheckinResponse,
  ZChildCheckoutLookupResponse,
  ZChildCheckoutResponse,
  type TChildCheckinRequest,
  type TChildCheckoutRequest,
} from '@steward/contracts/child-checkin';
import { z } from 'zod';
import { request } from './http.ts';

/*
 * Child check-in at the door (issue 11): the kiosk / volunteer screen's calls under
 * /api/ChildCheckin, one typed function each, every answer checked against
 * packages/contracts/src/child-checkin.ts.
 */

/** TanStack Query keys of the child check-in screens; a check-in or check-out invalidates `all`. */
export const childCheckinKeys = {
  all: ['child-checkin'] as const,
  events: (date: string) => [...childCheckinKeys.all, 'events', date] as const,
  families: (search: string, setupId: string | null) => [...childCheckinKeys.all, 'families', search, setupId] as const,
  labels: (childCheckinId: string) => [...childCheckinKeys.all, 'labels', childCheckinId] as const,
};

/** GET /api/ChildCheckin/events?date=: open set-ups with rooms, those on `date` (the kiosk's 'YYYY-MM-DD') first. */
export function getCheckinEvents(date: string) {
  return request('/api/ChildCheckin/events', z.array(ZChildCheckinEvent), { query: { date } });
}

/** GET /api/ChildCheckin/families?search=&checkInAttendanceId=: families by phone or name, with each member's status. */
export function findCheckinFamilies(search: string, checkInAttendanceId: string | null) {
  return request('/api/ChildCheckin/families', z.array(ZChildCheckinFamily), {
    query: { search, checkInAttendanceId },
  });
}

/** POST /api/ChildCheckin/checkin: checks the children in under one new code; answers the labels. */
export function checkInChildren(body: TChildCheckinRequest) {
  return request('/api/ChildCheckin/checkin', ZChildCheckinResponse, { method: 'POST', body });
}

/** GET /api/ChildCheckin/labels?childCheckinId=: a check-in's labels (reprint). */
export function getCheckinLabels(childCheckinId: string) {
  return request('/api/ChildCheckin/labels', ZChildCheckinLabels, { query: { childCheckinId } });
}

/** POST /api/ChildCheckin/lookup: the check-in a security code matches (a wrong code: HttpError 400 with the message). */
export function lookupSecurityCode(code: string, checkInAttendanceId: string | null) {
  return request('/api/ChildCheckin/lookup', ZChildCheckoutLookupResponse, {
    method: 'POST',
    body: { code, checkInAttendanceId },
  });
}

/** POST /api/ChildCheckin/checkout: releases children with the code (a wrong code: HttpError 400 with the message). */
export function checkOutChildren(body: TChildCheckoutRequest) {
  return request('/api/ChildCheckin/checkout', ZChildCheckoutResponse, { method: 'POST', body });
}
