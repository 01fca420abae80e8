import { expect, test, type APIRequestContext } from '@playwright/test';
import { PublicCheckinPage } from './pages/public-checkin-page.ts';
import { PHONE, runId, shotsOf } from './pages/ui.ts';
import { createEventWithSetup, createGroups, dropdownField, isoMinute } from './support/attendance-setup.ts';
import { adminApi, expectOk, json } from './support/church-api.ts';

/*
 * The public self check-in (issue 11 'Public self check-in', 'Done when'): the demo church's
 * administrator sets up a check-in for two groups with a cut-off (through the API; the set-up
 * screens are another part of the issue); a visitor on a phone-sized screen checks in as a new
 * person, then again as a found person (details masked, nothing unmasked in the page; one SMS for
 * the two check-ins); after the cut-off the page says the event is closed.
 */

test.use({ viewport: PHONE, hasTouch: true });

const shots = shotsOf('checkin');

/** A check-in set-up of a new event tomorrow for two new groups, with a cut-off and check-in texts. */
async function setUpCheckin(api: APIRequestContext, id: string) {
  const groups = await createGroups(api, [`Choir ${id}`, `Ushers ${id}`]);
  // a check-in question of the church's (custom field of entity 5, a dropdown)
  const question = `Arrived by (${id})`;
  await dropdownField(api, 'CheckInAttendance', question, 'Car,Bus,Walking');
  const setup = await createEventWithSetup(api, `Thanksgiving ${id}`, 1, {
    groupIDs: JSON.stringify(groups),
    checkInCutOffTime: isoMinute(Date.now() + 2 * 86_400_000),
    checkinSMS: 'Welcome {firstName}, you are checked in for the thanksgiving service',
    checkinEmail: 'Dear {firstName}, thank you for checking in.',
    checkinEmailSubject: 'You are checked in',
    isPaidFor: 'false',
    enableRegistration: 'true',
  });
  return { ...setup, groups, question };
}

/** Messages the local stand-ins received for `to` (GET /api/Messaging/outbox). */
async function outboxTo(api: APIRequestContext, channel: 'sms' | 'email', to: string): Promise<{ text: string }[]> {
  const res = await json<{ data: { to: string; text: string }[] }>(
    await api.get(`/api/Messaging/outbox?channel=${channel}`),
  );
  return res.data.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

test('a visitor checks in by phone as a new person, then as a found person; closed after the cut-off', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = runId();
  const setup = await setUpCheckin(api, id);
  const digits = String(Date.now()).slice(-7);
  const local = `0809${digits}`;
  const international = `+234 809 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const email = `tolu.${id}@example.org`;

  // a new person
  const checkin = new PublicCheckinPage(page);
  await checkin.goto(setup.attendanceCode);
  await checkin.expectEvent(setup.eventName, setup.day);
  await shots(page, 'start');
  await checkin.enterPhone(local);
  await checkin.expectNotFound();
  await expect(checkin.confirmButton).toBeDisabled();
  await checkin.fillNew({
    name: 'Tolu Bankole',
    email,
    day: 12,
    month: 'March',
    groups: [setup.groups[0]!.name],
    choices: { [setup.question]: 'Bus' },
  });
  await shots(page, 'new');
  await checkin.confirm();
  await shots(page, 'success');
  await checkin.closeSuccess();

  // the same person again, by the number written another way: found, masked, locked
  await checkin.enterPhone(international);
  await checkin.expectFound();
  await expect(checkin.name).toHaveValue('To** Ba*****');
  await expect(checkin.name).toHaveAttribute('readonly', '');
  await expect(checkin.email).toHaveValue(/^t\*\*\*@e\*+\.org$/);
  await expect(checkin.email).toHaveAttribute('readonly', '');
  await expect(page.getByText('On record')).toBeVisible();
  await checkin.expectMyGroups([setup.groups[0]!.name]);
  const html = await page.content();
  for (const secret of ['Tolu', 'Bankole', email, 'example.org'])
    expect(html, `the page holds no unmasked '${secret}'`).not.toContain(secret);
  await shots(page, 'found');
  await checkin.confirm(true);
  await checkin.closeSuccess();

  // 'Not Me' clears the person and the phone
  await checkin.enterPhone(local);
  await checkin.expectFound();
  await checkin.notMeButton.click();
  await expect(checkin.phone).toHaveValue('');
  await expect(checkin.name).toHaveCount(0);

  // two check-ins, one attendance: one check-in SMS and one e-mail
  await expect.poll(async () => (await outboxTo(api, 'sms', `+234809${digits}`)).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await outboxTo(api, 'email', email)).length, { timeout: 30_000 }).toBe(1);
  expect((await outboxTo(api, 'sms', `+234809${digits}`))[0]!.text).toBe(
    'Welcome Tolu, you are checked in for the thanksgiving service',
  );

  // the administrator moves the cut-off into the past: the page is closed
  await expectOk(
    await api.put('/api/CheckInAttendance/EditAttendanceCheckIn', {
      multipart: { Id: setup.id, checkInCutOffTime: isoMinute(Date.now() - 60_000) },
    }),
  );
  await checkin.goto(setup.attendanceCode);
  await checkin.expectClosed();
  await shots(page, 'closed');
  await api.dispose();
});
