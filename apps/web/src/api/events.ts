import {
  ZCreateActivityResponse,
  ZEventActivity,
  ZEventCategory,
  type TCreateActivityRequest,
} from '@steward/contracts/events';
import { z } from 'zod';
import { request } from './http.ts';

/** GET /api/Events/EventActivity: `[{activityID, name, date}]`, newest first. */
export function getEventActivities() {
  return request('/api/Events/EventActivity', z.array(ZEventActivity));
}

/** GET /api/EventCategory */
export function getEventCategories() {
  return request('/api/EventCategory', z.array(ZEventCategory));
}

/** POST /api/EventCategory?name=: answers the updated category list. */
export function createEventCategory(name: string) {
  return request('/api/EventCategory', z.array(ZEventCategory), { method: 'POST', query: { name } });
}

/** POST /api/Events/CreateActivity: answers `currentEvent` (also in `returnObject`). */
export function createEventActivity(body: TCreateActivityRequest) {
  return request('/api/Events/CreateActivity', ZCreateActivityResponse, { method: 'POST', body });
}
