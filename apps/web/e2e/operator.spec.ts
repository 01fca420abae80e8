import { expect, request as apiRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  OperatorSenderIdsPage,
  OperatorSignInPage,
  startOperatorServer,
  type OperatorServer,
} from './pages/operator-pages.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { TenantShell } from './pages/tenant-shell.ts';
import { dialog as dialogTitled, expectToast, pickOption, runId, snap } from './pages/ui.ts';

/*
 * Issue 9 'Sender IDs': a platform operator, created by `npm run operator:create`, signs in on
 * /operator/signin, approves a church's pending sender ID request and rejects another with a
 * note; the church then sees APPROVED and NOT APPROVED with the note. The journey runs on a
 * server of its own (pages/operator-pages.ts), whose database the command can reach.
 */

const OPERATOR = { email: `operator-${runId()}@steward.example`, password: 'operator e2e password' };

let server: OperatorServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOperatorServer({ operator: OPERATOR });
  api = await apiRequest.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** A church signed up through the API that requests the sender IDs `masks`; answers its name and token. */
async function churchRequesting(masks: string[]) {
  const id = runId();
  const churchName = `Living Waters ${id}`;
  const signup = await api.post('/api/onboarding/signup', {
    data: {
      churchName,
      firstName: 'Ama',
      lastName: 'Owusu',
      email: `admin-${id}@livingwaters.example`,
      phoneNumber: '+2348031234567',
      password: 'living waters e2e',
      countryCode: 'NG',
      currency: 'NGN',
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = ((await signup.json()) as { returnObject: { token: string } }).returnObject.token;
  const headers = { authorization: `Bearer ${token}` };
  for (const mask of masks) {
    const res = await api.post('/api/Messaging/RequestSenderID', { headers, data: { mask } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const senderIds = async () => {
    const res = await api.get('/api/Messaging/RetrieveTenantSenderIDs', { headers });
    return ((await res.json()) as { returnObject: { mask: string; status: number; reviewNote: string | null }[] })
      .returnObject;
  };
  return { churchName, senderIds };
}

test('the operator approves a pending sender ID and rejects another with a note', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = runId().slice(-4);
  const approve = `LWater${suffix}`;
  const reject = `LWPromo${suffix}`;
  const church = await churchRequesting([approve, reject]);

  // /operator without a session goes to the operator's own sign-in; a wrong password is refused
  await page.goto(`${server.baseURL}/operator`);
  const signIn = new OperatorSignInPage(page);
  await signIn.expectShown();
  await signIn.signIn(OPERATOR.email, 'not the password');
  await expect(signIn.error).toHaveText('Incorrect e-mail or password');
  await signIn.signIn(OPERATOR.email, OPERATOR.password);

  const review = new OperatorSenderIdsPage(page);
  await review.expectShown(OPERATOR.email);
  await expect(
    review.page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'Pending' }),
  ).toBeChecked();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Church',
    'Sender ID',
    'Requested',
    'Status',
    'Note',
    'Action',
  ]);
  const row = review.row(approve);
  await expect(row).toContainText(church.churchName);
  await expect(row).toContainText('PENDING');
  await snap(page, 'operator-pending');

  await review.button('Approve', approve, church.churchName).click();
  await expectToast(page, `Sender ID ${approve} is now APPROVED`);
  await expect(review.row(approve)).toHaveCount(0);

  await review.button('Reject', reject, church.churchName).click();
  const dialog = dialogTitled(page, `Reject sender ID ${reject}`);
  await expect(dialog).toBeVisible();
  const note = 'Promotional names are not allowed; use your church name';
  await dialog.getByLabel('Note to the church (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, `Sender ID ${reject} is now NOT APPROVED`);
  await expect(dialog).toBeHidden();

  await review.filter('Approved');
  await expect(review.row(approve)).toContainText('APPROVED');
  await expect(review.button('Approve', approve, church.churchName)).toBeDisabled();
  await review.filter('Not approved');
  await expect(review.row(reject)).toContainText('NOT APPROVED');
  await expect(review.row(reject)).toContainText(note);
  await snap(page, 'operator-not-approved');

  // the church sees the decisions in its sender ID list
  const seen = await church.senderIds();
  expect(seen.find((s) => s.mask === approve)).toMatchObject({ status: 2, reviewNote: null });
  expect(seen.find((s) => s.mask === reject)).toMatchObject({ status: 3, reviewNote: note });

  // on a 390 px phone the requests are cards with the same buttons
  await page.setViewportSize({ width: 390, height: 844 });
  await pickOption(page.getByRole('combobox', { name: 'Status' }), 'All');
  const card = page.getByRole('group', { name: `${approve} of ${church.churchName}` });
  await expect(card).toContainText('APPROVED');
  await expect(card.getByRole('button', { name: `Reject ${approve} of ${church.churchName}` })).toBeEnabled();
  await snap(page, 'operator-phone');

  // Sign out ends the session: /operator goes back to the sign-in
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn.expectShown();
  await page.goto(`${server.baseURL}/operator`);
  await signIn.expectShown();
});

/** A browser context of its own at `baseURL` (the church and the operator each have one). */
async function contextAt(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  return { context, page: await context.newPage() };
}

/**
 * Issue 9 'Done when': a sender ID is requested, approved by the operator and used. On a server
 * of its own, with delivery workers (the development gateway): a church signs up and requests a
 * sender ID; the server stops while `npm run sms:units` gives the church units and
 * `npm run operator:create` makes an operator (PGlite serves one process). The church's SMS
 * compose page lists the pending sender ID greyed out; the operator approves it in the
 * operator's own browser; the church's page, reloaded, lets it be chosen, texts one typed number
 * from it, and the message report reaches Delivered.
 */
test('a sender ID requested by a church, approved by the operator, sends an SMS', async ({ browser }) => {
  test.setTimeout(300_000);
  const id = runId();
  const mask = `Bethel${id.slice(-4)}`;
  const admin = { email: `admin-${id}@bethel.example`, password: 'bethel e2e password' };
  const operator = { email: `operator-${id}@steward.example`, password: 'operator e2e password' };
  const churchName = `Bethel Assembly ${id}`;
  let server: OperatorServer | undefined;
  const contexts: { close: () => Promise<void> }[] = [];
  try {
    // 1. The church signs up and requests the sender ID (through the API, as the web app does).
    server = await startOperatorServer({ workers: true });
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    const signup = await api.post('/api/onboarding/signup', {
      data: {
        churchName,
        firstName: 'Kofi',
        lastName: 'Mensah',
        email: admin.email,
        phoneNumber: '+2348031234567',
        password: admin.password,
        countryCode: 'NG',
        currency: 'NGN',
      },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    const token = ((await signup.json()) as { returnObject: { token: string } }).returnObject.token;
    const requested = await api.post('/api/Messaging/RequestSenderID', {
      headers: { authorization: `Bearer ${token}` },
      data: { mask },
    });
    expect(requested.status(), await requested.text()).toBe(200);
    await api.dispose();

    // 2. With the server stopped: 50 SMS units for the church, and an operator.
    await server.restart(async (run) => {
      expect(await run('apps/server/src/cli/grant-sms-units.ts', [admin.email, '50'])).toContain(
        'The church now has 50 SMS units',
      );
      expect(
        await run('apps/server/src/cli/create-operator.ts', ['--email', operator.email], {
          OPERATOR_PASSWORD: operator.password,
        }),
      ).toContain(`Created the platform operator ${operator.email}`);
    });

    // 3. The church's compose page: units shown, the pending sender ID listed but greyed out.
    const church = await contextAt(browser, server.baseURL);
    contexts.push(church.context);
    const signIn = new SignInPage(church.page);
    await signIn.goto();
    await signIn.signIn(admin.email, admin.password);
    const shell = new TenantShell(church.page);
    await shell.expectSignedIn(churchName);
    await shell.openFromMenu('Messaging', 'Send SMS');
    const page = church.page;
    await expect(page.getByRole('heading', { name: 'Send SMS', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sms-units')).toHaveText('Your SMS units: 50');
    const sender = page.getByRole('combobox', { name: 'Sender ID' });
    await sender.click();
    const option = page.locator(`.ant-select-item-option[title="${mask}"]`);
    await expect(option).toContainText('PENDING');
    await expect(option).toHaveClass(/\bant-select-item-option-disabled\b/);
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    // a click on the greyed-out option selects nothing (a DOM click: the list may still be moving in)
    await option.dispatchEvent('click');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select').filter({ has: sender })).not.toContainText(mask);
    await snap(page, 'sender-id-pending-in-compose');

    // 4. The operator approves it, in a browser of their own.
    const op = await contextAt(browser, server.baseURL);
    contexts.push(op.context);
    await op.page.goto('/operator');
    const opSignIn = new OperatorSignInPage(op.page);
    await opSignIn.expectShown();
    await opSignIn.signIn(operator.email, operator.password);
    const review = new OperatorSenderIdsPage(op.page);
    await review.expectShown(operator.email);
    await expect(review.row(mask)).toContainText(churchName);
    await review.button('Approve', mask, churchName).click();
    await expectToast(op.page, `Sender ID ${mask} is now APPROVED`);

    // 5. The church, reloaded, picks it and texts one typed number.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Send SMS', level: 1 })).toBeVisible();
    await sender.click();
    await expect(option).toContainText('APPROVED');
    await expect(option).not.toHaveClass(/\bant-select-item-option-disabled\b/);
    await page.keyboard.press('Escape');
    await pickOption(sender, mask);
    await expect(page.getByText(`${mask} is`, { exact: false })).toHaveCount(0);
    const d5 = String(Date.now()).slice(-5);
    const number = `+2348036${d5}7`;
    await page
      .getByRole('group', { name: 'Destinations' })
      .getByRole('checkbox', { name: 'Phone numbers', exact: true })
      .check();
    await page.getByRole('textbox', { name: 'Phone numbers', exact: true }).fill(number);
    await expect(page.getByText('1 phone number', { exact: true })).toBeVisible();
    const text = `Welcome to ${churchName}: our first SMS from ${mask}.`;
    await page.getByRole('textbox', { name: /^(\* )?Message$/ }).fill(text);
    await expect(page.getByTestId('sms-cost')).toContainText('(1 segment × 1 recipient)');
    await snap(page, 'sender-id-approved-compose');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expectToast(page, 'Sending to 1 recipient');
    const result = page.getByTestId('send-result');
    const value = (label: string) => result.locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');
    await expect(value('Recipients queued')).toHaveText('1');
    await expect(value('Units used')).toHaveText('1');
    await expect(value('Units left')).toHaveText('49');
    await page.getByRole('button', { name: 'Open the message report' }).click();
    await expect(page).toHaveURL(/\/tenant\/messages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `SMS from ${mask}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('report-message')).toHaveText(text);
    const chips = page.getByRole('group', { name: 'Show recipients by status' });
    await expect(chips.getByRole('button', { name: 'Delivered 1' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('report-progress')).toHaveText('Done: 1 delivered, 0 sent, 0 not delivered');
    await expect(
      page.getByRole('row').filter({ hasText: number }).getByText('Delivered', { exact: true }),
    ).toBeVisible();
    await snap(page, 'sender-id-used-report');
  } finally {
    for (const c of contexts) await c.close();
    await server?.stop();
  }
});
