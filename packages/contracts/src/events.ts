import { z } from 'zod';
import { ZDate, ZEnvelope, ZId } from './common.ts';

/** GET /api/Events/EventActivity item. */
export const ZEventActivity = z.object({ id: z.uuid(), name: z.string(), activityDate: z.string() });
export type TEventActivity = z.infer<typeof ZEventActivity>;

/** GET /api/EventCategory item. */
export const ZEventCategory = z.object({ id: z.uuid(), name: z.string() });
export type TEventCategory = z.infer<typeof ZEventCategory>;

/** POST /api/EventCategory?name= query. */
export const ZEventCategoryCreateQuery = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
});

/** POST /api/Events/CreateActivity body (spec §3 "New event payload"). */
export const ZCreateActivityRequest = z.object({
  activity: z.object({ date: ZDate, eventCategoryId: ZId }),
});
export type TCreateActivityRequest = z.input<typeof ZCreateActivityRequest>;

export const ZCreateActivityResponse = ZEnvelope(z.object({ currentEvent: ZEventActivity }));
