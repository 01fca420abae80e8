import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signupChurch, startHarness, type Harness } from './helpers.ts';
import { queryRows } from '../src/db/client.ts';

/**
 * The dashboard's first-timers (existing-client-api §1.4; issue 7): people carry no first-timer
 * mark, so a first-timer is a person whose first attendance (the earliest event they were
 * checked in to) falls in the current UTC year. /dashboard/basic's firstTimerCount is this
 * year's total, /dashboard/attendance's firstTimerSummary counts them by the week and month of
 * that first attendance.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function churchWithAttendance() {
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  const people: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await api.post('/api/People/CreateMember', { firstName: `Visitor${i}`, lastName: 'Test' });
    expect(res.statusCode, res.body).toBe(200);
    people.push((res.json() as { returnObject: { id: string } }).returnObject.id);
  }
  const cat = await api.post('/api/EventCategory?name=Sunday%20Service');
  const categoryId = (cat.json() as { id: string; name: string }[]).find((x) => x.name === 'Sunday Service')!.id;
  // attendance is written at check-in (a later issue writes it through the API): rows as it will write them
  const checkIn = async (date: string, who: string[]) => {
    const act = await api.post('/api/Events/CreateActivity', { activity: { eventCategoryId: categoryId, date } });
    expect(act.statusCode, act.body).toBe(200);
    const activityId = (act.json() as { currentEvent: { id: string } }).currentEvent.id;
    const [row] = await queryRows<{ id: string }>(
      h.database.db,
      sql`insert into checkin_attendances (tenant_id, attendance_code, activity_id)
          values (${c.tenantId}, ${`F${crypto.randomUUID().slice(0, 8)}`}, ${activityId}) returning id`,
    );
    for (const p of who)
      await h.database.db.execute(
        sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id)
            values (${c.tenantId}, ${row!.id}, ${p})`,
      );
  };
  /** A GET as the existing client sends it (it accepts JSON: root paths answer JSON, not the web app). */
  const getJson = (url: string) =>
    h.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json, text/plain, */*', authorization: `Bearer ${c.token}` },
    });
  return { ...c, api, people, checkIn, getJson };
}

describe('first-timers on the dashboard', () => {
  it('counts the people whose first attendance is this year, by the week and month of that attendance', async () => {
    const year = new Date().getUTCFullYear();
    const c = await churchWithAttendance();
    const [old, jan, march, december] = c.people as [string, string, string, string];
    await c.checkIn(`${year - 1}-06-07`, [old]); // first came last year: not this year's first-timer
    await c.checkIn(`${year}-01-04`, [old, jan]); // jan's first visit: week 1, January
    await c.checkIn(`${year}-01-11`, [old, jan]); // a second visit counts nothing more
    await c.checkIn(`${year}-03-15`, [march]); // day 74: week 11, March
    await c.checkIn(`${year}-12-31`, [december, jan]); // day 365/366: week 52, December

    const basic = await c.getJson('/dashboard/basic');
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json().returnObject).toMatchObject({ memberCount: 4, firstTimerCount: 3 });

    const res = await c.getJson('/dashboard/attendance');
    expect(res.statusCode, res.body).toBe(200);
    const ft = res.json().returnObject.firstTimerSummary;
    const weekly = Array<number>(52).fill(0);
    weekly[0] = 1;
    weekly[10] = 1;
    weekly[51] = 1;
    const monthly = Array<number>(12).fill(0);
    monthly[0] = 1;
    monthly[2] = 1;
    monthly[11] = 1;
    expect(ft.firstTimerWeekly).toEqual([{ name: 'First Timers', data: weekly }]);
    expect(ft.firstTimerMonthly).toEqual([{ name: 'First Timers', data: monthly }]);
  });

  it('counts nobody for a church whose people never attended, and only its own people', async () => {
    const mine = await churchWithAttendance();
    const other = await churchWithAttendance();
    await other.checkIn(`${new Date().getUTCFullYear()}-02-01`, other.people);
    const basic = (await mine.getJson('/dashboard/basic')).json().returnObject;
    expect(basic.firstTimerCount).toBe(0);
    const theirs = (await other.getJson('/dashboard/basic')).json().returnObject;
    expect(theirs.firstTimerCount).toBe(4);
    const ft = (await mine.getJson('/dashboard/attendance')).json().returnObject.firstTimerSummary;
    expect(ft.firstTimerMonthly[0].data).toEqual(Array(12).fill(0));
  });
});
