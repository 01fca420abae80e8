import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { api } from './setup.ts';
import { printTable } from './stats.ts';

/** Members of the church the message goes to (issue 9 'Speed': a message to 10,000 members). */
const MEMBERS = Number(process.env.BENCH_MESSAGE_MEMBERS ?? 10_000);

interface Counts {
  queued: number;
  sending: number;
  sent: number;
  delivered: number;
  undelivered: number;
  failed: number;
}

/**
 * Issue 9 'Speed': a church of MEMBERS people (made in SQL) sends one SMS and one e-mail to
 * 'All contacts'. Prints how long each send call took to answer (the recipients written and
 * their jobs queued; the sending is in the background) and how fast the in-process workers
 * delivered them to the development SMS gateway and the local SMTP capture server (messages
 * per second, from the answer to the last recipient sent).
 */
export async function benchMessaging(baseUrl: string, pool: pg.Pool): Promise<void> {
  const runId = Date.now().toString(36);
  const email = `bench-msg-${runId}@bench.example`;
  const signup = (await api(baseUrl, null).post('/api/onboarding/signup', {
    churchName: 'Bench Messaging Church',
    firstName: 'Ada',
    lastName: 'Obi',
    email,
    phoneNumber: '+2348030000001',
    password: 'bench password 1',
    countryCode: 'NG',
    currency: 'NGN',
  })) as { returnObject: { token: string; tenantId: string } };
  const { token, tenantId } = signup.returnObject;
  // the members, their units and an approved sender ID, in SQL (the bench measures sending)
  await pool.query(
    `insert into people (tenant_id, first_name, last_name, mobile_phone, email)
     select $1, 'Member', 'No ' || i, '+23480' || lpad((40000000 + i)::text, 8, '0'), 'member' || i || '@bench.example'
       from generate_series(1, $2::int) i`,
    [tenantId, MEMBERS],
  );
  await pool.query(`insert into sms_unit_balances (tenant_id, units) values ($1, $2)`, [tenantId, MEMBERS * 2]);
  await pool.query(`insert into sender_ids (tenant_id, mask, status) values ($1, 'BenchChurch', 2)`, [tenantId]);
  const church = api(baseUrl, token);

  const rows: string[][] = [];
  for (const channel of ['sms', 'email'] as const) {
    const t0 = performance.now();
    const res = (await church.post(channel === 'sms' ? '/api/Messaging/sendSms' : '/api/Messaging/sendEmail', {
      subject: channel === 'sms' ? 'BenchChurch' : 'This Sunday at Grace',
      message:
        channel === 'sms'
          ? 'Dear {firstName}, join us this Sunday at 8am for our Thanksgiving service. Bring a friend!'
          : '<p>Dear {firstName},</p><p>Join us this Sunday at 8am for our Thanksgiving service.</p>',
      isPersonalized: true,
      groupedContacts: ['allcontacts_all'],
    })) as { returnObject: { id: string; recipients: number } };
    const accepted = performance.now() - t0;
    const id = res.returnObject.id;
    const read = async () =>
      ((await church.get(`/api/Messaging/getSentSMSbyId?CommReportId=${id}`)) as { counts: Counts }).counts;
    let counts = await read();
    while (counts.queued + counts.sending > 0) {
      await new Promise((r) => setTimeout(r, 200));
      counts = await read();
    }
    const done = performance.now();
    const sent = counts.sent + counts.delivered + counts.undelivered;
    const seconds = (done - t0 - accepted) / 1000;
    rows.push([
      channel === 'sms' ? 'SMS -> development gateway' : 'e-mail -> SMTP capture server',
      String(res.returnObject.recipients),
      `${(accepted / 1000).toFixed(2)} s`,
      seconds.toFixed(1),
      (sent / seconds).toFixed(0),
      String(counts.failed),
    ]);
  }
  printTable(
    `Messaging: one message to ${MEMBERS.toLocaleString('en')} members (goal: accepted in under 2 s, delivered at 100/s or more)`,
    ['message', 'recipients', 'accepted in', 'delivered in (s)', 'messages/s', 'failed'],
    rows,
  );
}
