import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { client, signupChurch, type Client } from './helpers.ts';

/*
 * Set-ups for the child check-in tests (issue 11). The church, its event, rooms (groups) and people
 * come through the API; the check-in set-up and the family are inserted with SQL as the migration
 * role (their create calls belong to other parts of issue 11, built at the same time).
 */

export interface DoorChurch {
  tenantId: string;
  token: string;
  api: Client;
  activityId: string;
  setupId: string;
  /** the set-up's rooms: Toddlers, Juniors */
  rooms: { toddlers: string; juniors: string };
  /** a group of the church that is not a room of the set-up */
  otherGroupId: string;
}

/** Today's date in UTC, 'YYYY-MM-DD'. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

async function createGroup(api: Client, name: string): Promise<string> {
  const res = await api.post('/api/CreateGroup', { name });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** Creates an event of today (UTC) through the API; answers its id. */
export async function createEvent(api: Client, category = 'Sunday Service', date = utcToday()): Promise<string> {
  const cat = await api.post(`/api/EventCategory?name=${encodeURIComponent(category)}`);
  expect(cat.statusCode, cat.body).toBe(200);
  const categoryId = (cat.json() as { id: string; name: string }[]).find((c) => c.name === category)!.id;
  const ev = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: categoryId } });
  expect(ev.statusCode, ev.body).toBe(200);
  return (ev.json() as { currentEvent: { id: string } }).currentEvent.id;
}

/** Inserts a check-in set-up of `activityId` with `groupIds` as its rooms; answers its id. */
export async function createSetup(
  database: Database,
  tenantId: string,
  activityId: string,
  groupIds: string[],
  extra: { cutOff?: Date; deleted?: boolean } = {},
): Promise<string> {
  const code = `C${randomUUID().replace(/-/g, '').slice(0, 11).toUpperCase()}`;
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into checkin_attendances (tenant_id, attendance_code, activity_id, check_in_cut_off_time, deleted_at)
        values (${tenantId}, ${code}, ${activityId}, ${extra.cutOff ?? null}, ${extra.deleted ? new Date() : null})
        returning id`,
  );
  for (const g of groupIds)
    await queryRows(
      database.db,
      sql`insert into checkin_attendance_groups (tenant_id, checkin_attendance_id, group_id)
          values (${tenantId}, ${row!.id}, ${g})`,
    );
  return row!.id;
}

/** A church signed up through the API with today's event, two rooms and a set-up of them. */
export async function doorChurch(app: BuiltApp, database: Database): Promise<DoorChurch> {
  const c = await signupChurch(app);
  const api = client(app, c.token);
  const activityId = await createEvent(api);
  const toddlers = await createGroup(api, 'Toddlers');
  const juniors = await createGroup(api, 'Juniors');
  const otherGroupId = await createGroup(api, 'Choir');
  const setupId = await createSetup(database, c.tenantId, activityId, [toddlers, juniors]);
  return { tenantId: c.tenantId, token: c.token, api, activityId, setupId, rooms: { toddlers, juniors }, otherGroupId };
}

/** Creates a member through the API; answers the id. */
export async function createPerson(
  api: Client,
  firstName: string,
  lastName: string,
  extra: { mobilePhone?: string; email?: string } = {},
): Promise<string> {
  const res = await api.post('/api/People/CreateMember', { firstName, lastName, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

export interface Family {
  familyId: string;
  fatherId: string;
  motherId: string;
  guardianId: string;
  /** the children (role 3 son, 4 daughter) */
  children: { ada: string; tobi: string };
  /** an adult relative (role 7): not a guardian */
  uncleId: string;
  phone: string;
}

let phoneCounter = 0;

/**
 * A family of the church: father (with the mobile phone the search finds), mother, a guardian, an
 * uncle (role 7) and two children (Ada, daughter, with care notes; Tobi, son). People through the
 * API, the family with SQL. `phone` defaults to a fresh Nigerian number.
 */
export async function createFamily(
  church: DoorChurch,
  database: Database,
  name = 'Obi',
  phone = `+23480${String(30_000_000 + (++phoneCounter % 1_000_000) * 7 + Math.floor(Math.random() * 7)).padStart(8, '0')}`,
): Promise<Family> {
  const { api, tenantId } = church;
  const fatherId = await createPerson(api, 'Emeka', name, { mobilePhone: phone });
  const motherId = await createPerson(api, 'Ngozi', name, { email: `ngozi.${randomUUID().slice(0, 8)}@test.example` });
  const guardianId = await createPerson(api, 'Grace', 'Eze');
  const uncleId = await createPerson(api, 'Chidi', name);
  const ada = await createPerson(api, 'Ada', name);
  const tobi = await createPerson(api, 'Tobi', name);
  await queryRows(
    database.db,
    sql`update people set care_notes = 'Peanut allergy' where tenant_id = ${tenantId} and id = ${ada}`,
  );
  const [f] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into families (tenant_id, family_name, father_id, mother_id, home_phone)
        values (${tenantId}, ${`${name} Family`}, ${fatherId}, ${motherId}, '01-555-0100') returning id`,
  );
  const familyId = f!.id;
  // the mother is a member row too; the father only through father_id (both forms exist)
  for (const [personId, role] of [
    [motherId, 2],
    [guardianId, 6],
    [uncleId, 7],
    [ada, 4],
    [tobi, 3],
  ] as const)
    await queryRows(
      database.db,
      sql`insert into family_members (tenant_id, family_id, person_id, family_role)
          values (${tenantId}, ${familyId}, ${personId}, ${role})`,
    );
  return { familyId, fatherId, motherId, guardianId, uncleId, children: { ada, tobi }, phone };
}
