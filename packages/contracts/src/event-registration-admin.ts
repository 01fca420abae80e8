import { z } from 'zod';
import { ZId, ZPaged } from './common.ts';

/*
 * The church's side of event registration (issue 12 'Admin'): the list of set-ups that take
 * registration (`/tenant/eventregistration`) and the registrations' xlsx export. Steward's own
 * calls (the spec names no API for them); they need a church session.
 */

/** Rows per page of the registration list. */
export const REGISTRATION_SETUPS_PAGE_SIZE = 20;

/**
 * GET /api/EventRegistration/Setups?page=N[&searchText=] query: `page` 1-based; `searchText`
 * keeps the set-ups whose event name contains it (any case; `%` and `_` literal).
 */
export const ZRegistrationSetupsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  searchText: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type TRegistrationSetupsQuery = z.input<typeof ZRegistrationSetupsQuery>;

/** Registration open, closed by its cut-off time, or with every place taken. */
export const REGISTRATION_STATES = ['open', 'closed', 'full'] as const;

/**
 * One set-up that takes registration (enabled, not deleted):
 * - `eventDate` 'YYYY-MM-DD'; `attendanceCode` the public code (`/event/{code}`), and
 *   `registrationLink` that page's full URL (PUBLIC_URL, else the request's origin);
 * - `placesTaken`: people (wards included) registered or holding a place while paying;
 *   `registeredCount`: registered only; `slot` the places on offer (null = no limit);
 *   `placesLeft` null when there is no limit;
 * - `isPaidFor` with `amount` (decimal, per person) in `currency` (ISO 4217), null when free;
 * - `registrationCutOffTime` ISO instant or null; `status` open / closed (cut-off passed) / full.
 */
export const ZRegistrationSetupRow = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  attendanceCode: z.string(),
  registrationLink: z.string(),
  slot: z.number().int().nullable(),
  placesTaken: z.number().int(),
  registeredCount: z.number().int(),
  placesLeft: z.number().int().nullable(),
  isPaidFor: z.boolean(),
  amount: z.number().nullable(),
  currency: z.string(),
  registrationCutOffTime: z.string().nullable(),
  status: z.enum(REGISTRATION_STATES),
});
export type TRegistrationSetupRow = z.infer<typeof ZRegistrationSetupRow>;

/** The list's answer: `{data, totalItems}`, newest event first. */
export const ZRegistrationSetupList = ZPaged(ZRegistrationSetupRow);
export type TRegistrationSetupList = z.infer<typeof ZRegistrationSetupList>;

/** GET /api/EventRegistration/Export?id= query: the set-up's id. */
export const ZRegistrationExportQuery = z.object({ id: ZId });

/** The fixed columns of the export, before one column per registration question (entity 4). */
export const REGISTRATION_EXPORT_COLUMNS = [
  'Name',
  'Phone',
  'E-mail',
  'Registered By',
  'Status',
  'Paid',
  'Amount',
  'Registered At',
] as const;
