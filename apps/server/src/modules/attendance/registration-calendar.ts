import { createEvent } from 'ics';
import { withTenant, type Db } from '../../db/client.ts';
import { regSetupOf, tenantOfRegistration } from './registration-service.ts';

/*
 * Add to Calendar (spec 2.12 'An Add to Calendar block shows while registration is open'; issue
 * 12: 'Add to Calendar as an .ics file (a maintained library)'): the event as an iCalendar file
 * made with the `ics` package.
 */

/** An .ics file: its name and text. */
export interface CalendarFile {
  fileName: string;
  text: string;
}

/**
 * The event of the registration `key` (public code or id) as an iCalendar file: a whole-day
 * event on the event's date (the set-up holds a day, not a time), titled with the event's name,
 * organised by the church, with the registration page's URL (`{origin}/event/{code}`) and the
 * event's details. Throws 404 for an unknown or deleted set-up; 500 only if the library refuses.
 */
export async function registrationCalendar(db: Db, key: string, origin: string): Promise<CalendarFile> {
  const tenantId = await tenantOfRegistration(db, key);
  const s = await withTenant(db, tenantId, (tx) => regSetupOf({ tx, tenantId }, key));
  const [y, m, d] = s.eventDate.split('-').map(Number) as [number, number, number];
  const url = `${origin.replace(/\/+$/, '')}/event/${encodeURIComponent(s.attendanceCode)}`;
  const { error, value } = createEvent({
    uid: `${s.id}@steward`,
    productId: 'steward/registration',
    title: s.eventName,
    start: [y, m, d],
    duration: { days: 1 },
    description: [s.details?.trim(), `Registration: ${url}`].filter(Boolean).join('\n\n'),
    url,
    organizer: { name: s.churchName },
    location: s.churchName,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    calName: s.churchName,
  });
  if (error || !value) throw new Error(`the calendar file could not be made: ${error?.message ?? 'empty'}`);
  const slug =
    s.eventName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event';
  return { fileName: `${slug}.ics`, text: value };
}
