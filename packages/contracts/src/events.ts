import { z } from 'zod';
import { ZDate, ZEnvelope, ZId } from './common.ts';

/**
 * GET /api/Events/EventActivity item (existing-client-api §2.2 `[{activityID, name, date}]`):
 * the event's id as `activityID` (what an offering row sends back), its name and its date
 * ('YYYY-MM-DD').
 */
export const ZEventActivity = z.object({ activityID: z.uuid(), name: z.string(), date: z.string() });
export type TEventActivity = z.infer<typeof ZEventActivity>;

/** The event CreateActivity answers: an EventActivity item that also carries `id` (= activityID). */
export const ZCurrentEvent = ZEventActivity.extend({ id: z.uuid() });
export type TCurrentEvent = z.infer<typeof ZCurrentEvent>;

/** GET /api/EventCategory item. */
export const ZEventCategory = z.object({ id: z.uuid(), name: z.string() });
export type TEventCategory = z.infer<typeof ZEventCategory>;

/** POST /api/EventCategory?name= query. */
export const ZEventCategoryCreateQuery = z.object({
  name: z
    .string({ error: 'Enter a name for the event category' })
    .trim()
    .min(1, 'Enter a name for the event category')
    .max(120, 'Use at most 120 characters for the event category'),
});

/** POST /api/Events/CreateActivity body (spec §3 "New event payload"). */
export const ZCreateActivityRequest = z.object({
  activity: z.object({ date: ZDate, eventCategoryId: ZId }),
});
export type TCreateActivityRequest = z.input<typeof ZCreateActivityRequest>;

/**
 * POST /api/Events/CreateActivity answer: the envelope, with the new event both in
 * `returnObject.currentEvent` and at the top level as `currentEvent` (the existing client reads
 * `data.currentEvent.{id,name}`; existing-client-api §2.2).
 */
export const ZCreateActivityResponse = ZEnvelope(z.object({ currentEvent: ZCurrentEvent })).extend({
  currentEvent: ZCurrentEvent,
});
