import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/*
 * The set-up the public attendance specs share (event-registration.spec.ts, public-checkin.spec.ts):
 * the demo church's administrator, signed in through the API (not the visitor's browser), makes an
 * event and its check-in / registration set-up through the calls the set-up screens use; the
 * screenshots of both specs; and how the church's books and donation list are read (the calls of
 * the Donations and Chart of Accounts pages, as give.spec.ts reads them).
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
const DEMO = { email: 'admin@grace.example', password: 'stewardship' };
const CSRF = { 'x-steward-csrf': '1' };

/**
 * A screenshot saver: `{prefix}-{name}-390.png` and `-1366.png` (full page) in the folder named by
 * E2E_SHOTS, nothing when it is not set; the viewport is left at the phone's. No assertion
 * depends on them.
 */
export function shotsOf(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    const dir = process.env.E2E_SHOTS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${prefix}-${name}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(PHONE);
  };
}

/** An API client signed in as the demo church's administrator (not the visitor's browser). */
export async function adminApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CSRF });
  const res = await api.post('/login', { data: { userName: DEMO.email, password: DEMO.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** The JSON of an answer that must be a success. */
export async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** An instant as the set-up calls take it: ISO to the second, UTC ('2026-11-24T07:00:00Z'). */
export const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** A custom field of the church (a dropdown) for `entityType` ('EventRegistrationForm', 'CheckInAttendance'). */
export async function dropdownField(
  api: APIRequestContext,
  entityType: string,
  label: string,
  options: string,
): Promise<void> {
  const field = await api.post('/api/CustomFields/SaveCustomFields', {
    data: { entityType, label, parameterValues: options, controlType: 'DropdownList' },
  });
  expect(field.ok(), await field.text()).toBe(true);
}

/** New groups of the church, by name. */
export async function createGroups(api: APIRequestContext, names: string[]): Promise<{ id: string; name: string }[]> {
  const groups: { id: string; name: string }[] = [];
  for (const name of names)
    groups.push(await json(await api.post('/api/CreateGroup', { data: { name, description: '' } })));
  return groups;
}

/**
 * A new event named `eventName` (its own category) `daysAhead` days from now, with a check-in
 * set-up of the fields in `multipart` (CreateAttendanceCheckIn's form fields). Answers the first
 * set-up's id and public code, and the event's day as the pages show it (`MM/DD/YYYY`) and as the
 * calendar file writes it (`YYYYMMDD`).
 */
export async function createEventWithSetup(
  api: APIRequestContext,
  eventName: string,
  daysAhead: number,
  multipart: Record<string, string>,
): Promise<{ id: string; attendanceCode: string; eventName: string; day: string; ymd: string }> {
  const categories = await json<{ id: string; name: string }[]>(
    await api.post(`/api/EventCategory?name=${encodeURIComponent(eventName)}`),
  );
  const category = categories.find((c) => c.name === eventName)!;
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  const created = await json<{ currentEvent: { id: string } }>(
    await api.post('/api/Events/CreateActivity', {
      data: {
        activity: { date: `${day.getMonth() + 1}-${day.getDate()}-${day.getFullYear()}`, eventCategoryId: category.id },
      },
    }),
  );
  const setup = await json<{ returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] } }>(
    await api.post('/api/CheckInAttendance/CreateAttendanceCheckIn', {
      multipart: { activityId: created.currentEvent.id, ...multipart },
    }),
  );
  const [first] = setup.returnObject.checkInAttendanceResult;
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  const dd = String(day.getDate()).padStart(2, '0');
  return {
    id: first!.id,
    attendanceCode: first!.attendanceCode,
    eventName,
    day: `${mm}/${dd}/${day.getFullYear()}`,
    ymd: `${day.getFullYear()}${mm}${dd}`,
  };
}

/** One row of GET /api/Financials/Donation/Transactions (the fields read here). */
export interface DonationRow {
  contribution: string;
  eventName: string | null;
  amount: number;
  donor: string;
  channel: string;
  currencyName: string;
  reference: string | null;
}

/** The donation rows of payment `reference` in the church's donation list (page 1, newest first). */
export async function donationRows(api: APIRequestContext, reference: string): Promise<DonationRow[]> {
  const page = await json<{ data: DonationRow[] }>(await api.get('/api/Financials/Donation/Transactions?page=1'));
  return page.data.filter((r) => r.reference === reference);
}

/**
 * The church's books as the chart of accounts shows them (GET /api/Financials/GetChartOfAccounts,
 * the call of the Chart of Accounts page): the total of the income accounts' balances, and the
 * total of the asset and expense accounts' balances (where a payment's money and the provider's
 * fee are debited), in major units.
 */
export async function books(api: APIRequestContext): Promise<{ income: number; assetsAndExpenses: number }> {
  const chart = await json<{ accountwithHeads: { accountType: string; accounts: { balance: number }[] }[] }>(
    await api.get('/api/Financials/GetChartOfAccounts'),
  );
  const total = (types: string[]) =>
    chart.accountwithHeads
      .filter((g) => types.includes(g.accountType))
      .flatMap((g) => g.accounts)
      .reduce((sum, a) => sum + Math.round(a.balance * 100), 0) / 100;
  return { income: total(['income']), assetsAndExpenses: total(['assets', 'expense']) };
}

/**
 * Waits until the sandbox (at `sandboxOrigin`) has delivered its webhook of `reference` to Steward
 * (GET /__sandbox/webhooks), so lists are read after every way a payment is reported has arrived.
 */
export async function waitForWebhook(api: APIRequestContext, sandboxOrigin: string, reference: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await api.get(`${sandboxOrigin}/__sandbox/webhooks`);
        const log = (await res.json()) as { deliveries: { reference: string; status: number | null }[] };
        return log.deliveries.some((d) => d.reference === reference && d.status !== null && d.status < 300);
      },
      { timeout: 20_000, message: `the sandbox delivered the webhook of ${reference}` },
    )
    .toBe(true);
}
