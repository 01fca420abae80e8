import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import { expectBadRequest, NGN, NIL_ID, USD } from './fixtures.ts';
import {
  createEvent,
  DELETE,
  DELETE_MANY,
  EDIT,
  ONE,
  offeringChurch,
  SAVE,
  saveRows,
  type OfferingChurch,
} from './offering-setup.ts';

/**
 * Issue 7: the offering report approved (who and when), its offerings locked while approved,
 * marked as sent, shared through a link that opens only that report without a session, its
 * e-mail version, and a multi-currency report whose converted column adds up to the total.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const STATUS = '/api/Offering/report/status';
const APPROVE = '/api/Offering/report/approve';
const UNAPPROVE = '/api/Offering/report/unapprove';
const MARK_SENT = '/api/Events/markAsSent';
const LINKS = '/api/Offering/report/shareLinks';
const REVOKE = '/api/Offering/report/shareLinks/revoke';
const EMAIL = '/api/Offering/report/email-html';
const SHARED = '/api/Offering/sharedReport';
const REPORT = '/api/Offering/contributionReport';
const GHS = 936;
const DAY = '2026-11-22';

const row = (c: OfferingChurch, amount: number | string, extra: Record<string, unknown> = {}) => ({
  financialContributionID: c.sundayItem,
  date: DAY,
  amount,
  paymentChannel: 'Cash',
  currencyID: NGN,
  ...extra,
});

interface Person {
  id: string;
  name: string;
}
interface State {
  date: string;
  activityId: string | null;
  status: 'draft' | 'approved';
  approved: boolean;
  approvedAt: string | null;
  approvedBy: Person | null;
  unapprovedAt: string | null;
  unapprovedBy: Person | null;
  sentAt: string | null;
  sentBy: Person | null;
  shareLinks: { id: string; createdAt: string; createdBy: string }[];
}

const state = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; response: string; returnObject: State };
  expect(body.status).toBe(true);
  return body;
};

const eventKey = (c: OfferingChurch) => ({ date: DAY, activityId: c.eventId });
const query = (k: { date: string; activityId?: string }) =>
  `date=${k.date}${k.activityId ? `&activityId=${k.activityId}` : ''}`;

async function approve(c: OfferingChurch, key: { date: string; activityId?: string } = eventKey(c)) {
  return state(await c.api.post(APPROVE, key));
}

async function shareLink(c: OfferingChurch, key: { date: string; activityId?: string } = eventKey(c)) {
  const res = await c.api.post(LINKS, key);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string; token: string; path: string } }).returnObject;
}

const publicView = (url: string) => client(h.app, null).get(url);

async function userId(tenantId: string): Promise<string> {
  const [u] = await queryRows<{ id: string }>(h.database.db, sql`select id from users where tenant_id = ${tenantId}`);
  return u!.id;
}

describe('approving and unapproving the offering report', () => {
  it('records who approved and when, then who unapproved and when; the day and the event reports are separate', async () => {
    const c = await offeringChurch(h.app);
    await saveRows(c.api, [row(c, 5000, { activityID: c.eventId }), row(c, 700)]);
    const draft = state(await c.api.get(`${STATUS}?${query(eventKey(c))}`)).returnObject;
    expect(draft).toMatchObject({
      date: DAY,
      activityId: c.eventId,
      status: 'draft',
      approved: false,
      approvedAt: null,
      approvedBy: null,
      sentAt: null,
      shareLinks: [],
    });
    expect(await countRows(h.database, 'offering_reports', c.tenantId)).toBe(0);

    const before = Date.now();
    const approved = await approve(c);
    const after = Date.now();
    expect(approved.response).toBe('Report approved');
    const me = await userId(c.tenantId);
    expect(approved.returnObject).toMatchObject({
      status: 'approved',
      approved: true,
      approvedBy: { id: me, name: 'Ada Obi' },
    });
    const at = Date.parse(approved.returnObject.approvedAt!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);

    // approving again changes nothing
    const again = await approve(c);
    expect(again.response).toBe('The report was already approved');
    expect(again.returnObject.approvedAt).toBe(approved.returnObject.approvedAt);
    expect(state(await c.api.get(`${STATUS}?${query(eventKey(c))}`)).returnObject.approved).toBe(true);
    // the whole day's report (no event, or the nil id) is another report, still a DRAFT
    expect(state(await c.api.get(`${STATUS}?date=${DAY}`)).returnObject.status).toBe('draft');
    expect(state(await c.api.get(`${STATUS}?date=11/22/2026&activityId=${NIL_ID}`)).returnObject.activityId).toBeNull();

    const [stored] = await queryRows<{ approved_by: string; activity_id: string; report_date: string }>(
      h.database.db,
      sql`select approved_by, activity_id, report_date::text from offering_reports where tenant_id = ${c.tenantId}`,
    );
    expect(stored).toEqual({ approved_by: me, activity_id: c.eventId, report_date: DAY });

    const undone = state(await c.api.post(UNAPPROVE, eventKey(c)));
    expect(undone.response).toBe('Report unapproved');
    expect(undone.returnObject).toMatchObject({
      status: 'draft',
      approved: false,
      approvedAt: null,
      approvedBy: null,
      unapprovedBy: { id: me, name: 'Ada Obi' },
    });
    expect(Date.parse(undone.returnObject.unapprovedAt!)).toBeGreaterThanOrEqual(at);
    expect(state(await c.api.post(UNAPPROVE, eventKey(c))).response).toBe('The report was not approved');
  });

  it('refuses to approve a report without offerings (409), writing nothing', async () => {
    const c = await offeringChurch(h.app);
    const res = await c.api.post(APPROVE, { date: '2026-11-29' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ status: false, response: 'This report has no offerings to approve' });
    expect(await countRows(h.database, 'offering_reports', c.tenantId)).toBe(0);
  });
});

describe('offerings of an approved report', () => {
  it('cannot be edited or deleted (409, nothing changed) until the report is unapproved', async () => {
    const c = await offeringChurch(h.app);
    const otherEvent = await createEvent(c.api, c.categoryId, '2026-11-29');
    const [a, b, dayOnly, elsewhere] = await saveRows(c.api, [
      row(c, 1000, { activityID: c.eventId }),
      row(c, 2000, { activityID: c.eventId }),
      row(c, 300),
      row(c, 400, { date: '2026-11-29', activityID: otherEvent }),
    ]);
    await approve(c);
    const ledgerBefore = await trialBalance(h.database, c.tenantId);
    const entriesBefore = await countRows(h.database, 'journal_entries', c.tenantId);

    const refused = (res: { statusCode: number; body: string; json(): unknown }) => {
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json() as { status: boolean; response: string };
      expect(body.status).toBe(false);
      expect(body.response).toBe(
        'The offering report of 11/22/2026 (Sunday Service) is approved: unapprove it before changing its offerings',
      );
    };
    refused(await c.api.put(EDIT, [row(c, 1500, { id: a!.id, activityID: c.eventId })]));
    refused(await c.api.delete(`${DELETE}?ID=${a!.id}`));
    refused(await c.api.post(DELETE_MANY, [elsewhere!.id, b!.id]));
    // moving an offering into the approved report is a change of that report too
    refused(await c.api.put(EDIT, [row(c, 300, { id: dayOnly!.id, activityID: c.eventId })]));
    // and so is a new offering of its date and event, saved alone or added by an edit
    const offeringsBefore = await countRows(h.database, 'offering_transactions', c.tenantId);
    refused(await c.api.post(SAVE, [row(c, 700, { activityID: c.eventId })]));
    refused(
      await c.api.put(EDIT, [
        row(c, 450, { id: elsewhere!.id, date: '2026-11-29', activityID: otherEvent }),
        row(c, 800, { activityID: c.eventId }),
      ]),
    );
    expect(await countRows(h.database, 'offering_transactions', c.tenantId)).toBe(offeringsBefore);
    expect(((await c.api.get(`${ONE}?ID=${a!.id}`)).json() as { amount: number }).amount).toBe(1000);
    expect((await c.api.get(`${ONE}?ID=${elsewhere!.id}`)).statusCode).toBe(200);
    expect(await countRows(h.database, 'journal_entries', c.tenantId)).toBe(entriesBefore);
    expect(await trialBalance(h.database, c.tenantId)).toEqual(ledgerBefore);

    // the event's report does not cover the day's offerings without an event, nor another date
    expect((await c.api.put(EDIT, [row(c, 350, { id: dayOnly!.id })])).statusCode).toBe(200);
    expect(
      (await c.api.put(EDIT, [row(c, 450, { id: elsewhere!.id, date: '2026-11-29', activityID: otherEvent })]))
        .statusCode,
    ).toBe(200);

    // the whole day's report covers every offering of the date, with or without an event
    await state(await c.api.post(UNAPPROVE, eventKey(c)));
    await approve(c, { date: DAY });
    const dayRefusal = await c.api.put(EDIT, [row(c, 360, { id: dayOnly!.id })]);
    expect(dayRefusal.statusCode).toBe(409);
    expect(dayRefusal.json()).toMatchObject({
      response: 'The offering report of 11/22/2026 is approved: unapprove it before changing its offerings',
    });
    expect((await c.api.delete(`${DELETE}?ID=${b!.id}`)).statusCode).toBe(409);
    await state(await c.api.post(UNAPPROVE, { date: DAY }));

    // unapproved: editing and deleting work again
    expect((await c.api.put(EDIT, [row(c, 1500, { id: a!.id, activityID: c.eventId })])).statusCode).toBe(200);
    expect((await c.api.delete(`${DELETE}?ID=${b!.id}`)).statusCode).toBe(200);
    expect((await c.api.post(DELETE_MANY, [dayOnly!.id])).statusCode).toBe(200);
    const report = (await c.api.get(`${REPORT}?${query(eventKey(c))}`)).json() as {
      returnObject: { totalToday: number };
    };
    expect(report.returnObject.totalToday).toBe(1500);
  });
});

describe('GET /api/Events/markAsSent', () => {
  it('records when an approved report was sent; refuses a DRAFT', async () => {
    const c = await offeringChurch(h.app);
    await saveRows(c.api, [row(c, 5000, { activityID: c.eventId })]);
    const draft = await c.api.get(`${MARK_SENT}?activityId=${c.eventId}&date=${DAY}`);
    expect(draft.statusCode, draft.body).toBe(409);
    expect(draft.json()).toMatchObject({ response: 'Approve the report before marking it as sent' });
    expect(await countRows(h.database, 'offering_reports', c.tenantId)).toBe(0);

    await approve(c);
    const before = Date.now();
    const sent = state(await c.api.get(`${MARK_SENT}?activityId=${c.eventId}&date=${DAY}`));
    expect(sent.response).toBe('Marked as sent today');
    expect(sent.returnObject.sentBy).toMatchObject({ name: 'Ada Obi' });
    expect(Date.parse(sent.returnObject.sentAt!)).toBeGreaterThanOrEqual(before - 1000);
    // as the existing client calls it: the event only (its latest approved report)
    const again = state(await c.api.get(`${MARK_SENT}?activityID=${c.eventId}`));
    expect(again.returnObject.date).toBe(DAY);
    expect(Date.parse(again.returnObject.sentAt!)).toBeGreaterThanOrEqual(Date.parse(sent.returnObject.sentAt!));
    expect(state(await c.api.get(`${STATUS}?${query(eventKey(c))}`)).returnObject.sentAt).toBe(
      again.returnObject.sentAt,
    );
  });

  it('answers 400 without a date or event, 404 for an event without an approved report or of another church, 401 without a session', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    expectBadRequest(await c.api.get(MARK_SENT), 'date');
    expectBadRequest(await c.api.get(`${MARK_SENT}?activityId=not-an-id`), 'activityId');
    expectBadRequest(await c.api.get(`${MARK_SENT}?activityId=${c.eventId}&date=2026-02-30`), 'date');
    expect((await c.api.get(`${MARK_SENT}?activityId=${c.eventId}`)).statusCode).toBe(404);
    expect((await c.api.get(`${MARK_SENT}?activityId=${other.eventId}&date=${DAY}`)).statusCode).toBe(404);
    expect((await client(h.app, null).get(`${MARK_SENT}?activityId=${c.eventId}`)).statusCode).toBe(401);
  });
});

describe('share links', () => {
  it('open that one report without a session; the token is stored only as its SHA-256', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    await saveRows(c.api, [
      row(c, '12,500.50', { activityID: c.eventId, personID: c.donorId }),
      row(c, 3000, { activityID: c.eventId, financialContributionID: c.titheItem, paymentChannel: 'POS' }),
      row(c, 777), // the same day, no event: not in the event's report
      row(c, 888, { date: '2026-11-15', activityID: c.eventId }),
    ]);
    await saveRows(other.api, [row(other, 999, { activityID: other.eventId })]);

    const draft = await c.api.post(LINKS, eventKey(c));
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ response: 'Approve the report before sharing it' });
    expect(await countRows(h.database, 'offering_report_links', c.tenantId)).toBe(0);

    await approve(c);
    const link = await shareLink(c);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(link.path).toBe(`/r/${link.token}`);

    // stored as its SHA-256 only: no column of any link row holds the token
    const stored = await queryRows<{ token_hash: string; row_text: string }>(
      h.database.db,
      sql`select token_hash, l::text as row_text from offering_report_links l where tenant_id = ${c.tenantId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(stored[0]!.row_text).not.toContain(link.token);

    const res = await publicView(`${SHARED}?token=${link.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = (res.json() as { returnObject: Record<string, unknown> }).returnObject;
    expect(shared).toMatchObject({
      churchName: expect.stringMatching(/^Test Church \d+$/),
      activityName: 'Sunday Service',
      date: DAY,
      tenantCurrency: 'NGN',
      totalToday: 15500.5,
    });
    const rows = shared.rows as { contribution: string; channel: string; amount: number }[];
    expect(rows.map((r) => [r.contribution, r.channel, r.amount])).toEqual([
      ['Sunday Offering', 'Cash', 12500.5],
      ['Tithe', 'POS', 3000],
    ]);
    // nothing else of the church: no donors, no other day's or event's offerings, no ids
    expect(res.body).not.toContain('Ngozi');
    expect(res.body).not.toContain('777');
    expect(res.body).not.toContain('888');
    expect(res.body).not.toContain(c.eventId);
    expect(res.body).not.toContain(c.tenantId);
    // the token is no session: nothing else answers to it
    const asBearer = await client(h.app, link.token).get('/api/Financials/Contributions/Transactions');
    expect(asBearer.statusCode).toBe(401);
    // routing is case-insensitive, the token is not
    expect((await publicView(`/api/offering/sharedreport?TOKEN=${link.token}`)).statusCode).toBe(200);
    const flipped = link.token.replace(/[a-z]/, (ch) => ch.toUpperCase());
    if (flipped !== link.token) expect((await publicView(`${SHARED}?token=${flipped}`)).statusCode).toBe(404);

    // the administrator sees the active link
    const st = state(await c.api.get(`${STATUS}?${query(eventKey(c))}`)).returnObject;
    expect(st.shareLinks).toEqual([{ id: link.id, createdAt: expect.any(String), createdBy: 'Ada Obi' }]);

    // another church's link opens its own report only
    await approve(other);
    const otherLink = await shareLink(other);
    const otherView = await publicView(`${SHARED}?token=${otherLink.token}`);
    expect((otherView.json() as { returnObject: { totalToday: number } }).returnObject.totalToday).toBe(999);
    expect(otherView.body).not.toContain('12500.5');
  });

  it('answer 404 for an unknown token, 400 for a malformed one, 409 while unapproved, 410 once revoked', async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    await saveRows(c.api, [row(c, 4200, { activityID: c.eventId })]);
    await approve(c);
    const link = await shareLink(c);
    const second = await shareLink(c);
    expect(second.token).not.toBe(link.token);

    const unknown = await publicView(`${SHARED}?token=${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, response: 'This link does not open any report' });
    expectBadRequest(await publicView(`${SHARED}?token=short`), 'token');
    expectBadRequest(await publicView(`${SHARED}?token=${'x'.repeat(42)}$`), 'token');
    expectBadRequest(await publicView(`${SHARED}?token=%ED%A0%80`), 'token'); // a lone surrogate
    expectBadRequest(await publicView(SHARED), 'token');

    // while the report is being revised the link shows nothing
    await state(await c.api.post(UNAPPROVE, eventKey(c)));
    expect((await publicView(`${SHARED}?token=${link.token}`)).statusCode).toBe(409);
    await approve(c);
    expect((await publicView(`${SHARED}?token=${link.token}`)).statusCode).toBe(200);

    // another church cannot see or withdraw them: its own report of that date has no links
    expect((await other.api.post(REVOKE, eventKey(c))).statusCode).toBe(404);
    const otherRevoke = state(await other.api.post(REVOKE, { date: DAY }));
    expect((otherRevoke.returnObject as unknown as { revoked: number }).revoked).toBe(0);
    expect((await publicView(`${SHARED}?token=${link.token}`)).statusCode).toBe(200);

    const revoked = state(await c.api.post(REVOKE, eventKey(c)));
    expect(revoked.response).toBe('2 share link(s) withdrawn');
    expect(revoked.returnObject).toMatchObject({ revoked: 2, shareLinks: [] });
    for (const t of [link.token, second.token]) {
      const gone = await publicView(`${SHARED}?token=${t}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ status: false, response: 'This link was withdrawn', returnObject: null });
    }
    const [trail] = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from offering_report_links where tenant_id = ${c.tenantId} and revoked_at is not null and revoked_by is not null`,
    );
    expect(trail!.n).toBe(2);
    // a new link works again
    const fresh = await shareLink(c);
    expect((await publicView(`${SHARED}?token=${fresh.token}`)).statusCode).toBe(200);
  });
});

describe('a report in several currencies', () => {
  it('shows each row with its rate and converted amount, and the converted column adds up to the total', async () => {
    const c = await offeringChurch(h.app);
    const rates = (await client(h.app, null).get('/fxRates')).json() as Record<string, number>;
    await saveRows(c.api, [
      row(c, 1000, { activityID: c.eventId }),
      row(c, '0.01', { activityID: c.eventId, currencyID: USD }),
      row(c, '0.01', { activityID: c.eventId, currencyID: USD }),
      row(c, '0.01', { activityID: c.eventId, currencyID: USD }),
      row(c, 10, { activityID: c.eventId, currencyID: USD }),
      row(c, '3.33', { activityID: c.eventId, currencyID: GHS }),
      row(c, '3.33', { activityID: c.eventId, currencyID: GHS, paymentChannel: 'POS' }),
    ]);
    const res = await c.api.get(`${REPORT}?${query(eventKey(c))}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = (
      res.json() as {
        returnObject: {
          totalToday: number;
          todayContributions: { currencyName: string; amount: number; rate: number | null; convertedAmount: number }[];
        };
      }
    ).returnObject;
    const kobo = (x: number) => Math.round(x * 100);
    const usdRate = rates.usdngn!;
    const ghsRate = rates.usdngn! / rates.usdghs!;
    for (const x of r.todayContributions) {
      const expected = x.currencyName === 'NGN' ? 1 : x.currencyName === 'USD' ? usdRate : ghsRate;
      expect(x.rate).toBeCloseTo(expected, 6);
      // each row within one minor unit of its own (rounded) conversion: under 1.5 of the exact product
      expect(Math.abs(kobo(x.convertedAmount) - x.amount * x.rate! * 100)).toBeLessThan(1.5);
      if (x.currencyName === 'NGN') expect(x.convertedAmount).toBe(x.amount);
    }
    // the column adds up by hand, to the minor unit
    const sum = r.todayContributions.reduce((s, x) => s + kobo(x.convertedAmount), 0);
    expect(sum).toBe(kobo(r.totalToday));
    // (converting each row on its own would not: 0.01 USD is 1,465.5 kobo, rounded up three times)
    const roundHalfEven = (v: number) => {
      const f = Math.floor(v);
      const d = v - f;
      return d > 0.5 + 1e-9 ? f + 1 : d < 0.5 - 1e-9 ? f : f % 2 === 0 ? f : f + 1;
    };
    const perRow = r.todayContributions.reduce((s, x) => s + roundHalfEven(x.amount * 100 * x.rate!), 0);
    expect(perRow).not.toBe(sum);

    // the shared view and the e-mail carry the same figures
    await approve(c);
    const link = await shareLink(c);
    const shared = (await publicView(`${SHARED}?token=${link.token}`)).json() as {
      returnObject: { totalToday: number; rows: { convertedAmount: number; rate: number }[] };
    };
    expect(shared.returnObject.totalToday).toBe(r.totalToday);
    expect(shared.returnObject.rows.map((x) => x.convertedAmount)).toEqual(
      r.todayContributions.map((x) => x.convertedAmount),
    );
    const email = (await c.api.get(`${EMAIL}?${query(eventKey(c))}`)).json() as { returnObject: { html: string } };
    expect(email.returnObject.html).toContain('>Rate</th>');
    expect(email.returnObject.html).toContain('>In NGN</th>');
    expect(email.returnObject.html).toContain('1,465.5');
  });
});

describe('GET /api/Offering/report/email-html', () => {
  it("is a mail-client-safe HTML document with the rows and a 'View full report' link", async () => {
    const c = await offeringChurch(h.app);
    await saveRows(c.api, [
      row(c, '12,500.50', { activityID: c.eventId, personID: c.donorId }),
      row(c, 3000, { activityID: c.eventId, financialContributionID: c.titheItem, paymentChannel: 'POS' }),
      row(c, 640),
    ]);
    const res = await c.api.get(
      `${EMAIL}?${query(eventKey(c))}&message=${encodeURIComponent('Dear Pastor,\n<b>see</b> below')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { subject, html, fullReportUrl } = (
      res.json() as { returnObject: { subject: string; html: string; fullReportUrl: string } }
    ).returnObject;
    expect(subject).toBe('Report For Sunday Service');
    expect(fullReportUrl).toBe(`http://localhost:80/tenant/report/${DAY}?activityID=${c.eventId}`);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`<a href="http://localhost:80/tenant/report/${DAY}?activityID=${c.eventId}"`);
    expect(html).toContain('>View full report</a>');
    for (const text of [
      'Offering Report',
      'Sunday Service',
      '11/22/2026',
      'Sunday Offering',
      'Tithe',
      'POS',
      '₦12,500.50',
      '₦3,000.00',
      '₦15,500.50',
    ])
      expect(html, text).toContain(text);
    expect(html).toContain('Dear Pastor,<br>&lt;b&gt;see&lt;/b&gt; below');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('₦640.00'); // not of the event
    expect(html).not.toContain('Ngozi'); // no donor names leave the church
    // renders in mail clients: tables and inline styles, no style sheets, scripts or images
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<(script|style|link|img|iframe)\b/i);
    expect(html).not.toMatch(/\bclass=/);

    const day = (await c.api.get(`${EMAIL}?date=${DAY}`)).json() as {
      returnObject: { subject: string; html: string; fullReportUrl: string };
    };
    expect(day.returnObject.subject).toBe('Report For 11/22/2026');
    expect(day.returnObject.fullReportUrl).toBe(`http://localhost:80/tenant/report/${DAY}`);
    expect(day.returnObject.html).toContain('₦16,140.50');
    expect(day.returnObject.html).toContain('Offering Details');
  });
});

describe('bad input, other churches and no session', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const c = await offeringChurch(h.app);
    await saveRows(c.api, [row(c, 100, { activityID: c.eventId })]);
    expectBadRequest(await c.api.post(APPROVE, { activityId: c.eventId }), 'date');
    expectBadRequest(await c.api.post(APPROVE, { date: '2026-13-01', activityId: c.eventId }), 'date');
    expectBadRequest(await c.api.post(APPROVE, { date: DAY, activityId: 'abc' }), 'activityId');
    expectBadRequest(await c.api.post(UNAPPROVE, { date: 'yesterday' }), 'date');
    expectBadRequest(await c.api.post(LINKS, { date: 42 }), 'date');
    expectBadRequest(await c.api.post(REVOKE, {}), 'date');
    expectBadRequest(await c.api.get(`${STATUS}?activityId=${c.eventId}`), 'date');
    expectBadRequest(await c.api.get(`${EMAIL}?date=${DAY}&message=${'x'.repeat(2001)}`), 'message');
    expect(await countRows(h.database, 'offering_reports', c.tenantId)).toBe(0);
    expect(await countRows(h.database, 'offering_report_links', c.tenantId)).toBe(0);
  });

  it("answers 404 for another church's event and leaves its report alone", async () => {
    const c = await offeringChurch(h.app);
    const other = await offeringChurch(h.app);
    await saveRows(other.api, [row(other, 100, { activityID: other.eventId })]);
    await approve(other);
    const foreign = eventKey(other);
    expect((await c.api.get(`${STATUS}?${query(foreign)}`)).statusCode).toBe(404);
    for (const url of [APPROVE, UNAPPROVE, LINKS, REVOKE]) {
      const res = await c.api.post(url, foreign);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: false, response: 'Event was not found' });
    }
    expect((await c.api.get(`${EMAIL}?${query(foreign)}`)).statusCode).toBe(404);
    expect(await countRows(h.database, 'offering_reports', c.tenantId)).toBe(0);
    const st = state(await other.api.get(`${STATUS}?${query(foreign)}`)).returnObject;
    expect(st).toMatchObject({ approved: true, shareLinks: [] });
  });

  it('answers 401 without a session on every route but the share view', async () => {
    const anon = client(h.app, null);
    const key = { date: DAY };
    expect((await anon.get(`${STATUS}?date=${DAY}`)).statusCode).toBe(401);
    expect((await anon.get(`${EMAIL}?date=${DAY}`)).statusCode).toBe(401);
    expect((await anon.get(`${MARK_SENT}?date=${DAY}`)).statusCode).toBe(401);
    for (const url of [APPROVE, UNAPPROVE, LINKS, REVOKE])
      expect((await anon.post(url, key)).statusCode, url).toBe(401);
    expect((await anon.get(`${SHARED}?token=${'B'.repeat(43)}`)).statusCode).toBe(404);
  });
});
