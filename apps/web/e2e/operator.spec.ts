import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { OperatorSenderIdsPage, OperatorSignInPage, startOperatorServer } from './pages/operator-pages.ts';
import { dialog as dialogTitled, expectToast, pickOption, runId, snap } from './pages/ui.ts';

/*
 * Issue 9 'Sender IDs': a platform operator, created by `npm run operator:create`, signs in on
 * /operator/signin, approves a church's pending sender ID request and rejects another with a
 * note; the church then sees APPROVED and NOT APPROVED with the note. The journey runs on a
 * server of its own (pages/operator-pages.ts), whose database the command can reach.
 */

const OPERATOR = { email: `operator-${runId()}@steward.example`, password: 'operator e2e password' };

let server: Awaited<ReturnType<typeof startOperatorServer>>;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOperatorServer(OPERATOR);
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
