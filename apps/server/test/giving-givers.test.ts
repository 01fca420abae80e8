import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, waitFor } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import {
  PUBLIC_URL,
  giftBody,
  givingChurch,
  initialise,
  pay,
  paymentRow,
  publicApi,
  startGivingHarness,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';

/**
 * Giver accounts (giving spec 2.6-2.8; existing-client-api §3.5; issue 10 'Givers'): sign-up,
 * sign-in, 'Your Transactions', 'Forgot Password?' with a real e-mail (the SMTP capture server's
 * Outbox) and the reset. A giver token opens only the giver's own history: never an admin
 * endpoint, never another giver's gifts, never another church.
 */

let h: GivingHarness;
let a: GivingChurch;
let b: GivingChurch;
beforeAll(async () => {
  h = await startGivingHarness();
  a = await givingChurch(h.app);
  b = await givingChurch(h.app);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface Session {
  token: string;
  userId: string;
  tenantID: string;
  email: string;
  fullname: string;
  phoneNumber: string | null;
  expiryTime: string;
}

async function signUp(c: GivingChurch, email: string, password = 'givingfreely') {
  const res = await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', {
    name: 'Amaka Eze',
    phoneNumber: '08035550000',
    tenantId: c.tenantId,
    email,
    password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: boolean; response: string; returnObject: Session };
}

async function signIn(email: string, password: string, extra: Record<string, unknown> = {}) {
  return publicApi(h.app).post('/mobile/v1/Account/SignIn', { email, password, ...extra });
}

/** The existing client sends the giver's token JSON-encoded: `Bearer "…"` (existing-client-api §0). */
const asGiver = (token: string) => ({ authorization: `Bearer "${token}"` });

async function history(token: string | null, body: Record<string, unknown>) {
  return h.app.inject({
    method: 'POST',
    url: '/mobile/v1/PaymentForm/contributions',
    headers: token ? asGiver(token) : {},
    payload: body,
  });
}

describe('POST /mobile/v1/Account/WebSignUp and SignIn', () => {
  it('signs a giver up and in, with the fields the existing client reads', async () => {
    const up = await signUp(a, 'amaka@example.com');
    expect(up).toMatchObject({
      status: true,
      response: 'Your account was created',
      returnObject: {
        tenantID: a.tenantId,
        email: 'amaka@example.com',
        fullname: 'Amaka Eze',
        phoneNumber: '08035550000',
      },
    });
    expect(up.returnObject.token.length).toBeGreaterThan(30);
    const res = await signIn('AMAKA@example.com', 'givingfreely');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      response: 'Signed in',
      returnObject: { userId: up.returnObject.userId, tenantID: a.tenantId, fullname: 'Amaka Eze' },
    });
    const kept = (await signIn('amaka@example.com', 'givingfreely', { keepSignedIn: true })).json()
      .returnObject as Session;
    expect(new Date(kept.expiryTime).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
  });

  it('answers 401 with a message for a wrong password or an unknown e-mail', async () => {
    await signUp(a, 'wrong@example.com');
    const wrong = await signIn('wrong@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect e-mail or password' });
    expect((await signIn('nobody@example.com', 'whatever1')).statusCode).toBe(401);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = await countRows(h.database, 'givers', a.tenantId);
    const base = { name: 'X', phoneNumber: '', tenantId: a.tenantId, email: 'x@example.com', password: 'longenough' };
    expectBadRequest(await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', { ...base, email: 'nope' }), 'email');
    expectBadRequest(
      await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', { ...base, password: 'short' }),
      'password',
    );
    expectBadRequest(await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', { ...base, name: ' ' }), 'name');
    expectBadRequest(
      await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', { ...base, tenantId: 'x' }),
      'tenantId',
    );
    expect(await countRows(h.database, 'givers', a.tenantId)).toBe(before);
    // an unknown church
    const unknown = await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', {
      ...base,
      tenantId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    // an address the church already has, in words that do not confirm it
    await signUp(a, 'taken@example.com');
    const taken = await publicApi(h.app).post('/mobile/v1/Account/WebSignUp', { ...base, email: 'Taken@example.com' });
    expectBadRequest(taken, 'email');
    expect(taken.json().response).toMatch(/could not create an account/);
  });

  it('lets the same address have an account at another church, and signs in to the one asked for', async () => {
    const atA = await signUp(a, 'both@example.com', 'password-a');
    const atB = await signUp(b, 'both@example.com', 'password-b');
    expect((await signIn('both@example.com', 'password-b')).json().returnObject.userId).toBe(atB.returnObject.userId);
    expect((await signIn('both@example.com', 'password-a')).json().returnObject.userId).toBe(atA.returnObject.userId);
    const pick = await signIn('both@example.com', 'password-a', { tenantId: b.tenantId });
    expect(pick.statusCode).toBe(401);
  });
});

describe("POST /mobile/v1/PaymentForm/contributions ('Your Transactions')", () => {
  it("lists the signed-in giver's received gifts, newest first, within the dates asked", async () => {
    const giver = (await signUp(a, 'history@example.com')).returnObject;
    expect(
      (await history(giver.token, { startDate: '1/1/0001 00:00:00', endDate: '1/1/0001 00:00:00' })).json(),
    ).toEqual([]);
    // a gift given signed in (userId and the giver's token) is the giver's
    const gift = await initialise(
      h.app,
      giftBody(a, { userId: giver.userId, email: '', name: '' }),
      asGiver(giver.token),
    );
    await pay(h, gift);
    expect(await paymentRow(h.database, gift.reference)).toMatchObject({ status: 'succeeded', giver_id: giver.userId });
    // a gift with the userId but without the giver's token is not linked
    const stranger = await initialise(h.app, giftBody(a, { userId: giver.userId }));
    await pay(h, stranger);
    expect((await paymentRow(h.database, stranger.reference))!.giver_id).toBeNull();
    // a gift not completed is not shown
    await initialise(h.app, giftBody(a, { userId: giver.userId }), asGiver(giver.token));

    const res = await history(giver.token, {
      startDate: '1/1/0001 00:00:00',
      endDate: '1/1/0001 00:00:00',
      userId: giver.userId,
      tenantId: a.tenantId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as {
      memo: string;
      date: string;
      amount: number;
      paymentGatewayName: string;
      reference: string;
    }[];
    expect(rows.map((r) => [r.memo, r.amount, r.paymentGatewayName, r.reference])).toEqual([
      ['Sunday Offering', 1000.5, 'Paystack', gift.reference],
      ['Tithe', 500, 'Paystack', gift.reference],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(giver.token, { startDate: '2000-01-01', endDate: '2000-12-31' })).json()).toEqual([]);
    expect((await history(giver.token, { startDate: '2000-01-01', endDate: '2200-01-01' })).json()).toHaveLength(2);
    expectBadRequest(await history(giver.token, { startDate: 'yesterday' }), 'startDate');
    expectBadRequest(await history(giver.token, { endDate: '2026-02-30' }), 'endDate');
    expect(rows[0]!.date.slice(0, 4)).toBe(today.slice(0, 4));
  });

  it("never answers another giver's gifts nor another church's, and a giver token opens no admin endpoint", async () => {
    const one = (await signUp(a, 'one@example.com')).returnObject;
    const two = (await signUp(a, 'two@example.com')).returnObject;
    const gift = await initialise(h.app, giftBody(a, { userId: one.userId }), asGiver(one.token));
    await pay(h, gift);
    expect((await history(one.token, {})).json()).toHaveLength(2);
    expect((await history(two.token, {})).json()).toEqual([]);
    // asking with the other giver's id or church
    expect((await history(two.token, { userId: one.userId })).statusCode).toBe(404);
    expect((await history(one.token, { tenantId: b.tenantId })).statusCode).toBe(404);
    // no token, a made-up token, an admin's token
    expect((await history(null, {})).statusCode).toBe(401);
    expect((await history('x'.repeat(43), {})).statusCode).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/mobile/v1/PaymentForm/contributions',
          headers: { authorization: `Bearer ${a.token}` },
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    // the giver's token on admin endpoints
    for (const url of [
      '/api/Financials/Donation/Transactions?page=1',
      '/api/Membership/GetCurrentSignedInUser',
      '/api/PaymentForm/GetAll',
      '/api/Financials/Contributions/Transactions?page=1',
    ]) {
      const res = await h.app.inject({ method: 'GET', url, headers: asGiver(one.token) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('stops working once signed out', async () => {
    const giver = (await signUp(a, 'out@example.com')).returnObject;
    const out = await h.app.inject({
      method: 'POST',
      url: '/mobile/v1/Account/SignOut',
      headers: asGiver(giver.token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await history(giver.token, {})).statusCode).toBe(401);
  });
});

describe("'Forgot Password?'", () => {
  it('e-mails a reset link through messaging (the Outbox) and the link sets a new password, once', async () => {
    const giver = (await signUp(a, 'forgot@example.com', 'old-password')).returnObject;
    const asked = await publicApi(h.app).post('/mobile/v1/Account/ForgotPassword', {
      email: 'forgot@example.com',
      paymentFormId: a.formId,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = asked.json();
    expect(answer).toEqual({
      status: true,
      response: 'If an account exists for this e-mail address, we have sent it a link to reset the password',
    });
    // an unknown address gets the same words
    expect(
      (await publicApi(h.app).post('/mobile/v1/Account/ForgotPassword', { email: 'nobody@example.com' })).json(),
    ).toEqual(answer);

    const mails = await waitFor(
      () =>
        queryRows<{ subject: string; text_body: string }>(
          h.database.db,
          sql`select subject, text_body from outbox_messages where tenant_id = ${a.tenantId} and to_address = 'forgot@example.com'`,
        ),
      (rows) => rows.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Reset your giving password at Test Church/);
    const link = new RegExp(`${PUBLIC_URL}/giver/reset-password\\?token=([A-Za-z0-9_-]+)&form=${a.formId}`).exec(
      mails[0]!.text_body,
    );
    expect(link).not.toBeNull();
    const token = link![1]!;

    expectBadRequest(
      await publicApi(h.app).post('/mobile/v1/Account/ResetPassword', { token, password: 'short' }),
      'password',
    );
    const done = await publicApi(h.app).post('/mobile/v1/Account/ResetPassword', { token, password: 'new-password' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: true, response: 'Your password was changed: sign in with the new one' });
    expect((await signIn('forgot@example.com', 'old-password')).statusCode).toBe(401);
    expect((await signIn('forgot@example.com', 'new-password')).statusCode).toBe(200);
    // the old token was signed out; the link works once
    expect((await history(giver.token, {})).statusCode).toBe(401);
    const again = await publicApi(h.app).post('/mobile/v1/Account/ResetPassword', {
      token,
      password: 'another-password',
    });
    expectBadRequest(again, 'token');
    expectBadRequest(
      await publicApi(h.app).post('/mobile/v1/Account/ResetPassword', {
        token: 'made-up',
        password: 'another-password',
      }),
      'token',
    );
  });
});

describe('giver calls do not need a church session', () => {
  it('answers sign-in without any token (the auth hook does not guard them)', async () => {
    await signUp(b, 'open@example.com');
    expect(
      (
        await client(h.app, null).post('/mobile/v1/Account/SignIn', {
          email: 'open@example.com',
          password: 'givingfreely',
        })
      ).statusCode,
    ).toBe(200);
  });
});
