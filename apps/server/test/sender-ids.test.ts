import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * SMS sender IDs (finance spec 2.7, §4, §5; existing-client-api §2.7): GET
 * /api/Messaging/RetrieveTenantSenderIDs, POST /api/Messaging/RequestSenderID (numeric status at
 * the top level), DELETE /api/Messaging/DeleteSenderID?id=.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const LIST = '/api/Messaging/RetrieveTenantSenderIDs';
const REQUEST = '/api/Messaging/RequestSenderID';
const DELETE = '/api/Messaging/DeleteSenderID';
const RULE =
  'Should not contain any special characters AND Should not be less than 3 characters and more than 11 characters';

interface SenderId {
  id: string;
  mask: string;
  status: number;
  reviewNote: string | null;
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

async function list(api: Client): Promise<SenderId[]> {
  const res = await api.get(LIST);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; returnObject: SenderId[] };
  expect(body.status).toBe(true);
  return body.returnObject;
}

async function request(api: Client, body: Record<string, unknown>): Promise<SenderId> {
  const res = await api.post(REQUEST, body);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { status: unknown; response: string; returnObject: SenderId };
  expect(answer.status).toBe(0);
  expect(typeof answer.response).toBe('string');
  return answer.returnObject;
}

describe('POST /api/Messaging/RequestSenderID', () => {
  it("records a pending request with the client's bodies and answers the numeric status 0", async () => {
    const c = await church();
    expect(await list(c.api)).toEqual([]);
    const res = await c.api.post(REQUEST, { mask: 'GraceChurch' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: unknown; response: string; returnObject: SenderId };
    // the existing client reads res.data.status as a number: 0 pending, 1 processing, 2 approved
    expect(body.status).toStrictEqual(0);
    expect(body.returnObject).toMatchObject({ mask: 'GraceChurch', status: 0, reviewNote: null });
    // SendSms.vue adds tenantID; surrounding spaces are dropped
    const second = await request(c.api, { mask: ' Grace2 ', tenantID: c.tenantId });
    expect(second.mask).toBe('Grace2');
    const masks = await list(c.api);
    expect(masks.map((s) => [s.mask, s.status])).toEqual([
      ['Grace2', 0],
      ['GraceChurch', 0],
    ]);
    expect(masks[1]!.id).toBe(body.returnObject.id);
  });

  it('refuses a mask outside 3-11 letters or digits with 400 naming mask and the rule, writing nothing', async () => {
    const c = await church();
    for (const mask of ['ab', 'abcdefghijkl', 'Grace Church', 'Grace-1', 'Grâce', '', '   ', 12345, null]) {
      const res = await c.api.post(REQUEST, { mask });
      expectBadRequest(res, 'mask');
      if (typeof mask === 'string') expect(res.json().errors[0].message).toBe(RULE);
    }
    expectBadRequest(await c.api.post(REQUEST, {}), 'mask');
    expectBadRequest(await c.api.post(REQUEST, { mask: 'a\u0000bcd' }), 'mask');
    expect(await countRows(h.database, 'sender_ids', c.tenantId)).toBe(0);
  });

  it('refuses a mask the church already has, in any case, even when both arrive at once', async () => {
    const c = await church();
    await request(c.api, { mask: 'GraceChurch' });
    const again = await c.api.post(REQUEST, { mask: 'gracechurch' });
    expectBadRequest(again, 'mask');
    expect(again.json().errors[0].message).toContain('You already have the sender ID GraceChurch');
    const answers = await Promise.all([
      c.api.post(REQUEST, { mask: 'Bethel' }),
      c.api.post(REQUEST, { mask: 'BETHEL' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expectBadRequest(
      answers.find((a) => a.statusCode === 400)!,
      'mask',
    );
    expect(await countRows(h.database, 'sender_ids', c.tenantId)).toBe(2);
  });

  it('keeps each church to its own masks: another church may request the same mask', async () => {
    const a = await church();
    const b = await church();
    await request(a.api, { mask: 'Shared1' });
    await request(b.api, { mask: 'Shared1' });
    expect((await list(a.api)).length).toBe(1);
    expect((await list(b.api)).length).toBe(1);
  });

  it('stops at 50 sender IDs per church', async () => {
    const c = await church();
    for (let i = 0; i < 50; i++) await request(c.api, { mask: `Mask${i}` });
    expectBadRequest(await c.api.post(REQUEST, { mask: 'OneTooMany' }), 'mask');
    expect(await countRows(h.database, 'sender_ids', c.tenantId)).toBe(50);
  });
});

describe('GET /api/Messaging/RetrieveTenantSenderIDs', () => {
  it("lists only the church's own sender IDs, ordered by mask in any case, with their status", async () => {
    const a = await church();
    const b = await church();
    await request(a.api, { mask: 'zion' });
    await request(a.api, { mask: 'Abba' });
    await request(a.api, { mask: 'mercy' });
    await request(b.api, { mask: 'OtherOne' });
    const mine = await list(a.api);
    expect(mine.map((s) => s.mask)).toEqual(['Abba', 'mercy', 'zion']);
    expect(mine.every((s) => s.status === 0 && s.reviewNote === null)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('OtherOne');
  });
});

describe('DELETE /api/Messaging/DeleteSenderID', () => {
  it('deletes a sender ID of the church and answers a truthy envelope; the id is then unknown', async () => {
    const c = await church();
    const s = await request(c.api, { mask: 'GoneSoon' });
    const keep = await request(c.api, { mask: 'Stays' });
    const res = await c.api.delete(`${DELETE}?id=${s.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, returnObject: { id: s.id } });
    expect((await list(c.api)).map((x) => x.id)).toEqual([keep.id]);
    expect((await c.api.delete(`${DELETE}?id=${s.id}`)).statusCode).toBe(404);
    // query names in any case (?ID=)
    expect((await c.api.delete(`${DELETE}?ID=${keep.id}`)).statusCode).toBe(200);
    expect(await list(c.api)).toEqual([]);
  });

  it('refuses a missing or malformed id with 400 naming id', async () => {
    const c = await church();
    await request(c.api, { mask: 'Kept' });
    expectBadRequest(await c.api.delete(DELETE), 'id');
    expectBadRequest(await c.api.delete(`${DELETE}?id=not-a-uuid`), 'id');
    expect(await countRows(h.database, 'sender_ids', c.tenantId)).toBe(1);
  });

  it("answers 404 for another church's sender ID and leaves it alone", async () => {
    const a = await church();
    const b = await church();
    const s = await request(a.api, { mask: 'Mine' });
    const res = await b.api.delete(`${DELETE}?id=${s.id}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().status).toBe(false);
    expect((await list(a.api)).map((x) => x.id)).toEqual([s.id]);
  });
});

describe('sender IDs without a session', () => {
  it('answer 401 and write nothing', async () => {
    const c = await church();
    const s = await request(c.api, { mask: 'Guarded' });
    const anon = client(h.app, null);
    expect((await anon.get(LIST)).statusCode).toBe(401);
    expect((await anon.post(REQUEST, { mask: 'Sneaky' })).statusCode).toBe(401);
    expect((await anon.delete(`${DELETE}?id=${s.id}`)).statusCode).toBe(401);
    expect(await countRows(h.database, 'sender_ids', c.tenantId)).toBe(1);
  });
});
