import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, signupChurch, startHarness, waitFor, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

/**
 * Issue 9 'Delivery': SMS and e-mail accepted through the client's calls, delivered by the
 * in-process workers (pg-boss) to the development SMS gateway and the local SMTP capture
 * server, with per-recipient statuses, units and the Outbox.
 */
let h: Harness;
let api: Client;
let tenantId: string;

async function grant(tid: string, units: number, mask = 'GraceChurch', status = 2) {
  await h.database.db.execute(
    sql`insert into sms_unit_balances (tenant_id, units) values (${tid}, ${units})
        on conflict (tenant_id) do update set units = excluded.units`,
  );
  await h.database.db.execute(
    sql`insert into sender_ids (tenant_id, mask, status) values (${tid}, ${mask}, ${status}) on conflict do nothing`,
  );
}

beforeAll(async () => {
  h = await startHarness();
  const c = await signupChurch(h.app);
  tenantId = c.tenantId;
  api = client(h.app, c.token);
  await grant(tenantId, 100);
});
afterAll(async () => h?.close());

describe('POST /api/Messaging/sendSms', () => {
  it("sends to typed numbers with the client's body, reports the invalid one, takes units per segment", async () => {
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'GraceChurch',
      message: 'Service starts at 9am on Sunday. Come early!',
      contacts: [],
      isPersonalized: false,
      groupedContacts: [],
      isoCode: 'NG',
      category: '',
      emailAddress: '',
      emailDisplayName: '',
      gateWayToUse: 'hostedsms',
      toOthers: '08030001111, +234 803 000 2222, 12',
      ToContacts: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.unitsUsed).toBe(2);
    expect(body.sentMessageDTO.id).toBe(body.returnObject.id);
    expect(body.returnObject.recipients).toBe(2);
    expect(body.returnObject.invalid).toHaveLength(1);
    expect(body.returnObject.invalid[0].address).toBe('12');

    const report = await waitFor(
      async () => (await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${body.returnObject.id}`)).json(),
      (r) => r.counts.delivered === 2,
    );
    expect(report.counts).toMatchObject({ delivered: 2, failed: 1, queued: 0, sending: 0 });
    expect(report.status).toBe('done');
    expect(report.unitsUsed).toBe(2);
    const addresses = report.recipients.map((r: { address: string }) => r.address).sort();
    expect(addresses).toEqual(['+2348030001111', '+2348030002222', '12']);

    const outbox = (await api.get('/api/Messaging/outbox?channel=sms')).json();
    expect(outbox.totalItems).toBe(2);
    expect(outbox.data.map((m: { to: string }) => m.to).sort()).toEqual(['+2348030001111', '+2348030002222']);
    expect(outbox.data[0]).toMatchObject({ from: 'GraceChurch', text: 'Service starts at 9am on Sunday. Come early!' });
    expect((await api.get('/api/Messaging/units')).json()).toEqual({ units: 98 });
  });

  it('refuses a sender ID that is not approved (400 on subject) and writes nothing', async () => {
    await grant(tenantId, 100, 'Pending1', 0);
    const before = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from communication_reports where tenant_id = ${tenantId}`,
    );
    const res = await api.post('/api/Messaging/sendSms', {
      subject: 'Pending1',
      message: 'Hello',
      toOthers: '08030001111',
    });
    expectBadRequest(res, 'subject');
    const after = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from communication_reports where tenant_id = ${tenantId}`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses when the church has too few units (400 on message), keeping its units', async () => {
    const c = await signupChurch(h.app);
    await grant(c.tenantId, 1);
    const other = client(h.app, c.token);
    const res = await other.post('/api/Messaging/sendSms', {
      subject: 'GraceChurch',
      message: 'Hello everyone',
      toOthers: '08030001111,08030002222',
    });
    expectBadRequest(res, 'message');
    expect(res.json().response).toContain('needs 2');
    expect((await other.get('/api/Messaging/units')).json()).toEqual({ units: 1 });
  });

  it('answers 401 without a session and 404 for another church’s message', async () => {
    expect((await client(h.app, null).post('/api/Messaging/sendSms', { message: 'x' })).statusCode).toBe(401);
    const c = await signupChurch(h.app);
    await grant(c.tenantId, 10);
    const other = client(h.app, c.token);
    const sent = (
      await other.post('/api/Messaging/sendSms', { subject: 'GraceChurch', message: 'Hi', toOthers: '08030003333' })
    ).json();
    const res = await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${sent.returnObject.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/Messaging/sendEmail', () => {
  it('delivers each address to the SMTP capture server, with subject, HTML and headers', async () => {
    const res = await api.post('/api/Messaging/sendEmail', {
      ispersonalized: false,
      contacts: [{ email: 'treasurer@example.org' }, { email: 'Pastor@Example.org' }, { email: 'not-an-address' }],
      subject: 'Report For Sunday Service',
      message: '<h1>Offering report</h1><p><a href="https://steward.example/tenant/report/x">View full report</a></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.returnObject.recipients).toBe(2);
    expect(body.returnObject.invalid).toEqual([
      { address: 'not-an-address', name: '', reason: 'Not an e-mail address' },
    ]);
    const report = await waitFor(
      async () => (await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${body.returnObject.id}`)).json(),
      (r) => r.counts.sent === 2,
    );
    expect(report.counts.sent).toBe(2);
    const outbox = (await api.get('/api/Messaging/outbox?channel=email')).json();
    expect(outbox.totalItems).toBe(2);
    const mail = outbox.data.find((m: { to: string }) => m.to === 'pastor@example.org');
    expect(mail.subject).toBe('Report For Sunday Service');
    expect(mail.html).toContain('View full report');
    expect(mail.text).toContain('View full report');
    expect(mail.headers.some((l: string) => /^message-id: <[0-9a-f-]+@steward\.local>/i.test(l))).toBe(true);
  });

  it('refuses an e-mail without a subject (400 on subject) or without destinations (400)', async () => {
    expectBadRequest(
      await api.post('/api/Messaging/sendEmail', { message: '<p>x</p>', contacts: [{ email: 'a@b.org' }] }),
      'subject',
    );
    expectBadRequest(await api.post('/api/Messaging/sendEmail', { subject: 'S', message: '<p>x</p>' }), 'destinations');
  });
});

describe('SMS units', () => {
  it('are granted to a church named by a user e-mail (npm run sms:units), adding to what it has', async () => {
    const { grantSmsUnits } = await import('../src/modules/messaging/units-service.ts');
    const c = await signupChurch(h.app);
    expect(await grantSmsUnits(h.database.db, c.email, 300)).toEqual({ tenantId: c.tenantId, units: 300 });
    expect((await grantSmsUnits(h.database.db, c.email.toUpperCase(), 200)).units).toBe(500);
    expect((await client(h.app, c.token).get('/api/Membership/GetCurrentSignedInUser')).json().smsBalance).toBe(500);
    await expect(grantSmsUnits(h.database.db, 'nobody@nowhere.example', 5)).rejects.toThrow('No user');
    await expect(grantSmsUnits(h.database.db, c.email, 0)).rejects.toThrow('whole number');
  });
});
