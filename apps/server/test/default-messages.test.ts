import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { uploadsRoot } from '../src/modules/media/service.ts';
import { client, countRows, signupChurch, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import { wav } from './fixtures/wav.ts';

/**
 * Default messages (finance spec 2.9, giving spec 2.17; existing-client-api §2.8, §6.1): the
 * list, one message, create and update as the existing client sends them (multipart/form-data
 * with stringified values and voiceFile "null" or a file), delete, and a Voice message's
 * recording checked by its content and served at voiceUrl.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const ALL = '/api/Settings/AllDefaultMessages';
const ONE = '/api/Settings/GetDefaultMessage';
const CREATE = '/api/Settings/CreateDefaultMessage';
const UPDATE = '/api/Settings/UpdateDefaultMessage';
const DELETE = '/api/Settings/DeleteDefaultMessage';

interface DefaultMessage {
  id: string;
  message: string;
  subject: string;
  category: number;
  messageType: number;
  voiceUrl: string | null;
}

/** Two MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz) after an empty ID3v2 tag. */
function mp3(): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), frame, frame]);
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);

type Field = string | { bytes: Buffer; name: string; type: string };

/** A multipart body as the browser's FormData sends it (values stringified, files with a name). */
async function multipart(fields: Record<string, Field>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([v.bytes], { type: v.type }), v.name);
  }
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

function send(token: string | null, method: 'POST' | 'PUT', url: string, payload: Buffer, type: string) {
  return h.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function form(token: string | null, method: 'POST' | 'PUT', url: string, fields: Record<string, Field>) {
  const { body, type } = await multipart(fields);
  return send(token, method, url, body, type);
}

async function church() {
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  const res = await api.post('/api/Messaging/RequestSenderID', { mask: 'GraceChurch' });
  expect(res.statusCode, res.body).toBe(200);
  return { ...c, api };
}

const smsFields = (extra: Record<string, Field> = {}): Record<string, Field> => ({
  category: '0',
  messageType: '0',
  subject: 'gracechurch',
  message: 'Happy birthday from all of us at Grace Church!',
  voiceFile: 'null',
  ...extra,
});
const emailFields = (extra: Record<string, Field> = {}): Record<string, Field> => ({
  category: '2',
  messageType: '1',
  subject: 'Welcome to Grace Church',
  message: 'Thank you for worshipping with us today.',
  voiceFile: 'null',
  ...extra,
});
const voiceFields = (file: Field = { bytes: wav(), name: 'welcome.wav', type: 'audio/wav' }) => ({
  category: '4',
  messageType: '2',
  subject: '',
  message: '',
  voiceFile: file,
});

async function created(res: Awaited<ReturnType<typeof form>>): Promise<DefaultMessage> {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; returnObject: DefaultMessage };
  expect(body.status).toBe(true);
  return body.returnObject;
}

async function all(token: string): Promise<DefaultMessage[]> {
  const res = await client(h.app, token).get(ALL);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: DefaultMessage[] }).returnObject;
}

async function one(token: string, id: string) {
  return client(h.app, token).get(`${ONE}/${id}`);
}

/** The recordings stored for a church (its upload folder). */
async function storedFiles(tenantId: string): Promise<string[]> {
  return readdir(join(uploadsRoot(loadConfig({ ...process.env, WEB_DIST: '' })), tenantId)).catch(() => []);
}

const served = (url: string) => h.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('POST /api/Settings/CreateDefaultMessage', () => {
  it('creates Sms, Email and Voice messages from multipart bodies; list and one answer their fields', async () => {
    const c = await church();
    const sms = await created(await form(c.token, 'POST', CREATE, smsFields()));
    // the subject of an Sms message is the church's sender ID, in its own spelling
    expect(sms).toMatchObject({
      subject: 'GraceChurch',
      message: 'Happy birthday from all of us at Grace Church!',
      category: 0,
      messageType: 0,
      voiceUrl: null,
    });
    const email = await created(await form(c.token, 'POST', CREATE, emailFields()));
    expect(email).toMatchObject({ subject: 'Welcome to Grace Church', category: 2, messageType: 1, voiceUrl: null });
    const voice = await created(await form(c.token, 'POST', CREATE, voiceFields()));
    expect(voice).toMatchObject({ subject: '', message: '', category: 4, messageType: 2 });
    expect(voice.voiceUrl).toMatch(
      new RegExp(`^https?://[^/]+/api/Settings/DefaultMessageVoice/${c.tenantId}/[0-9a-f-]{36}\\.wav$`),
    );
    expect(await storedFiles(c.tenantId)).toEqual([voice.voiceUrl!.split('/').pop()]);
    const file = await served(voice.voiceUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('audio/wav');
    expect(file.rawPayload.equals(wav())).toBe(true);

    const list = await all(c.token);
    expect(list.map((m) => m.id)).toEqual([voice.id, email.id, sms.id]);
    expect(list[2]).toEqual(sms);
    for (const m of [sms, email, voice]) {
      const res = await one(c.token, m.id);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { returnObject: DefaultMessage }).returnObject).toEqual(m);
    }
  });

  it('accepts an MP3 recording whatever its declared type, and the same fields as JSON', async () => {
    const c = await church();
    const voice = await created(
      await form(c.token, 'POST', CREATE, voiceFields({ bytes: mp3(), name: 'recording', type: '' })),
    );
    expect(voice.voiceUrl).toMatch(/\.mp3$/);
    expect((await served(voice.voiceUrl!)).headers['content-type']).toContain('audio/mpeg');
    const json = await c.api.post(CREATE, {
      category: 6,
      messageType: 1,
      subject: 'We missed you',
      message: 'We missed you at church on Sunday.',
    });
    expect((await created(json)).category).toBe(6);
  });

  it('refuses a file that is not audio by its content (a PNG named .mp3), writing nothing', async () => {
    const c = await church();
    const before = await storedFiles(c.tenantId);
    const png = await form(
      c.token,
      'POST',
      CREATE,
      voiceFields({ bytes: PNG, name: 'sermon.mp3', type: 'audio/mpeg' }),
    );
    expectBadRequest(png, 'voiceFile');
    const text = await form(
      c.token,
      'POST',
      CREATE,
      voiceFields({ bytes: Buffer.from('just words, no sound'), name: 'a.wav', type: 'audio/wav' }),
    );
    expectBadRequest(text, 'voiceFile');
    const empty = await form(
      c.token,
      'POST',
      CREATE,
      voiceFields({ bytes: Buffer.alloc(0), name: 'a.wav', type: 'audio/wav' }),
    );
    expectBadRequest(empty, 'voiceFile');
    expectBadRequest(await form(c.token, 'POST', CREATE, voiceFields('null')), 'voiceFile');
    const big = Buffer.concat([wav(), Buffer.alloc(10 * 1024 * 1024)]);
    expectBadRequest(
      await form(c.token, 'POST', CREATE, voiceFields({ bytes: big, name: 'long.wav', type: 'audio/wav' })),
      'voiceFile',
    );
    expect(await countRows(h.database, 'default_messages', c.tenantId)).toBe(0);
    expect(await storedFiles(c.tenantId)).toEqual(before);
  });

  it('refuses missing or out-of-range fields with 400 naming the field, writing nothing', async () => {
    const c = await church();
    const cases: [Record<string, Field>, string][] = [
      [smsFields({ subject: '' }), 'subject'],
      [emailFields({ subject: '   ' }), 'subject'],
      [emailFields({ message: '' }), 'message'],
      [smsFields({ message: 'null' }), 'message'],
      [smsFields({ category: '7' }), 'category'],
      [smsFields({ category: '' }), 'category'],
      [smsFields({ category: 'null' }), 'category'],
      [smsFields({ category: '1.5' }), 'category'],
      [smsFields({ messageType: '3' }), 'messageType'],
      [smsFields({ messageType: '-1' }), 'messageType'],
      // an Sms subject must be one of the church's sender IDs
      [smsFields({ subject: 'NotMine' }), 'subject'],
      [emailFields({ subject: 'x'.repeat(201) }), 'subject'],
      [emailFields({ message: 'x'.repeat(10_001) }), 'message'],
      [emailFields({ subject: 'a\u0000b' }), 'subject'],
      [emailFields({ subject: { bytes: Buffer.from('a file'), name: 'a.txt', type: 'text/plain' } }), 'subject'],
    ];
    for (const [fields, field] of cases) expectBadRequest(await form(c.token, 'POST', CREATE, fields), field);
    const { category: _c, ...noCategory } = smsFields();
    expectBadRequest(await form(c.token, 'POST', CREATE, noCategory), 'category');
    const broken = await send(
      c.token,
      'POST',
      CREATE,
      Buffer.from('--x\r\nnot a part'),
      'multipart/form-data; boundary=y',
    );
    expectBadRequest(broken, 'body');
    expect(await countRows(h.database, 'default_messages', c.tenantId)).toBe(0);
  });

  it("refuses another church's sender ID as an Sms subject", async () => {
    const a = await church();
    const b = await signupChurch(h.app);
    expect((await a.api.post('/api/Messaging/RequestSenderID', { mask: 'OnlyA' })).statusCode).toBe(200);
    expectBadRequest(await form(b.token, 'POST', CREATE, smsFields({ subject: 'OnlyA' })), 'subject');
    expect(await countRows(h.database, 'default_messages', b.tenantId)).toBe(0);
  });
  it('refuses a sender ID the operator did not approve, accepts one still pending', async () => {
    const c = await church();
    expect((await c.api.post('/api/Messaging/RequestSenderID', { mask: 'Refused1' })).statusCode).toBe(200);
    // the platform operator's review (another page) refuses it: status 3
    await h.database.db.execute(
      sql`update sender_ids set status = 3 where tenant_id = ${c.tenantId} and mask = 'Refused1'`,
    );
    const refused = await form(c.token, 'POST', CREATE, smsFields({ subject: 'Refused1' }));
    expectBadRequest(refused, 'subject');
    expect(refused.json().errors[0].message).toContain('was not approved');
    // GraceChurch is still pending: a default message may name it (only sending needs approval)
    expect((await created(await form(c.token, 'POST', CREATE, smsFields()))).subject).toBe('GraceChurch');
    expect(await countRows(h.database, 'default_messages', c.tenantId)).toBe(1);
  });
});

describe('PUT /api/Settings/UpdateDefaultMessage', () => {
  it('replaces the fields with the same multipart body plus id', async () => {
    const c = await church();
    const sms = await created(await form(c.token, 'POST', CREATE, smsFields()));
    const res = await form(c.token, 'PUT', UPDATE, {
      ...emailFields({ subject: 'Happy birthday!', message: 'May God bless your new year.', category: '0' }),
      id: sms.id,
    });
    const updated = await created(res);
    expect(updated).toEqual({
      id: sms.id,
      subject: 'Happy birthday!',
      message: 'May God bless your new year.',
      category: 0,
      messageType: 1,
      voiceUrl: null,
    });
    expect((await all(c.token)).find((m) => m.id === sms.id)).toEqual(updated);
  });

  it('keeps a Voice recording sent back as "null", replaces it with a new file, drops it when no longer Voice', async () => {
    const c = await church();
    const voice = await created(await form(c.token, 'POST', CREATE, voiceFields()));
    const kept = await created(
      await form(c.token, 'PUT', UPDATE, { ...voiceFields('null'), category: '5', id: voice.id }),
    );
    expect(kept).toMatchObject({ category: 5, voiceUrl: voice.voiceUrl });
    const replaced = await created(
      await form(c.token, 'PUT', UPDATE, {
        ...voiceFields({ bytes: mp3(), name: 'new.mp3', type: 'audio/mpeg' }),
        id: voice.id,
      }),
    );
    expect(replaced.voiceUrl).toMatch(/\.mp3$/);
    expect((await served(voice.voiceUrl!)).statusCode).toBe(404);
    expect((await served(replaced.voiceUrl!)).statusCode).toBe(200);
    const email = await created(await form(c.token, 'PUT', UPDATE, { ...emailFields(), id: voice.id }));
    expect(email.voiceUrl).toBeNull();
    expect((await served(replaced.voiceUrl!)).statusCode).toBe(404);
    expect(await storedFiles(c.tenantId)).toEqual([]);
  });

  it('refuses bad input with 400 naming the field and leaves the message as it was', async () => {
    const c = await church();
    const sms = await created(await form(c.token, 'POST', CREATE, smsFields()));
    expectBadRequest(await form(c.token, 'PUT', UPDATE, smsFields()), 'id');
    expectBadRequest(await form(c.token, 'PUT', UPDATE, { ...smsFields(), id: 'nope' }), 'id');
    expectBadRequest(await form(c.token, 'PUT', UPDATE, { ...smsFields({ subject: '' }), id: sms.id }), 'subject');
    const png = voiceFields({ bytes: PNG, name: 'a.mp3', type: 'audio/mpeg' });
    expectBadRequest(await form(c.token, 'PUT', UPDATE, { ...png, id: sms.id }), 'voiceFile');
    // an Sms message turned Voice needs a recording
    expectBadRequest(await form(c.token, 'PUT', UPDATE, { ...voiceFields('null'), id: sms.id }), 'voiceFile');
    expect((await one(c.token, sms.id)).json().returnObject).toEqual(sms);
  });

  it("answers 404 for an unknown id and for another church's message, which stays as it was", async () => {
    const a = await church();
    const b = await church();
    const mine = await created(await form(a.token, 'POST', CREATE, emailFields()));
    const foreign = await form(b.token, 'PUT', UPDATE, { ...emailFields({ subject: 'Taken over' }), id: mine.id });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const unknown = await form(a.token, 'PUT', UPDATE, {
      ...emailFields(),
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await one(a.token, mine.id)).json().returnObject).toEqual(mine);
  });
});

describe('GET /api/Settings/AllDefaultMessages and GetDefaultMessage/{id}', () => {
  it("show a church only its own messages; another church's id is 404, a malformed one 400", async () => {
    const a = await church();
    const b = await church();
    const mine = await created(await form(a.token, 'POST', CREATE, emailFields({ subject: 'Only for A' })));
    expect(await all(b.token)).toEqual([]);
    const res = await one(b.token, mine.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Only for A');
    expectBadRequest(await one(a.token, 'not-an-id'), 'id');
  });
});

describe('DELETE /api/Settings/DeleteDefaultMessage/{id}', () => {
  it('deletes the message and its recording', async () => {
    const c = await church();
    const voice = await created(await form(c.token, 'POST', CREATE, voiceFields()));
    const sms = await created(await form(c.token, 'POST', CREATE, smsFields()));
    const res = await c.api.delete(`${DELETE}/${voice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, returnObject: { id: voice.id } });
    expect((await all(c.token)).map((m) => m.id)).toEqual([sms.id]);
    expect((await one(c.token, voice.id)).statusCode).toBe(404);
    expect((await served(voice.voiceUrl!)).statusCode).toBe(404);
    expect((await c.api.delete(`${DELETE}/${voice.id}`)).statusCode).toBe(404);
  });

  it("refuses a malformed id (400) and another church's message (404), deleting nothing", async () => {
    const a = await church();
    const b = await church();
    const mine = await created(await form(a.token, 'POST', CREATE, emailFields()));
    expectBadRequest(await b.api.delete(`${DELETE}/not-an-id`), 'id');
    expect((await b.api.delete(`${DELETE}/${mine.id}`)).statusCode).toBe(404);
    expect(await countRows(h.database, 'default_messages', a.tenantId)).toBe(1);
  });
});

describe('default messages without a session', () => {
  it('answer 401 and write nothing; a recording is served only by its exact name', async () => {
    const c = await church();
    const voice = await created(await form(c.token, 'POST', CREATE, voiceFields()));
    const anon = client(h.app, null);
    expect((await anon.get(ALL)).statusCode).toBe(401);
    expect((await anon.get(`${ONE}/${voice.id}`)).statusCode).toBe(401);
    expect((await form(null, 'POST', CREATE, emailFields())).statusCode).toBe(401);
    expect((await form(null, 'PUT', UPDATE, { ...emailFields(), id: voice.id })).statusCode).toBe(401);
    expect((await anon.delete(`${DELETE}/${voice.id}`)).statusCode).toBe(401);
    expect(await countRows(h.database, 'default_messages', c.tenantId)).toBe(1);
    expect((await one(c.token, voice.id)).json().returnObject).toEqual(voice);
    // the recording is public by its random name (a voice gateway fetches it), nothing else is
    expect((await served(voice.voiceUrl!)).statusCode).toBe(200);
    const base = `/api/Settings/DefaultMessageVoice/${c.tenantId}`;
    for (const name of ['00000000-0000-4000-8000-000000000000.wav', '..%2F..%2Fetc%2Fpasswd', 'x.png'])
      expect((await h.app.inject({ method: 'GET', url: `${base}/${name}` })).statusCode).toBe(404);
  });
});
