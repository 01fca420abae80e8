import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';
import { NGN } from './fixtures.ts';
import { offeringChurch, saveRows } from './offering-setup.ts';

/**
 * Issue 7 (offering report e-mail): with PUBLIC_URL set, the e-mail's 'View full report' link
 * is built from it, never from the Host a caller sends (config.ts PUBLIC_URL).
 */

let h: Harness;
const saved = process.env.PUBLIC_URL;
beforeAll(async () => {
  process.env.PUBLIC_URL = 'https://steward.example.org/';
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
});

describe('GET /api/Offering/report/email-html with PUBLIC_URL', () => {
  it("links 'View full report' to PUBLIC_URL, not to the Host the request carried", async () => {
    const c = await offeringChurch(h.app);
    const day = '2026-11-22';
    await saveRows(c.api, [
      {
        financialContributionID: c.sundayItem,
        date: day,
        amount: 5000,
        paymentChannel: 'Cash',
        currencyID: NGN,
        activityID: c.eventId,
      },
    ]);
    const res = await c.api.get(`/api/Offering/report/email-html?date=${day}&activityId=${c.eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { html, fullReportUrl } = (res.json() as { returnObject: { html: string; fullReportUrl: string } })
      .returnObject;
    expect(fullReportUrl).toBe(`https://steward.example.org/tenant/report/${day}?activityID=${c.eventId}`);
    expect(html).toContain(`href="https://steward.example.org/tenant/report/${day}?activityID=${c.eventId}"`);
    expect(html).not.toContain('localhost');
  });
});
