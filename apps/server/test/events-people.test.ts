import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Category {
  id: string;
  name: string;
}

async function addCategory(api: Client, name: string): Promise<Category> {
  const res = await api.post(`/api/EventCategory?name=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as Category[]).find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`category ${name} missing from the answer`);
  return found;
}

describe('event categories', () => {
  it('adds a category and answers the updated list; the list endpoint shows it', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const res = await api.post('/api/EventCategory?name=Sunday%20Service');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Category[];
    expect(list.map((x) => x.name)).toContain('Sunday Service');
    const again = await api.get('/api/EventCategory');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(list);
  });

  it('does not add a second category of the same name in another case', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    await addCategory(api, 'Vigil');
    const before = await countRows(h.database, 'event_categories', c.tenantId);
    const res = await api.post('/api/EventCategory?name=VIGIL');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as Category[]).map((x) => x.name.toLowerCase());
    expect(names.filter((n) => n === 'vigil')).toHaveLength(1);
    expect(await countRows(h.database, 'event_categories', c.tenantId)).toBe(before);
  });

  it('adds one category when the same name arrives several times at once (double click)', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const before = await countRows(h.database, 'event_categories', c.tenantId);
    const names = ['Night Vigil', 'Youth Rally', 'Choir Practice', 'Bible Study'];
    const answers = await Promise.all(
      names.flatMap((name) =>
        [0, 1, 2, 3, 4, 5].map((i) =>
          api.post(`/api/EventCategory?name=${encodeURIComponent(i % 2 ? name.toUpperCase() : name)}`),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const listed = ((await api.get('/api/EventCategory')).json() as Category[]).map((x) => x.name.toLowerCase());
    for (const name of names)
      expect(
        listed.filter((n) => n === name.toLowerCase()),
        name,
      ).toHaveLength(1);
    expect(await countRows(h.database, 'event_categories', c.tenantId)).toBe(before + names.length);
  });

  it('refuses an empty or missing name with the message alone, a JSON string (the existing client shows error.response.data as it is), and writes nothing', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const before = await countRows(h.database, 'event_categories', c.tenantId);
    for (const url of ['/api/EventCategory?name=', '/api/EventCategory?name=%20%20', '/api/EventCategory']) {
      const res = await api.post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json(), url).toBe('Enter a name for the event category');
    }
    expect(await countRows(h.database, 'event_categories', c.tenantId)).toBe(before);
  });

  it("never lists another church's categories", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    const mine = await addCategory(client(h.app, a.token), 'Choir Practice A-only');
    const theirs = (await client(h.app, b.token).get('/api/EventCategory')).json() as Category[];
    expect(theirs.some((x) => x.id === mine.id || x.name === mine.name)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    expect((await anon.get('/api/EventCategory')).statusCode).toBe(401);
    expect((await anon.post('/api/EventCategory?name=Vigil')).statusCode).toBe(401);
  });
});

describe('POST /api/Events/CreateActivity and GET /api/Events/EventActivity', () => {
  it('creates an event named after its category and answers currentEvent', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const cat = await addCategory(api, 'Harvest Thanksgiving');
    const res = await api.post('/api/Events/CreateActivity', {
      activity: { date: '2026-11-22', eventCategoryId: cat.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.response).toBe('Your new event was created successfully');
    expect(body.returnObject.currentEvent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      activityID: body.returnObject.currentEvent.id,
      name: 'Harvest Thanksgiving',
      date: '2026-11-22',
    });
    // the existing client reads it at the top level
    expect(body.currentEvent).toEqual(body.returnObject.currentEvent);
    const list = (await api.get('/api/Events/EventActivity')).json() as { activityID: string }[];
    expect(list.map((x) => x.activityID)).toContain(body.returnObject.currentEvent.id);
  });

  it('accepts the US date format the screens send', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const cat = await addCategory(api, 'Midweek Service');
    const res = await api.post('/api/Events/CreateActivity', {
      activity: { date: '11/22/2026', eventCategoryId: cat.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().returnObject.currentEvent.date).toBe('2026-11-22');
  });

  it('lists events newest first', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const cat = await addCategory(api, 'Service');
    for (const date of ['2026-10-05', '2026-12-01', '2026-11-22']) {
      expect(
        (await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: cat.id } })).statusCode,
      ).toBe(200);
    }
    const res = await api.get('/api/Events/EventActivity');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { activityID: string; name: string; date: string }[];
    expect(list.map((x) => x.date)).toEqual(['2026-12-01', '2026-11-22', '2026-10-05']);
    expect(list.every((x) => x.name === 'Service')).toBe(true);
  });

  it("refuses an unknown or another church's category with 400 and creates no event", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    const theirs = await addCategory(client(h.app, b.token), 'Their Service');
    const api = client(h.app, a.token);
    for (const eventCategoryId of [theirs.id, crypto.randomUUID()]) {
      const res = await api.post('/api/Events/CreateActivity', { activity: { date: '2026-11-22', eventCategoryId } });
      expectBadRequest(res, 'activity.eventCategoryId');
    }
    expect(await countRows(h.database, 'activities', a.tenantId)).toBe(0);
    expect(await countRows(h.database, 'activities', b.tenantId)).toBe(0);
  });

  it('answers 400 naming activity.date for an impossible or missing date, and writes nothing', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const cat = await addCategory(api, 'Service');
    for (const date of ['2026-02-30', '13/01/2026', 'tomorrow', '']) {
      const res = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: cat.id } });
      expectBadRequest(res, 'activity.date');
    }
    expectBadRequest(
      await api.post('/api/Events/CreateActivity', { activity: { eventCategoryId: cat.id } }),
      'activity.date',
    );
    expect(await countRows(h.database, 'activities', c.tenantId)).toBe(0);
  });

  it('accepts an ISO timestamp but refuses text after the date that is no time', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const cat = await addCategory(api, 'Service');
    const ok = await api.post('/api/Events/CreateActivity', {
      activity: { date: '2026-11-22T10:30:00.000Z', eventCategoryId: cat.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().returnObject.currentEvent.date).toBe('2026-11-22');
    for (const date of ['2026-11-22Tnonsense', '2026-11-22 whenever']) {
      const res = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: cat.id } });
      expectBadRequest(res, 'activity.date');
    }
    expect(await countRows(h.database, 'activities', c.tenantId)).toBe(1);
  });

  it("never lists another church's events", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    const apiA = client(h.app, a.token);
    const cat = await addCategory(apiA, 'Only A');
    await apiA.post('/api/Events/CreateActivity', { activity: { date: '2026-11-22', eventCategoryId: cat.id } });
    const res = await client(h.app, b.token).get('/api/Events/EventActivity');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    expect((await anon.get('/api/Events/EventActivity')).statusCode).toBe(401);
    const res = await anon.post('/api/Events/CreateActivity', {
      activity: { date: '2026-11-22', eventCategoryId: crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('members: POST /api/People/CreateMember and GET /api/Membership/GetSearchedUSers', () => {
  const search = (api: Client, text: string) =>
    api.get(`/api/Membership/GetSearchedUSers?searchText=${encodeURIComponent(text)}`);

  it('creates a member and answers the member summary', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const res = await api.post('/api/People/CreateMember', {
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      mobilePhone: '08031234567',
      email: 'ngozi@example.org',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.returnObject).toMatchObject({
      name: 'Ngozi Adeyemi',
      nameResult: 'Ngozi Adeyemi',
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      phone: '08031234567',
      email: 'ngozi@example.org',
    });
    expect(await countRows(h.database, 'people', c.tenantId)).toBe(1);
  });

  it('answers 400 naming the field for a bad member, and writes nothing', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    expectBadRequest(await api.post('/api/People/CreateMember', { firstName: '', lastName: 'X' }), 'firstName');
    expectBadRequest(await api.post('/api/People/CreateMember', { lastName: 'X' }), 'firstName');
    expectBadRequest(await api.post('/api/People/CreateMember', { firstName: 'A', email: 'not-an-email' }), 'email');
    expect(await countRows(h.database, 'people', c.tenantId)).toBe(0);
  });

  it('finds members by part of the name (any case), by phone and by e-mail', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    await api.post('/api/People/CreateMember', { firstName: 'Ngozi', lastName: 'Adeyemi', mobilePhone: '08031234567' });
    await api.post('/api/People/CreateMember', {
      firstName: 'Emeka',
      lastName: 'Okafor',
      mobilePhone: '07059998888',
      email: 'emeka@example.org',
    });
    const names = async (text: string) => {
      const res = await search(api, text);
      expect(res.statusCode).toBe(200);
      return (res.json() as { nameResult: string }[]).map((m) => m.nameResult);
    };
    expect(await names('ngo')).toEqual(['Ngozi Adeyemi']);
    expect(await names('ADEY')).toEqual(['Ngozi Adeyemi']);
    expect(await names('Ngozi Ade')).toEqual(['Ngozi Adeyemi']);
    expect(await names('0803123')).toEqual(['Ngozi Adeyemi']);
    expect(await names('emeka@exa')).toEqual(['Emeka Okafor']);
    expect(await names('zzzz')).toEqual([]);
    // LIKE wildcards are matched literally
    expect(await names('%%%')).toEqual([]);
    expect(await names('___')).toEqual([]);
    const first = ((await search(api, 'ngozi')).json() as { id: string; phone: string }[])[0];
    expect(first?.phone).toBe('08031234567');
  });

  it('answers 400 naming searchText for fewer than 3 characters', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const res = await search(api, 'ab');
    expectBadRequest(res, 'searchText');
    expect(res.json().errors[0].message).toBe('Enter 3 or more characters');
    expectBadRequest(await api.get('/api/Membership/GetSearchedUSers'), 'searchText');
  });

  it("never answers another church's members", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    await client(h.app, a.token).post('/api/People/CreateMember', {
      firstName: 'Chidinma',
      lastName: 'Eze',
      mobilePhone: '08111111111',
    });
    const apiB = client(h.app, b.token);
    const res = await search(apiB, 'Chidinma');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await search(apiB, '0811111')).json()).toEqual([]);
    const own = await apiB.post('/api/People/CreateMember', { firstName: 'Chidinma', lastName: 'Obi' });
    const found = (await search(apiB, 'chidinma')).json() as { id: string }[];
    expect(found.map((m) => m.id)).toEqual([own.json().returnObject.id]);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    expect((await anon.post('/api/People/CreateMember', { firstName: 'A' })).statusCode).toBe(401);
    expect((await search(anon, 'abc')).statusCode).toBe(401);
  });
});

describe('members: birthday, wedding day and marital status', () => {
  it('stores the birthday and wedding day and month, the marital status and gender ids', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const res = await api.post('/api/People/CreateMember', {
      firstName: 'Funke',
      lastName: 'Adebayo',
      genderId: 2,
      maritalStatusId: 2,
      dayOfBirth: 29,
      monthOfBirth: 2,
      dayOfWedding: 14,
      monthOfWedding: 11,
      yearOfWedding: 2004,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await api.get('/api/People/GetmembersBasicInfo?page=1')).json();
    expect(list.data[0]).toMatchObject({
      name: 'Funke Adebayo',
      genderId: 2,
      maritalStatusId: 2,
      dayOfBirth: 29,
      monthOfBirth: 2,
    });
  });

  it.each([
    ['monthOfBirth', { dayOfBirth: 1, monthOfBirth: 13 }],
    ['dayOfBirth', { dayOfBirth: 0, monthOfBirth: 1 }],
    ['dayOfBirth', { dayOfBirth: 31, monthOfBirth: 4 }],
    ['dayOfBirth', { dayOfBirth: 30, monthOfBirth: 2 }],
    ['monthOfBirth', { dayOfBirth: 5 }],
    ['dayOfWedding', { monthOfWedding: 6 }],
    ['maritalStatusId', { maritalStatusId: 6 }],
    ['yearOfWedding', { yearOfWedding: 1200 }],
  ])('answers 400 naming %s, and writes nothing', async (field, extra) => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    expectBadRequest(await api.post('/api/People/CreateMember', { firstName: 'Bad', ...extra }), field);
    expect(await countRows(h.database, 'people', c.tenantId)).toBe(0);
  });
});

describe('GET /api/People/GetmembersBasicInfo and GET /api/Settings/GetTenantPeopleClassification', () => {
  it('pages 50 people by name and counts them all', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const names = Array.from({ length: 53 }, (_, i) => `Person${String(i).padStart(2, '0')}`);
    await Promise.all(names.map((firstName) => api.post('/api/People/CreateMember', { firstName })));
    const one = (await api.get('/api/People/GetmembersBasicInfo?page=1')).json();
    const two = (await api.get('/api/people/getmembersbasicinfo?PAGE=2')).json();
    expect(one.totalItems).toBe(53);
    expect(one.data).toHaveLength(50);
    expect([...one.data, ...two.data].map((m: { firstName: string }) => m.firstName)).toEqual(names);
  });

  it("never lists another church's people", async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    await client(h.app, a.token).post('/api/People/CreateMember', { firstName: 'OnlyInA' });
    const res = await client(h.app, b.token).get('/api/People/GetmembersBasicInfo?page=1');
    expect(res.json()).toEqual({ data: [], totalItems: 0 });
  });

  it('answers 400 naming page for a bad page, 401 without a session', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    expectBadRequest(await api.get('/api/People/GetmembersBasicInfo?page=0'), 'page');
    expectBadRequest(await api.get('/api/People/GetmembersBasicInfo?page=abc'), 'page');
    expect((await client(h.app, null).get('/api/People/GetmembersBasicInfo?page=1')).statusCode).toBe(401);
  });

  it('answers no people classifications (Steward records none yet), 401 without a session', async () => {
    const c = await signupChurch(h.app);
    const res = await client(h.app, c.token).get('/api/Settings/GetTenantPeopleClassification');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await client(h.app, null).get('/api/Settings/GetTenantPeopleClassification')).statusCode).toBe(401);
  });
});
