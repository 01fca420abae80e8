import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signupChurch, startHarness, type Harness } from './helpers.ts';
import { createEvent, createGroup, createSetup, insertPerson } from './attendance-public-checkin-support.ts';

/**
 * The existing client's phone search names the set-up by its id, not its code
 * (existing-client-api §4.2: `searchmemberbyphone?searchtext=…&&checkinId=${eventData.id}`, the
 * `id` of WebCheckInGetEventDetails). The church is found from the id through the narrow lookup
 * attendance_id_tenant(uuid) (a migration beside 0019's attendance_code_tenant).
 */
let h: Harness;
let setup: { id: string; code: string };
let person = '';

beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  const g = await createGroup(api, 'Choir');
  setup = await createSetup(h.database, c.tenantId, {
    activityId: await createEvent(api, 'Sunday Service', '2026-05-03'),
    groupIds: [g],
  });
  person = await insertPerson(h.database, c.tenantId, { firstName: 'Tayo', lastName: 'Ade', phone: '08041230000' });
});
afterAll(async () => h?.close());

describe('the set-up named by its id', () => {
  it('finds the event and searches with the id the event answer gave', async () => {
    const event = await h.app.inject({ url: `/api/publiccontent/WebCheckInGetEventDetails?checkinId=${setup.code}` });
    expect(event.statusCode).toBe(200);
    const { id } = event.json() as { id: string };
    expect(id).toBe(setup.id);
    const res = await h.app.inject({ url: `/searchmemberbyphone?searchtext=08041230000&&checkinId=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ personId: person, name: 'Ta** A**' });
    const byId = await h.app.inject({ url: `/api/publiccontent/WebCheckInGetEventDetails?checkinId=${setup.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().attendanceCode).toBe(setup.code);
  });

  it('answers 404 for an id of nothing', async () => {
    const res = await h.app.inject({
      url: '/searchmemberbyphone?searchtext=08041230000&&checkinId=5b0a7a39-1e29-4c4e-9d59-3f8d2f0b7c11',
    });
    expect(res.statusCode).toBe(404);
  });
});
