import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemo } from '../src/demo/seed-demo.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { client, trialBalance } from './helpers.ts';

/**
 * The demo church `npm start` creates (README 'The two commands'): it signs in with the printed
 * credentials and shows every finance capability with data: offerings, incomes, expenses (one
 * approved), a journal, last Sunday's approved report, members and first-timers; its books balance.
 */

// The demo is made only in an empty database, as `npm start` makes it on the embedded one: this
// file opens its own in-memory PGlite database (the shared CI PostgreSQL holds other churches).
let h: { app: BuiltApp; database: Database };
const TODAY = dayjs('2026-11-23'); // a Monday: last Sunday is 2026-11-22
beforeAll(async () => {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  h = { app, database };
});
afterAll(async () => {
  await h.app.close();
  await h.database.close();
});

interface Doc {
  category: string;
  approved: boolean;
  narration: string;
}

describe('the demo church', () => {
  it('is created once, signs in, and shows balanced books with every kind of finance record', async () => {
    const logged: string[] = [];
    expect(await ensureDemo(h.database.db, { log: (m) => logged.push(m), today: TODAY })).toBe(true);
    expect(logged.join('\n')).toContain(DEMO_EMAIL);
    expect(await ensureDemo(h.database.db, { log: () => undefined, today: TODAY })).toBe(false);

    const login = await h.app.inject({
      method: 'POST',
      url: '/login',
      payload: { userName: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, tenantId } = login.json() as { token: string; tenantId: string };
    const api = client(h.app, token);

    // every currency of the ledger sums to zero
    for (const total of Object.values(await trialBalance(h.database, tenantId))) expect(total).toBe(0n);

    const docs = (await api.get('/api/Financials/Accounts/v2/Transactions?page=1')).json() as {
      records: Doc[];
      totalItems: number;
    };
    expect(docs.totalItems).toBe(4);
    expect(docs.records.filter((d) => d.category === 'inflow')).toHaveLength(1);
    expect(docs.records.filter((d) => d.category === 'outflow')).toHaveLength(2);
    expect(docs.records.filter((d) => d.category === 'Journal')).toHaveLength(1);
    expect(docs.records.filter((d) => d.approved).map((d) => d.narration)).toEqual(['Electricity bill (November)']);

    const offerings = (await api.get('/api/Financials/Contributions/Transactions?page=1')).json() as {
      totalItems: number;
    };
    expect(offerings.totalItems).toBeGreaterThan(60);

    const events = (await api.get('/api/Events/EventActivity')).json() as {
      activityID: string;
      name: string;
      date: string;
    }[];
    const lastService = events.find((e) => e.name === 'Sunday Service' && e.date.startsWith('2026-11-22'));
    expect(lastService).toBeDefined();
    const status = await api.get(`/api/Offering/report/status?date=2026-11-22&activityId=${lastService!.activityID}`);
    expect(status.statusCode, status.body).toBe(200);
    expect((status.json() as { returnObject: { status: string } }).returnObject.status).toBe('approved');

    const basic = (await api.get('/dashboard/basic')).json() as {
      returnObject: { memberCount: number; firstTimerCount: number };
    };
    expect(basic.returnObject.memberCount).toBeGreaterThan(10);
    expect(basic.returnObject.firstTimerCount).toBeGreaterThan(0);

    // settings (issue 8): guest life-cycle stages with one default, branch levels from 0
    const stages = (await api.get('/firstimercycle')).json() as {
      returnObject: { name: string; isDefault: boolean; order: number }[];
    };
    expect(stages.returnObject.map((st) => st.order)).toEqual([1, 2, 3, 4, 5]);
    expect(stages.returnObject.filter((st) => st.isDefault).map((st) => st.name)).toEqual(['First visit']);
    const levels = (await api.get('/branching/hierarchies')).json() as {
      returnObject: { name: string; level: number }[];
    };
    expect(levels.returnObject.map((l) => `${l.level} ${l.name}`)).toEqual([
      '0 Headquarters',
      '1 Region',
      '2 Zone',
      '3 Parish',
    ]);

    // custom fields of several control types, and a three-level group tree with members
    const fields = (await api.get('/api/CustomFields/GetAllCustomFields')).json() as {
      label: string;
      controlType: number;
      entityType: number;
      parameterValues: string;
    }[];
    expect(new Set(fields.map((f) => f.controlType)).size).toBeGreaterThanOrEqual(5);
    expect(fields.find((f) => f.label === 'Department')?.parameterValues).toBe('Choir,Ushering,Media,Children');
    expect(fields.some((f) => f.entityType === 5)).toBe(true);
    interface Node {
      name: string;
      peopleInGroupsCount: number;
      children: Node[];
    }
    const tree = (await api.get('/api/GetAllGroupBasicInformation')).json() as {
      response: { groupResonseDTO: Node[] };
    };
    const departments = tree.response.groupResonseDTO.find((g) => g.name === 'Departments');
    const choir = departments?.children.find((g) => g.name === 'Choir');
    expect(choir?.children.map((g) => g.name)).toEqual(['Altos', 'Sopranos', 'Tenors']);
    expect(choir!.children.every((g) => g.peopleInGroupsCount === 2)).toBe(true);

    // messaging (issue 9): units left after a sent SMS, an approved sender ID, the sent lists,
    // a reply and the Outbox of the local stand-ins
    const me = (await api.get('/api/Membership/GetCurrentSignedInUser')).json() as { smsBalance: number };
    expect(me.smsBalance).toBeGreaterThan(2000);
    expect(me.smsBalance).toBeLessThan(2500);
    const masks = (await api.get('/api/Messaging/RetrieveTenantSenderIDs')).json() as {
      returnObject: { mask: string; status: number }[];
    };
    expect(masks.returnObject.find((m) => m.mask === 'GraceChurch')?.status).toBe(2);
    const sentSms = (await api.get('/api/Messaging/getAllSentSms?page=1')).json() as {
      totalItems: number;
      data: { id: string; counts: { delivered: number; undelivered: number } }[];
    };
    expect(sentSms.totalItems).toBe(1);
    expect(sentSms.data[0]!.counts).toMatchObject({ delivered: 17, undelivered: 1 });
    const report = (await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${sentSms.data[0]!.id}`)).json() as {
      status: string;
      unitsUsed: number;
    };
    expect(report.status).toBe('done');
    expect(me.smsBalance + report.unitsUsed).toBe(2500);
    expect(
      ((await api.get('/api/Messaging/getAllSentEmails?page=1')).json() as { totalItems: number }).totalItems,
    ).toBe(1);
    expect(((await api.get('/api/Messaging/GetAllSmsReplies?page=1')).json() as unknown[]).length).toBe(2);
    expect(((await api.get('/api/Messaging/outbox')).json() as { totalItems: number }).totalItems).toBe(36);
    const defaults = (await api.get('/api/Settings/AllDefaultMessages')).json() as { returnObject: unknown[] };
    expect(defaults.returnObject.length).toBeGreaterThanOrEqual(5);

    // event registration (issue 12): the free Family Sunday and the paid Youth Retreat, whose three
    // paid registrations are in the books once, under Event Registration Fees
    const setups = (await api.get('/api/EventRegistration/Setups?page=1')).json() as {
      data: {
        eventName: string;
        isPaidFor: boolean;
        amount: number | null;
        registeredCount: number;
        placesLeft: number | null;
        status: string;
      }[];
    };
    const retreat = setups.data.find((r) => r.eventName.startsWith('Youth Retreat'));
    expect(retreat).toMatchObject({
      isPaidFor: true,
      amount: 5000,
      registeredCount: 3,
      placesLeft: 57,
      status: 'open',
    });
    expect(setups.data.find((r) => r.eventName.startsWith('Family Sunday'))).toMatchObject({ isPaidFor: false });
    const chart = (await api.get('/api/Financials/GetChartOfAccounts')).json() as {
      accountwithHeads: { accounts: { code: string; balance: number }[] }[];
    };
    expect(chart.accountwithHeads[3]!.accounts.find((a) => a.code === '4200')?.balance).toBe(15000);
  });
});
