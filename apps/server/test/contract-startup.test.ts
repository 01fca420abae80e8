import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';

/**
 * Issue 7: the existing web client works against Steward. One test per call of sections 0 and 1
 * of spec/existing-client-api.md (transport, start-up and session, dashboard): the client's exact
 * request (path casing, body, quoted bearer token where it sends one) and every field it reads,
 * with the values the church's data gives.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** The client's axios: JSON content type on every request, `Authorization: Bearer <token>`. */
function vueClient(token: string | null, quoted = false) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/plain, */*',
    ...(token ? { authorization: `Bearer ${quoted ? JSON.stringify(token) : token}` } : {}),
  };
  return {
    get: (url: string) => h.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: unknown) =>
      h.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) }),
  };
}

/** Signs in as the client does (§1.1) and answers the body. */
async function clientLogin(email: string, password: string) {
  const res = await vueClient(null).post('/login', { userName: email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { token: string };
}

async function addMember(api: Client, body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/api/People/CreateMember', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

const utcToday = () => {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
};

describe('§0 transport', () => {
  it('GET /meta.json?<ts> answers {version}, the version of package.json, without a session', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const res = await vueClient(null).get(`/meta.json?${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ version: pkg.version });
  });

  it('accepts `Authorization: Bearer "<token>"` (the token JSON-quoted, as giver sign-in stores it)', async () => {
    const c = await signupChurch(h.app);
    const res = await vueClient(c.token, true).get('/api/Membership/GetCurrentSignedInUser');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tenantId).toBe(c.tenantId);
    // quotes around a made-up token do not make it valid
    const made = await vueClient('made-up-token', true).get('/api/Membership/GetCurrentSignedInUser');
    expect(made.statusCode).toBe(401);
  });

  it('answers a GET that carries `Content-Type: application/json` and no body', async () => {
    const c = await signupChurch(h.app);
    const res = await vueClient(c.token).get('/api/LookUp/GetAllLookUps');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('§1.1 POST /login', () => {
  it('answers token, expiryTime, roles (an admin role), subStatus, isVerified and churchSize', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    for (const firstName of ['Ada', 'Bola', 'Chike']) await addMember(api, { firstName, lastName: 'Member' });
    const body = await clientLogin(c.email, c.password);
    expect(body.token.length).toBeGreaterThan(30); // the client's router guard wants > 30
    expect(new Date(String(body.expiryTime)).getTime()).toBeGreaterThan(Date.now());
    expect((body.roles as string[]).some((r) => r.toLowerCase() === 'admin')).toBe(true);
    expect(body.subStatus).toBe('Active');
    expect(String(body.subStatus).toLowerCase()).not.toBe('expired');
    expect(body.isVerified).toBe(true);
    expect(body.churchSize).toBe(3);
    // the token works as the client sends it
    const me = await vueClient(body.token).get('/api/Membership/GetCurrentSignedInUser');
    expect(me.statusCode).toBe(200);
  });

  it('answers churchSize 1 for a church with no members yet, so the admin goes to /tenant, not /next', async () => {
    const c = await signupChurch(h.app);
    expect(await countRows(h.database, 'people', c.tenantId)).toBe(0);
    const body = await clientLogin(c.email, c.password);
    expect(body.churchSize).toBe(1);
  });

  it('keeps 401 {message} for a wrong password', async () => {
    const c = await signupChurch(h.app);
    const res = await vueClient(null).post('/login', { userName: c.email, password: 'wrong password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect e-mail or password' });
  });
});

describe('§1.2 GET /api/Membership/GetCurrentSignedInUser', () => {
  it('answers every field the client reads', async () => {
    const c = await signupChurch(h.app, { churchName: 'Living Waters Parish', currency: 'GHS', countryCode: 'GH' });
    const api = client(h.app, c.token);
    await addMember(api, { firstName: 'Kofi', lastName: 'Mensah' });
    await addMember(api, { firstName: 'Ama', lastName: 'Owusu' });
    const res = await vueClient(c.token).get('/api/Membership/GetCurrentSignedInUser');
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      tenantId: c.tenantId,
      churchName: 'Living Waters Parish',
      isoCode: 'GH',
      country: 'Ghana',
      currency: 'GHS',
      currencySymbol: 'GH₵',
      email: c.email,
      userEmail: c.email,
      smsBalance: 0,
      subStatus: 'Active',
      subscriptionName: 'Steward',
      churchSize: 2,
      subscribedChurchSize: 2_147_483_647,
    });
    expect(['free plan', 'starter plan']).not.toContain(me.subscriptionName.toLowerCase());
    // the member-cap banner shows when churchSize >= subscribedChurchSize
    expect(me.churchSize).toBeLessThan(me.subscribedChurchSize);
  });

  it('answers 401 without a session (the client then clears its token)', async () => {
    const res = await vueClient(null).get('/api/Membership/GetCurrentSignedInUser');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in' });
  });
});

describe('§1.3 setupService.setup()', () => {
  let api: ReturnType<typeof vueClient>;
  beforeAll(async () => {
    const c = await signupChurch(h.app);
    api = vueClient((await clientLogin(c.email, c.password)).token);
  });

  it('GET /api/Messaging/getAllSentSms?page=1 answers {data, totalItems}: none sent', async () => {
    const res = await api.get('/api/Messaging/getAllSentSms?page=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], totalItems: 0 });
  });

  it('lists the e-mails the church sent, newest first, with their progress', async () => {
    const sent = await api.post('/api/Messaging/sendEmail', {
      ispersonalized: false,
      contacts: [{ email: 'member@example.org' }],
      subject: 'Welcome',
      message: '<p>Hello</p>',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await api.get('/api/Messaging/getAllSentEmails?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(1);
    expect(body.data[0]).toMatchObject({
      recipient: 'member@example.org',
      subject: 'Welcome',
      message: '<p>Hello</p>',
    });
    expect(body.data[0].recipientCount).toBe(1);
    expect((await api.get('/api/Messaging/getAllSentSms?page=1')).json()).toEqual({ data: [], totalItems: 0 });
  });

  it('GET /api/Messaging/getAllSentEmails?page=1 answers {data, totalItems} for a church that sent none', async () => {
    const c = await signupChurch(h.app);
    const res = await vueClient(c.token).get('/api/Messaging/getAllSentEmails?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], totalItems: 0 });
  });

  it('GET /api/Messaging/GetAllSmsReplies?page=1 answers a bare array', async () => {
    const res = await api.get('/api/Messaging/GetAllSmsReplies?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/Messaging/getEmailDrafts answers a bare array', async () => {
    const res = await api.get('/api/Messaging/getEmailDrafts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/Messaging/getSMSDrafts answers a bare array', async () => {
    const res = await api.get('/api/Messaging/getSMSDrafts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/LookUp/GetAllLookUps answers [{type, lookUps:[{id,value}]}] with the four types', async () => {
    const res = await api.get('/api/LookUp/GetAllLookUps');
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { type: string; lookUps: { id: number; value: string }[] }[];
    for (const type of ['gender', 'maritalstatus', 'outcome', 'activitytype']) {
      const group = groups.find((g) => g.type.toLowerCase() === type);
      expect(group, type).toBeDefined();
      expect(group!.lookUps.length, type).toBeGreaterThan(0);
      for (const l of group!.lookUps) {
        expect(Number.isInteger(l.id)).toBe(true);
        expect(l.value.length).toBeGreaterThan(0);
      }
    }
    // EventRegistration and FormMember look for these exact spellings (§7(b)8)
    expect(groups.find((g) => g.type === 'Gender')?.lookUps).toEqual([
      { id: 1, value: 'Male' },
      { id: 2, value: 'Female' },
    ]);
    expect(groups.find((g) => g.type === 'MaritalStatus')?.lookUps.map((l) => l.value)).toContain('Married');
  });

  it('GET /api/Settings/GetTenantPeopleClassification answers a bare array (none recorded yet)', async () => {
    const res = await api.get('/api/Settings/GetTenantPeopleClassification');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/membership/howyouheardaboutus answers a bare [{id, name}]', async () => {
    const res = await api.get('/api/membership/howyouheardaboutus');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((i) => i.name)).toContain('Social media');
    expect(new Set(list.map((i) => i.id)).size).toBe(list.length);
  });

  it('GET api/People/GetmembersBasicInfo?page=1 answers {data, totalItems} of the church members', async () => {
    const c = await signupChurch(h.app);
    const own = client(h.app, c.token);
    await addMember(own, { firstName: 'Zainab', lastName: 'Bello', mobilePhone: '08030000009' });
    await addMember(own, { firstName: 'Abel', lastName: 'Okoro', email: 'abel@example.org', genderId: 1 });
    const res = await vueClient(c.token).get('/api/People/GetmembersBasicInfo?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(2);
    expect(body.data.map((m: { name: string }) => m.name)).toEqual(['Abel Okoro', 'Zainab Bello']);
    expect(body.data[0]).toMatchObject({ firstName: 'Abel', email: 'abel@example.org', genderId: 1 });
    expect(body.data[1]).toMatchObject({ mobilePhone: '08030000009' });
    expect((await vueClient(c.token).get('/api/People/GetmembersBasicInfo?page=2')).json()).toEqual({
      data: [],
      totalItems: 2,
    });
  });

  it('GET /api/Financials/Contributions/Transactions?page=1 answers {data, totalItems} (the client keeps data.data)', async () => {
    const res = await api.get('/api/Financials/Contributions/Transactions?page=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [], totalItems: 0 });
  });

  it('every start-up call answers 401 without a session', async () => {
    const anon = vueClient(null);
    for (const url of [
      '/api/Messaging/getAllSentSms?page=1',
      '/api/Messaging/GetAllSmsReplies?page=1',
      '/api/Messaging/getAllSentEmails?page=1',
      '/api/Messaging/getEmailDrafts',
      '/api/Messaging/getSMSDrafts',
      '/api/Settings/GetTenantPeopleClassification',
      '/api/People/GetmembersBasicInfo?page=1',
    ]) {
      expect((await anon.get(url)).statusCode, url).toBe(401);
    }
  });
});

describe('§1.4 layout and dashboard', () => {
  it('GET /GetChurchProfileById?tenantId= answers returnObject.{logo, pastorName} and the name', async () => {
    const c = await signupChurch(h.app, { churchName: 'Christ Embassy Ikeja' });
    const res = await vueClient(c.token).get(`/GetChurchProfileById?tenantId=${c.tenantId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.returnObject).toMatchObject({
      id: c.tenantId,
      name: 'Christ Embassy Ikeja',
      churchName: 'Christ Embassy Ikeja',
      logo: null,
      pastorName: '',
    });
  });

  it("GET /GetChurchProfileById answers 404 for another church's id, 400 for a malformed one, 401 without a session", async () => {
    const a = await signupChurch(h.app, { churchName: 'Church Alpha Hidden' });
    const b = await signupChurch(h.app);
    const res = await vueClient(b.token).get(`/GetChurchProfileById?tenantId=${a.tenantId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Church Alpha Hidden');
    expect((await vueClient(b.token).get('/GetChurchProfileById?tenantId=undefined')).statusCode).toBe(400);
    expect((await vueClient(null).get(`/GetChurchProfileById?tenantId=${a.tenantId}`)).statusCode).toBe(401);
  });

  it('GET /dashboard/basic answers memberCount (the members created), firstTimerCount, smsUnit and the has* flags', async () => {
    const c = await signupChurch(h.app);
    const other = await signupChurch(h.app);
    const api = client(h.app, c.token);
    for (let i = 0; i < 4; i++) await addMember(api, { firstName: `Member${i}` });
    await addMember(client(h.app, other.token), { firstName: 'Elsewhere' });
    const res = await vueClient(c.token).get('/dashboard/basic');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toEqual({
      memberCount: 4,
      firstTimerCount: 0,
      smsUnit: 0,
      hasMobileApp: false,
      hasOnlineGiving: false,
      hasWebsite: false,
    });
    // online giving is set up once the church has an active payment form
    await h.database.db.execute(sql`insert into payment_forms (tenant_id, name) values (${c.tenantId}, 'Tithes')`);
    expect((await vueClient(c.token).get('/dashboard/basic')).json().returnObject.hasOnlineGiving).toBe(true);
  });

  it('GET /dashboard/basic answers 401 without a session (the client logs out)', async () => {
    const res = await vueClient(null).get('/dashboard/basic');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in' });
  });

  it("GET /dashboard/celebrations answers returnObject.celebrations[]: this month's birthdays and anniversaries", async () => {
    const { year, month, day } = utcToday();
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const nextMonth = (month % 12) + 1;
    await addMember(api, {
      firstName: 'Tolu',
      lastName: 'Ade',
      mobilePhone: '08035550000',
      email: 'tolu@example.org',
      dayOfBirth: day,
      monthOfBirth: month,
    });
    await addMember(api, { firstName: 'Bisi', lastName: 'Ola', dayOfWedding: 1, monthOfWedding: month });
    await addMember(api, { firstName: 'Later', lastName: 'Person', dayOfBirth: 1, monthOfBirth: nextMonth });
    await addMember(api, { firstName: 'No', lastName: 'Birthday' });
    const other = await signupChurch(h.app);
    await addMember(client(h.app, other.token), { firstName: 'Other', dayOfBirth: day, monthOfBirth: month });

    const res = await vueClient(c.token).get('/dashboard/celebrations');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().returnObject.celebrations as {
      name: string;
      date: string;
      dayOfCelebration: string;
      celebration: string;
      phone: string;
    }[];
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(list.map((x) => x.name).sort()).toEqual(['Bisi Ola', 'Tolu Ade']);
    const tolu = list.find((x) => x.name === 'Tolu Ade')!;
    expect(tolu).toMatchObject({
      date: `${year}-${pad(month)}-${pad(day)}`,
      dayOfCelebration: 'Today',
      celebration: 'Birthday',
      phone: '08035550000',
      email: 'tolu@example.org',
    });
    expect(tolu.dayOfCelebration.toLowerCase()).toContain('today');
    const bisi = list.find((x) => x.name === 'Bisi Ola')!;
    expect(bisi).toMatchObject({ date: `${year}-${pad(month)}-01`, celebration: 'Wedding Anniversary', phone: '' });
    expect(new Date(bisi.date).getTime()).not.toBeNaN();
  });

  it('GET /dashboard/attendance answers the weekly and monthly Attendance series and the first-timer summary', async () => {
    const { year } = utcToday();
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const people: string[] = [];
    for (let i = 0; i < 3; i++) people.push(await addMember(api, { firstName: `Attendee${i}` }));
    const cat = await api.post('/api/EventCategory?name=Sunday%20Service');
    const categoryId = (cat.json() as { id: string; name: string }[]).find((x) => x.name === 'Sunday Service')!.id;
    // attendance is taken at check-in (a later issue writes it through the API): rows as it will write them
    const checkIn = async (date: string, who: string[]) => {
      const act = await api.post('/api/Events/CreateActivity', { activity: { eventCategoryId: categoryId, date } });
      expect(act.statusCode, act.body).toBe(200);
      const activityId = (act.json() as { currentEvent: { id: string } }).currentEvent.id;
      const [row] = await queryRows<{ id: string }>(
        h.database.db,
        sql`insert into checkin_attendances (tenant_id, attendance_code, activity_id)
            values (${c.tenantId}, ${`T${crypto.randomUUID().slice(0, 8)}`}, ${activityId}) returning id`,
      );
      for (const p of who)
        await h.database.db.execute(
          sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id)
              values (${c.tenantId}, ${row!.id}, ${p})`,
        );
    };
    await checkIn(`${year}-01-01`, people); // week 1, January
    await checkIn(`${year}-01-06`, people.slice(0, 1)); // week 1, January
    await checkIn(`${year}-03-15`, people.slice(0, 2)); // day 74: week 11, March
    await checkIn(`${year}-12-31`, people); // day 365/366: week 52, December
    await checkIn(`${year - 1}-06-01`, people); // last year: not counted

    const res = await vueClient(c.token).get('/dashboard/attendance');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().returnObject;
    expect(r.year).toBe(year);
    const weekly = r.eventAttendanceChartDataWeekly.find((s: { name: string }) => s.name === 'Attendance');
    const monthly = r.eventAttendanceChartDataMonthly.find((s: { name: string }) => s.name === 'Attendance');
    const expectedWeekly = Array<number>(52).fill(0);
    expectedWeekly[0] = 4;
    expectedWeekly[10] = 2;
    expectedWeekly[51] = 3;
    expect(r.eventAttendanceChartDataWeekly[0].data).toEqual(expectedWeekly);
    expect(weekly.data).toEqual(expectedWeekly);
    const expectedMonthly = Array<number>(12).fill(0);
    expectedMonthly[0] = 4;
    expectedMonthly[2] = 2;
    expectedMonthly[11] = 3;
    expect(monthly.data).toEqual(expectedMonthly);
    const ft = r.firstTimerSummary;
    expect(ft.firstTimerWeekly[0].data).toEqual(Array(52).fill(0));
    expect(ft.firstTimerMonthly[0].data).toEqual(Array(12).fill(0));
    expect(ft.invitationSource).toEqual([]);
    expect(ft.interestedInJoining).toEqual([]);
    // another church sees none of it
    const other = await signupChurch(h.app);
    const theirs = (await vueClient(other.token).get('/dashboard/attendance')).json().returnObject;
    expect(theirs.eventAttendanceChartDataWeekly[0].data).toEqual(Array(52).fill(0));
  });

  it('GET /api/Subscription/GetSubscription answers id, description, subscriptionExpiration and a plan with that id', async () => {
    const c = await signupChurch(h.app);
    const res = await vueClient(c.token).get('/api/Subscription/GetSubscription');
    expect(res.statusCode).toBe(200);
    const sub = res.json().returnObject;
    const plan = sub.subscriptionPlans.find((p: { id: string }) => p.id === sub.id);
    expect(plan?.id).toBeTruthy();
    expect(sub.description).toBe('Steward: no subscription needed');
    expect(sub.subscriptionExpiration).toBeNull();
    // the dashboard's gauge: memberCount / membershipSize stays far below 90 %
    expect(plan.membershipSize).toBe(2_147_483_647);
    expect((await vueClient(null).get('/api/Subscription/GetSubscription')).statusCode).toBe(401);
  });

  it('the dashboard calls are JSON to the client and 401 without a session', async () => {
    for (const url of ['/dashboard/celebrations', '/dashboard/attendance']) {
      const res = await vueClient(null).get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
