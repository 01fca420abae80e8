import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { client, signupChurch, startHarness, waitFor, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * Issue 9 'Composing': destinations (all contacts, a group, people, typed numbers), merge
 * fields, drafts, scheduling, opt-outs (a STOP reply), the destination groups; and the Termii
 * webhook (signed delivery reports and replies).
 */
let h: Harness;
let api: Client;
let tenantId: string;
const people: Record<string, string> = {};
let choir = '';

beforeAll(async () => {
  h = await startHarness();
  const c = await signupChurch(h.app);
  tenantId = c.tenantId;
  api = client(h.app, c.token);
  await h.database.db.execute(sql`insert into sms_unit_balances (tenant_id, units) values (${tenantId}, 1000)`);
  await h.database.db.execute(sql`insert into sender_ids (tenant_id, mask, status) values (${tenantId}, 'Grace', 2)`);
  for (const [first, last, phone, email] of [
    ['Ada', 'Obi', '08031110001', 'ada@example.org'],
    ['Bola', 'Ade', '08031110002', 'bola@example.org'],
    ['Chidi', 'Eze', '', 'chidi@example.org'],
  ] as const) {
    const [row] = await queryRows<{ id: string }>(
      h.database.db,
      sql`insert into people (tenant_id, first_name, last_name, mobile_phone, email)
          values (${tenantId}, ${first}, ${last}, ${phone || null}, ${email}) returning id`,
    );
    people[first] = row!.id;
  }
  const [g] = await queryRows<{ id: string }>(
    h.database.db,
    sql`insert into groups (tenant_id, name) values (${tenantId}, 'Choir') returning id`,
  );
  choir = g!.id;
  await h.database.db.execute(
    sql`insert into group_members (tenant_id, group_id, person_id) values (${tenantId}, ${choir}, ${people.Ada!}),
        (${tenantId}, ${choir}, ${people.Bola!})`,
  );
});
afterAll(async () => h?.close());

describe('destinations and merge fields', () => {
  it('lists the destination groups with their member counts', async () => {
    const res = await api.get('/api/Messaging/getCommunicationGroups');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      allcontacts: [{ id: 'all', name: 'All Contacts', category: 'allcontacts', count: 3 }],
      group: [{ id: choir, name: 'Choir', category: 'group', count: 2 }],
    });
  });

  it('sends to all contacts personalised; a member without a number is reported, not dropped', async () => {
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'Grace',
      message: 'Dear {firstName}, {churchName} prays for you',
      isPersonalized: true,
      groupedContacts: ['allcontacts_all'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.returnObject.recipients).toBe(2);
    expect(body.returnObject.invalid).toEqual([
      expect.objectContaining({ name: 'Chidi Eze', reason: 'No phone number' }),
    ]);
    await waitFor(
      async () => (await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${body.returnObject.id}`)).json(),
      (r) => r.counts.delivered === 2,
    );
    const outbox = (await api.get('/api/Messaging/outbox?channel=sms')).json();
    const texts = outbox.data.map((m: { text: string }) => m.text).sort();
    expect(texts[0]).toMatch(/^Dear Ada, Test Church \d+ prays for you$/);
    expect(texts[1]).toMatch(/^Dear Bola, /);
  });

  it('sends to a group and a person by id, each address once', async () => {
    const res = await api.post('/api/Messaging/sendEmail', {
      subject: 'Choir practice',
      message: '<p>Practice on Saturday</p>',
      groupedContacts: [`group_${choir}`],
      ToContacts: `${people.Ada},${people.Chidi}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toMatchObject({ recipients: 3, invalid: [] });
  });

  it('refuses a group or person of another church (400) and writes nothing', async () => {
    const other = await signupChurch(h.app);
    const [g] = await queryRows<{ id: string }>(
      h.database.db,
      sql`insert into groups (tenant_id, name) values (${other.tenantId}, 'Theirs') returning id`,
    );
    expectBadRequest(
      await api.post('/api/Messaging/sendEmail', { subject: 'x', message: 'y', groupedContacts: [`group_${g!.id}`] }),
      'groupedContacts',
    );
    expectBadRequest(
      await api.post('/api/Messaging/sendEmail', { subject: 'x', message: 'y', ToContacts: g!.id }),
      'ToContacts',
    );
    expectBadRequest(
      await api.post('/api/Messaging/sendEmail', { subject: 'x', message: 'y', groupedContacts: ['nonsense'] }),
      'groupedContacts',
    );
  });
});

describe('drafts, schedules and opt-outs', () => {
  it('keeps a draft without sending or taking units, and lists it', async () => {
    const before = (await api.get('/api/Messaging/units')).json().units;
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'Grace',
      message: 'Draft: harvest thanksgiving',
      toOthers: '08031110009',
      isDraft: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toMatchObject({ status: 'draft', unitsUsed: 0 });
    const drafts = (await api.get('/api/Messaging/getSMSDrafts')).json();
    expect(drafts).toEqual([expect.objectContaining({ body: 'Draft: harvest thanksgiving', subject: 'Grace' })]);
    expect((await api.get('/api/Messaging/units')).json().units).toBe(before);
    const sent = (await api.get('/api/Messaging/getAllSentSms?page=1')).json();
    expect(sent.data.some((m: { message: string }) => m.message.startsWith('Draft:'))).toBe(false);
  });

  it('schedules a message for later: units taken now, nothing sent yet', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'Grace',
      message: 'See you at the vigil',
      toOthers: '08031110005',
      scheduledAt: at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnObject).toMatchObject({ status: 'scheduled', scheduledAt: at, unitsUsed: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    const report = (await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${res.json().returnObject.id}`)).json();
    expect(report).toMatchObject({ status: 'scheduled', counts: expect.objectContaining({ queued: 1, sent: 0 }) });
  });

  it('a STOP reply opts the number out: the next message leaves it out and says so', async () => {
    const reply = await api.post('/api/Messaging/outbox/reply', { from: '08031110002', text: 'STOP' });
    expect(reply.statusCode, reply.body).toBe(200);
    const replies = (await api.get('/api/Messaging/GetAllSmsReplies?page=1')).json();
    expect(replies[0]).toMatchObject({ phone: '+2348031110002', message: 'STOP' });
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'Grace',
      message: 'Rehearsal moved to 5pm',
      groupedContacts: [`group_${choir}`],
    });
    expect(res.json().returnObject).toMatchObject({ recipients: 1, optedOut: 1 });
  });

  it('refuses a reply from a number the church never messaged (400 on from)', async () => {
    expectBadRequest(await api.post('/api/Messaging/outbox/reply', { from: '08039998888', text: 'Hi' }), 'from');
  });
});

describe('the Termii webhook', () => {
  let app: BuiltApp;
  const secret = 'termii-test-secret';
  beforeAll(async () => {
    // a second app on the same database with the Termii gateway configured (no workers: this
    // checks the webhook, the adapter has its own tests against a local Termii server)
    app = await buildApp({
      config: loadConfig({
        ...process.env,
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        SMS_GATEWAY: 'termii',
        TERMII_API_KEY: 'test-key',
        TERMII_SECRET_KEY: secret,
        MESSAGING_WORKERS: '0',
      }),
      database: h.database,
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  const post = (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: '/api/Messaging/termii/events',
      headers: {
        'content-type': 'application/json',
        'x-termii-signature': signature ?? createHmac('sha512', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
  };

  it('refuses a report whose signature does not match (401) and changes nothing', async () => {
    const res = await post({ type: 'outbound', id: 'x', message_id: 'x', status: 'Delivered' }, 'bad');
    expect(res.statusCode).toBe(401);
  });

  it('applies a signed delivery report to the recipient with that gateway id', async () => {
    const [r] = await queryRows<{ id: string }>(
      h.database.db,
      sql`select m.id from message_recipients m join communication_reports c on c.id = m.report_id
           where m.tenant_id = ${tenantId} and c.channel = 'sms' and m.status = 'delivered' limit 1`,
    );
    await h.database.db.execute(
      sql`update message_recipients set status = 'sent', provider_message_id = 'termii-1:2348031110001' where id = ${r!.id}`,
    );
    const res = await post({
      type: 'outbound',
      id: 'evt-1',
      message_id: 'termii-1',
      receiver: '2348031110001',
      sender: 'Grace',
      message: 'x',
      status: 'DND Active on Phone Number',
      sent_at: '2026-11-23 10:00:00',
      cost: '1',
      channel: 'dnd',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await queryRows<{ status: string; reason: string | null }>(
      h.database.db,
      sql`select status, reason from message_recipients where id = ${r!.id}`,
    );
    expect(after).toEqual({ status: 'undelivered', reason: 'DND Active on Phone Number' });
  });
});
