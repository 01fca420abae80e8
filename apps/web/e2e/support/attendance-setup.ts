import { expect, type APIRequestContext } from '@playwright/test';
import { CSRF, expectOk, json } from './church-api.ts';

/*
 * The attendance set-up the e2e specs make through the calls the set-up screens use (groups,
 * custom fields, an event with its check-in / registration set-up, a registration fee), with an
 * API client signed in as the church's administrator (support/church-api.ts `adminApi`) or a
 * signed-in page's `page.request` (each call sends the CSRF header itself).
 */

/** An instant as the set-up calls take it: ISO to the second, UTC ('2026-11-24T07:00:00Z'). */
export const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** A custom field of the church (a dropdown) for `entityType` ('EventRegistrationForm', 'CheckInAttendance'). */
export async function dropdownField(
  api: APIRequestContext,
  entityType: string,
  label: string,
  options: string,
): Promise<void> {
  await expectOk(
    await api.post('/api/CustomFields/SaveCustomFields', {
      headers: CSRF,
      data: { entityType, label, parameterValues: options, controlType: 'DropdownList' },
    }),
  );
}

/** New groups of the church, by name. */
export async function createGroups(api: APIRequestContext, names: string[]): Promise<{ id: string; name: string }[]> {
  const groups: { id: string; name: string }[] = [];
  for (const name of names)
    groups.push(await json(await api.post('/api/CreateGroup', { headers: CSRF, data: { name, description: '' } })));
  return groups;
}

/**
 * A new event named `eventName` (its own category) `daysAhead` days from now, with a check-in
 * set-up of the fields in `multipart` (CreateAttendanceCheckIn's form fields). Answers the first
 * set-up's id and public code, the event's id (`activityId`), and the event's day as the pages show it (`MM/DD/YYYY`) and as the
 * calendar file writes it (`YYYYMMDD`).
 */
export async function createEventWithSetup(
  api: APIRequestContext,
  eventName: string,
  daysAhead: number,
  multipart: Record<string, string>,
): Promise<{ id: string; attendanceCode: string; activityId: string; eventName: string; day: string; ymd: string }> {
  const categories = await json<{ id: string; name: string }[]>(
    await api.post('/api/EventCategory', { headers: CSRF, params: { name: eventName } }),
  );
  const category = categories.find((c) => c.name === eventName);
  expect(category, 'the new category is listed').toBeDefined();
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  const created = await json<{ currentEvent: { id: string } }>(
    await api.post('/api/Events/CreateActivity', {
      headers: CSRF,
      data: {
        activity: {
          date: `${day.getMonth() + 1}-${day.getDate()}-${day.getFullYear()}`,
          eventCategoryId: category!.id,
        },
      },
    }),
  );
  const setup = await json<{ returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] } }>(
    await api.post('/api/CheckInAttendance/CreateAttendanceCheckIn', {
      headers: CSRF,
      multipart: { activityId: created.currentEvent.id, ...multipart },
    }),
  );
  const [first] = setup.returnObject.checkInAttendanceResult;
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  const dd = String(day.getDate()).padStart(2, '0');
  return {
    id: first!.id,
    attendanceCode: first!.attendanceCode,
    activityId: created.currentEvent.id,
    eventName,
    day: `${mm}/${dd}/${day.getFullYear()}`,
    ymd: `${day.getFullYear()}${mm}${dd}`,
  };
}

/** The id of the account `text` ('4000 - Offering') of the account picker list at `url`. */
export async function accountId(api: APIRequestContext, url: string, text: string): Promise<string> {
  const list = await json<{ id: string; text: string }[]>(await api.get(url));
  const found = list.find((a) => a.text === text);
  expect(found, `${text} is offered by ${url}`).toBeDefined();
  return found!.id;
}

/**
 * The set-up fields (CreateAttendanceCheckIn / EditAttendanceCheckIn) of a paid event: a fee of
 * 2,500 (naira) a person, collected as the contribution item `itemName` into 4000 - Offering and
 * 1000 - Cash, paid out to the demo bank account.
 */
export async function paidFields(api: APIRequestContext, itemName: string): Promise<Record<string, string>> {
  return {
    isPaidFor: 'true',
    amount: '2500',
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'GRACE CHAPEL',
    contributionItemName: itemName,
    incomeAccountId: await accountId(api, '/api/Financials/Accounts/GetIncomeAccounts', '4000 - Offering'),
    cashAccountId: await accountId(api, '/api/financials/accounts/getcashbankaccounts', '1000 - Cash'),
  };
}
