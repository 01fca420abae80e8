import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signupChurch, startHarness, type Harness } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('sign-up and sessions', () => {
  it('signs a church up, sets the session cookie and answers the current user', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/onboarding/signup',
      payload: {
        churchName: 'Hope Chapel',
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada.signup@test.example',
        phoneNumber: '+2348030000002',
        password: 'a long password',
        countryCode: 'ng',
        currency: 'ngn',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.returnObject.token.length).toBeGreaterThanOrEqual(22);
    expect(new Date(body.returnObject.expiryTime).getTime()).toBeGreaterThan(Date.now());
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/steward_session=.+HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Strict/i);

    const me = await client(h.app, body.returnObject.token).get('/api/Membership/GetCurrentSignedInUser');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      tenantId: body.returnObject.tenantId,
      churchName: 'Hope Chapel',
      userEmail: 'ada.signup@test.example',
      currency: 'NGN',
      currencySymbol: '₦',
      isoCode: 'NG',
      country: 'Nigeria',
      email: 'ada.signup@test.example',
      firstName: 'Ada',
      lastName: 'Obi',
      roles: ['Admin'],
      smsBalance: 0,
      subStatus: 'Active',
      subscriptionName: 'Steward',
      churchSize: 1,
      subscribedChurchSize: 2_147_483_647,
    });
  });

  it('creates the default chart of accounts for a new church', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const income = (await api.get('/api/Financials/Accounts/GetIncomeAccounts')).json() as { text: string }[];
    expect(income.map((a) => a.text)).toEqual(
      expect.arrayContaining(['4000 - Offering', '4010 - Tithe', '4020 - Thanksgiving']),
    );
    const cash = (await api.get('/api/financials/accounts/getcashbankaccounts')).json() as { text: string }[];
    expect(cash.map((a) => a.text)).toEqual(['1000 - Cash', '1010 - Bank']);
  });

  it('refuses a second sign-up with the same e-mail, naming the field, and writes nothing', async () => {
    const c = await signupChurch(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/onboarding/signup',
      payload: {
        churchName: 'Dup',
        firstName: 'A',
        lastName: 'B',
        email: c.email.toUpperCase(),
        phoneNumber: '+2348030000003',
        password: 'another password',
        countryCode: 'NG',
        currency: 'NGN',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('email');
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['currency', { currency: 'XYZ' }],
    ['countryCode', { countryCode: 'QQ' }],
    ['churchName', { churchName: '' }],
  ])('answers 400 naming %s for bad sign-up input', async (field, override) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/onboarding/signup',
      payload: {
        churchName: 'Bad Input Church',
        firstName: 'A',
        lastName: 'B',
        email: `bad-${field}@test.example`,
        phoneNumber: '+2348030000004',
        password: 'a long password',
        countryCode: 'NG',
        currency: 'NGN',
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const login = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: `bad-${field}@test.example`, password: 'a long password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('signs in, answers the spec shape, and signs out', async () => {
    const c = await signupChurch(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: c.email, password: c.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'churchName',
      'churchSize',
      'expiryTime',
      'isVerified',
      'roles',
      'subStatus',
      'tenantId',
      'token',
    ]);
    expect(body.tenantId).toBe(c.tenantId);
    expect(body.roles).toContain('Admin');
    expect(body).toMatchObject({ subStatus: 'Active', isVerified: true, churchSize: 1 });
    const api = client(h.app, body.token);
    expect((await api.get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(200);
    expect((await api.post('/logout')).statusCode).toBe(204);
    expect((await api.get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
  });

  it('answers 401 with a message for a wrong password, then 429 after repeated failures', async () => {
    const c = await signupChurch(h.app);
    const wrong = () =>
      h.app.inject({ method: 'POST', url: '/login', payload: { userName: c.email, password: 'wrong password' } });
    const first = await wrong();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: 'Incorrect e-mail or password' });
    for (let i = 0; i < 4; i++) await wrong();
    const limited = await wrong();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many failed sign-in attempts/);
    const right = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: c.email, password: c.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('answers 401 without a session and for a made-up token', async () => {
    expect((await client(h.app, null).get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
    expect((await client(h.app, 'made-up-token').get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
    expect((await client(h.app, '""').get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
    expect((await client(h.app, '"').get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
  });

  it('accepts the bearer token wrapped in JSON quotes, and only the exact token', async () => {
    const c = await signupChurch(h.app);
    const quoted = await client(h.app, JSON.stringify(c.token)).get('/api/Membership/GetCurrentSignedInUser');
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().tenantId).toBe(c.tenantId);
    // one quote, or quotes inside the token, are not stripped
    expect((await client(h.app, `"${c.token}`).get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
    expect((await client(h.app, `'${c.token}'`).get('/api/Membership/GetCurrentSignedInUser')).statusCode).toBe(401);
  });

  it('answers churchSize as the number of people the church records (at least 1)', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const signIn = async () =>
      (
        await h.app.inject({ method: 'POST', url: '/login', payload: { userName: c.email, password: c.password } })
      ).json().churchSize as number;
    expect(await signIn()).toBe(1);
    expect((await api.get('/api/Membership/GetCurrentSignedInUser')).json().churchSize).toBe(1);
    for (const firstName of ['A', 'B']) await api.post('/api/People/CreateMember', { firstName });
    expect(await signIn()).toBe(2);
    expect((await api.get('/api/Membership/GetCurrentSignedInUser')).json().churchSize).toBe(2);
  });

  it('accepts the session cookie, and refuses cookie writes without the CSRF header', async () => {
    const c = await signupChurch(h.app);
    const login = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: c.email, password: c.password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const read = await h.app.inject({
      method: 'GET',
      url: '/api/Membership/GetCurrentSignedInUser',
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    const write = await h.app.inject({ method: 'POST', url: '/api/EventCategory?name=Vigil', headers: { cookie } });
    expect(write.statusCode).toBe(403);
    const withHeader = await h.app.inject({
      method: 'POST',
      url: '/api/EventCategory?name=Vigil',
      headers: { cookie, 'x-steward-csrf': '1' },
    });
    expect(withHeader.statusCode).toBe(200);
  });
});
