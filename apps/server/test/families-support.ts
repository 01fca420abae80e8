import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Database } from '../src/db/client.ts';
import type { Client } from './helpers.ts';

/*
 * Fixtures of the family and family-portal tests: people, events and groups through the API;
 * check-in set-ups as rows (their own calls are another part of issue 11 and are tested there).
 */

/** A person of the church through POST /api/People/CreateMember; answers its id. */
export async function createPerson(api: Client, firstName: string, lastName = '', extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/People/CreateMember', { firstName, lastName, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

/** An event on `date` ('YYYY-MM-DD') through the category and CreateActivity calls; answers its id. */
export async function createEvent(api: Client, date: string, name = `Service ${randomBytes(3).toString('hex')}`) {
  const cat = await api.post(`/api/EventCategory?name=${encodeURIComponent(name)}`);
  expect(cat.statusCode, cat.body).toBe(200);
  const category = (cat.json() as { id: string; name: string }[]).find((c) => c.name === name)!;
  const res = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: category.id } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { currentEvent: { id: string } } }).returnObject.currentEvent.id;
}

/** A group through POST /api/CreateGroup; answers its id. */
export async function createGroup(api: Client, name: string) {
  const res = await api.post('/api/CreateGroup', { name, description: '' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** A check-in set-up of `activityId` with `groupIds` (rows, as the set-up calls write them); answers its id. */
export async function createSetup(
  database: Database,
  tenantId: string,
  activityId: string,
  groupIds: string[],
  opts: { deleted?: boolean; registrationCutOff?: Date; bannerUrl?: string } = {},
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into checkin_attendances (tenant_id, attendance_code, activity_id, banner_url, deleted_at,
          registration_cut_off_time)
        values (${tenantId}, ${randomBytes(6).toString('hex')}, ${activityId}, ${opts.bannerUrl ?? null},
          ${opts.deleted ? sql`now()` : sql`null`}, ${opts.registrationCutOff ?? null})
        returning id`,
  );
  for (const g of groupIds)
    await database.db.execute(
      sql`insert into checkin_attendance_groups (tenant_id, checkin_attendance_id, group_id)
          values (${tenantId}, ${row!.id}, ${g})`,
    );
  return row!.id;
}

/** The UTC date `days` from today, 'YYYY-MM-DD'. */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The date in time zone `zone` `days` from today, 'YYYY-MM-DD' (the family portal's "today" is
 * the church's; a test church is in Nigeria, Africa/Lagos).
 */
export function zoneDate(days = 0, zone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Rows of a table of a tenant matching a condition, as the migration role. */
export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

/** A multipart body as the browser's FormData sends it. */
export async function multipart(fields: Record<string, Blob | string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v, ...(typeof v === 'string' ? [] : ['picture']));
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}
