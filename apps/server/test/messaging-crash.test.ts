import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { call, startServer, stop, stopAll } from './crash-support.ts';

/**
 * Issue 9 'Every recipient is a job': a worker killed mid-batch and restarted finishes the
 * batch with every recipient sent exactly once. The real server (main.ts, with its in-process
 * delivery workers, its SMTP capture server and the development SMS gateway) runs as a child
 * process on PostgreSQL (DATABASE_URL) or on PGlite in a temporary DATA_DIR. An e-mail and an
 * SMS to 200 recipients each are accepted, the process is killed with SIGKILL while sending,
 * and started again on the same database. Then every recipient is sent, and what the capture
 * server and the gateway received holds each recipient exactly once.
 */

const N = 200;
const databaseUrl = process.env.DATABASE_URL || '';
const dataDir = databaseUrl ? '' : mkdtempSync(join(tmpdir(), 'steward-msg-crash-'));
const env: Record<string, string> = {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', DATA_DIR: dataDir }),
  MESSAGING_WORKERS: '2',
  MESSAGING_JOB_EXPIRE_SECONDS: '3',
  SMS_GATEWAY: 'dev',
  SMTP_HOST: '',
};

afterAll(async () => {
  await stopAll();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `fn` on the database while no server holds it (PGlite allows one process at a time). */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir: dataDir || 'memory://' });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('delivery survives a killed worker', () => {
  it('sends every recipient exactly once after a SIGKILL mid-batch', { timeout: 240_000 }, async () => {
    // set-up: a church, then (server stopped) units and an approved sender ID
    let server = await startServer(env);
    const signup = await call(server.base, 'POST', '/api/onboarding/signup', null, {
      churchName: 'Kill Test Church',
      firstName: 'Ada',
      lastName: 'Obi',
      email: `kill${Date.now()}@test.example`,
      phoneNumber: '+2348030000001',
      password: 'correct horse battery',
      countryCode: 'NG',
      currency: 'NGN',
    });
    expect(signup.status, JSON.stringify(signup.json)).toBe(200);
    const { token, tenantId } = (signup.json as { returnObject: { token: string; tenantId: string } }).returnObject;
    await stop(server, 'SIGTERM');
    await withDb(async (db) => {
      await db.execute(sql`insert into sms_unit_balances (tenant_id, units) values (${tenantId}, ${N})`);
      await db.execute(sql`insert into sender_ids (tenant_id, mask, status) values (${tenantId}, 'KillTest', 2)`);
    });

    server = await startServer(env);
    // none ends in 0000 or 9999 (the development gateway's undelivered and invalid numbers)
    const numbers = Array.from({ length: N }, (_, i) => `0803${2_000_101 + i}`);
    const emails = Array.from({ length: N }, (_, i) => `member${i}@kill.example`);
    const sms = await call(server.base, 'POST', '/api/Messaging/sendSms', token, {
      subject: 'KillTest',
      message: 'Prayer meeting tonight at 6pm',
      toOthers: numbers.join(','),
    });
    expect(sms.status, JSON.stringify(sms.json)).toBe(200);
    const email = await call(server.base, 'POST', '/api/Messaging/sendEmail', token, {
      subject: 'Prayer meeting',
      message: '<p>Prayer meeting tonight at 6pm</p>',
      toOthers: emails.join(','),
    });
    expect(email.status, JSON.stringify(email.json)).toBe(200);
    const ids = [sms.json, email.json].map((j) => (j as { returnObject: { id: string } }).returnObject.id);

    // kill it while it is sending: some received, not all
    for (let i = 0; i < 400; i++) {
      const outbox = await call(server.base, 'GET', '/api/Messaging/outbox', token);
      if ((outbox.json as { totalItems: number }).totalItems >= 40) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await stop(server, 'SIGKILL')).toBe('SIGKILL');
    const atKill = await withDb((db) =>
      queryRows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from message_recipients where tenant_id = ${tenantId} group by 1`,
      ),
    );
    const pendingAtKill = atKill.filter((r) => r.status === 'queued' || r.status === 'sending');
    if (process.env.MESSAGING_CRASH_DEBUG) console.log('at kill', atKill);
    expect(
      pendingAtKill.reduce((s, r) => s + r.n, 0),
      'the kill came before the batch was finished',
    ).toBeGreaterThan(0);

    // started again: the new process's workers take over the killed one's jobs
    server = await startServer(env);
    const deadline = Date.now() + 150_000;
    type Counts = { queued: number; sending: number; sent: number; delivered: number; failed: number };
    let counts: Counts[] = [];
    while (Date.now() < deadline) {
      counts = await Promise.all(
        ids.map(async (id) => {
          const r = await call(server.base, 'GET', `/api/Messaging/getSentSMSbyId?CommReportId=${id}`, token);
          return (r.json as { counts: Counts }).counts;
        }),
      );
      if (counts.every((c) => c.queued === 0 && c.sending === 0)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await stop(server, 'SIGTERM');
    for (const c of counts) {
      expect(c.failed).toBe(0);
      expect(c.queued + c.sending).toBe(0);
      expect(c.sent + c.delivered).toBe(N);
    }
    const received = await withDb((db) =>
      queryRows<{ channel: string; key: string; n: number }>(
        db,
        sql`select channel, idempotency_key as key, count(*)::int as n from outbox_messages
             where tenant_id = ${tenantId} group by 1, 2`,
      ),
    );
    expect(received.filter((r) => r.channel === 'sms')).toHaveLength(N);
    expect(received.filter((r) => r.channel === 'email')).toHaveLength(N);
    expect(
      received.filter((r) => r.n !== 1),
      'no recipient received twice',
    ).toEqual([]);
    const units = await withDb((db) =>
      queryRows<{ units: number }>(
        db,
        sql`select units::int as units from sms_unit_balances where tenant_id = ${tenantId}`,
      ),
    );
    expect(units[0]!.units).toBe(0);
  });
});
