import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { CheckinAuthPages, CheckinShell, SECURITY_CODE, snapBoth } from './pages/checkin-shell-pages.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { DESKTOP, dialog, expectToast, PHONE, pickOption, runId, selectOf } from './pages/ui.ts';
import { createEventWithSetup, createGroups } from './support/attendance-setup.ts';
import { DEMO_CHURCH } from './support/church-api.ts';

/*
 * Issue 11 'the check-in shell (2.16)': on a church device signed in as the demo church, a parent
 * creates a family account in the shell, adds two children (one with a photo), adds a guardian,
 * edits the family's profile, pre-checks the children in for an upcoming event (a room each) and
 * sees the security code on the thank-you page; then logs out and signs in again. Every page is
 * looked at at 1366 px and 390 px (E2E_SHOTS). The event and its rooms are made through the API
 * (their own screens have their own journeys), so the journey does not depend on the weekday.
 */

/** An event two days from now with a check-in into two rooms (no cut-off). */
async function setUpEvent(page: Page, id: string): Promise<{ name: string; rooms: [string, string] }> {
  const rooms: [string, string] = [`Little Lambs ${id}`, `Junior Church ${id}`];
  const groups = await createGroups(page.request, rooms);
  const setUp = await createEventWithSetup(page.request, `Kids Praise ${id}`, 2, {
    groupIDs: JSON.stringify(groups.map(({ id, name }) => ({ id, name }))),
    isPaidFor: 'false',
    enableRegistration: 'true',
  });
  return { name: setUp.eventName, rooms };
}

test('a parent signs up in the check-in shell, adds children and a guardian, pre-checks the children in and signs in again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = runId();
  const email = `kemi-${id}@family.example`;
  const password = 'family-pass-2026';

  // 0. The church device: signed in as the demo church.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO_CHURCH.email, DEMO_CHURCH.password);
  await expect(page).toHaveURL(/\/tenant$/);
  const tenantId = z
    .object({ tenantId: z.string() })
    .parse(await (await page.request.get('/api/Membership/GetCurrentSignedInUser')).json()).tenantId;
  const event = await setUpEvent(page, id);

  // 1. The shell without a parent signed in goes to the church's sign-in page, logo and name on top.
  const auth = new CheckinAuthPages(page);
  const shell = new CheckinShell(page);
  await page.goto('/checkin');
  await expect(page).toHaveURL(new RegExp(`/childcheckin/${tenantId}$`));
  await expect(auth.signInHeading).toBeVisible();
  await expect(page.getByText(DEMO_CHURCH.churchName).first()).toBeVisible();
  await snapBoth(page, 'shell-sign-in');

  // 2. Sign-up: the form's rules, then a mother's account.
  await page.getByRole('link', { name: 'Create a family account' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkinsignup/${tenantId}$`));
  await expect(auth.signUpHeading).toBeVisible();
  await auth.createAccount.click();
  await expect(auth.fieldError('Enter your first name')).toBeVisible();
  await expect(auth.fieldError('Enter your e-mail address or phone number')).toBeVisible();
  await expect(auth.fieldError('Choose your role: Father or Mother')).toBeVisible();
  await snapBoth(page, 'shell-sign-up-errors');
  await auth.firstName.fill('Kemi');
  await auth.lastName.fill('Adeyemi');
  await auth.identifier.fill(email);
  await auth.chooseRole('Mother');
  await auth.password.fill(password);
  await auth.confirmPassword.fill(`${password}x`);
  await auth.createAccount.click();
  await expect(auth.fieldError('The passwords do not match')).toBeVisible();
  await auth.confirmPassword.fill(password);
  await auth.createAccount.click();
  await expectToast(page, 'Your family account was created successfully');

  // 3. The dashboard: welcome, nothing attended yet, the upcoming event.
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kemi', level: 1 })).toBeVisible();
  await expect(shell.stat('attended')).toHaveText('0');
  await expect(shell.stat('registered')).toHaveText('0');
  await expect(shell.stat('missed')).toHaveText('0');
  await expect(shell.event(event.name)).toBeVisible();
  await expect(page.getByText('You have not added your children yet.')).toBeVisible();
  await snapBoth(page, 'shell-dashboard-new');

  // 4. Family: empty, then two children (one with a photo and a birthday), a relative added and removed.
  await shell.openFromMenu('Family');
  await expect(page).toHaveURL(/\/checkin\/checkinfamily$/);
  await expect(page.getByText('You have not added your family members yet')).toBeVisible();
  await expect(page.locator('.cs-parent').filter({ hasText: 'Kemi Adeyemi' })).toContainText('Mother');
  await snapBoth(page, 'shell-family-empty');
  await page.getByRole('button', { name: 'Add family member' }).first().click();
  const add = shell.memberDialog('Add family member');
  await expect(add.getByRole('textbox', { name: 'Last name' })).toHaveValue('Adeyemi');
  // a role is required
  await add.getByRole('textbox', { name: 'First name' }).fill('Tolu');
  await add.getByRole('button', { name: /^(loading )?Save$/ }).click();
  await expect(add.locator('.ant-form-item-explain-error').getByText('Choose a role', { exact: true })).toBeVisible();
  await pickOption(add.getByRole('combobox', { name: 'Birthday: Month' }), 'March');
  await pickOption(add.getByRole('combobox', { name: 'Birthday: Day' }), '9');
  await snapBoth(page, 'shell-member-dialog');
  await shell.fillMember('Add family member', { firstName: 'Tolu', role: 'Daughter', gender: 'Female', photo: true });
  await expectToast(page, 'Family member created successfully');
  await expect(shell.member('Tolu Adeyemi')).toContainText('Daughter');
  await expect(shell.member('Tolu Adeyemi')).toContainText('Female');
  await expect(shell.member('Tolu Adeyemi')).toContainText('March 9');
  await expect(shell.member('Tolu Adeyemi').locator('img.cs-photo')).toBeVisible();
  await page.getByRole('button', { name: 'Add family member' }).click();
  await shell.fillMember('Add family member', { firstName: 'Femi', role: 'Son' });
  await expect(shell.member('Femi Adeyemi')).toContainText('Son');
  // edit: Femi's gender
  await shell.member('Femi Adeyemi').getByRole('button', { name: 'Edit Femi Adeyemi' }).click();
  await shell.fillMember('Edit family member', { firstName: 'Femi', gender: 'Male' });
  await expectToast(page, 'Family member updated successfully');
  await expect(shell.member('Femi Adeyemi')).toContainText('Male');
  // remove asks first; Cancel keeps the member
  await page.getByRole('button', { name: 'Add family member' }).click();
  await shell.fillMember('Add family member', { firstName: 'Uche', role: 'Other relative' });
  await shell.member('Uche Adeyemi').getByRole('button', { name: 'Remove Uche Adeyemi' }).click();
  const confirm = dialog(page, 'Confirm delete');
  await expect(confirm).toContainText('Remove Uche Adeyemi from your family?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Delete canceled');
  await expect(confirm).toBeHidden();
  await expect(shell.member('Uche Adeyemi')).toBeVisible();
  await shell.member('Uche Adeyemi').getByRole('button', { name: 'Remove Uche Adeyemi' }).click();
  await dialog(page, 'Confirm delete')
    .getByRole('button', { name: /^(loading )?OK$/ })
    .click();
  await expectToast(page, 'Family member removed successfully');
  await expect(shell.member('Uche Adeyemi')).toHaveCount(0);
  await expect(page.getByTestId('family-member')).toHaveCount(2);
  await snapBoth(page, 'shell-family');

  // 5. Guardian: who may pick up, besides the parents.
  await shell.openFromMenu('Guardian');
  await expect(page).toHaveURL(/\/checkin\/checkinguardian$/);
  await expect(page.getByText('You have not added any guardian yet')).toBeVisible();
  await snapBoth(page, 'shell-guardian-empty');
  await page.getByRole('button', { name: 'Add guardian' }).first().click();
  await shell.fillMember('Add guardian', { firstName: 'Bisi', lastName: 'Okon', phone: '0803 555 0123' });
  await expectToast(page, 'Guardian added successfully');
  await expect(shell.member('Bisi Okon')).toContainText('Guardian');
  await expect(shell.member('Bisi Okon')).toContainText('0803 555 0123');
  await snapBoth(page, 'shell-guardian');

  // 6. Profile: the family's details and the father added.
  await shell.openFromMenu('Profile');
  await expect(page).toHaveURL(/\/checkin\/checkinprofile$/);
  const familyName = page.getByRole('textbox', { name: 'Family name' });
  await expect(familyName).toHaveValue('Adeyemi');
  await expect(page.getByRole('textbox', { name: 'Mother: First name' })).toHaveValue('Kemi');
  await familyName.fill('The Adeyemi family');
  await page.getByRole('textbox', { name: 'Home address' }).fill('4 Palm Avenue, Ikeja');
  await page.getByRole('textbox', { name: 'Home phone' }).fill('0803 555 0100');
  await page.getByRole('textbox', { name: 'Father: First name' }).fill('Tunde');
  await page.getByRole('textbox', { name: 'Father: Last name' }).fill('Adeyemi');
  await snapBoth(page, 'shell-profile');
  await page.getByRole('button', { name: /^(loading )?Save changes$/ }).click();
  await expectToast(page, 'Family updated successfully');
  await shell.openFromMenu('Family');
  await expect(page.getByRole('heading', { name: 'Family', level: 1 })).toBeVisible();
  await expect(page.getByText('The Adeyemi family')).toBeVisible();
  await expect(page.locator('.cs-parent').filter({ hasText: 'Tunde Adeyemi' })).toContainText('Father');

  // 7. Events → the event page: who brings them, a room each (required), confirm → the code.
  await shell.openFromMenu('Events');
  await expect(page).toHaveURL(/\/checkin\/upcomingevents$/);
  await expect(shell.event(event.name)).toBeVisible();
  await snapBoth(page, 'shell-events');
  await shell
    .event(event.name)
    .getByRole('button', { name: /^Check in children/ })
    .click();
  await expect(page).toHaveURL(/\/checkin\/checkinevent\//);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  const bringer = page.getByRole('combobox', { name: 'Who is bringing the children?' });
  await expect(selectOf(bringer)).toContainText('Kemi Adeyemi (Mother)');
  await expect(shell.childTick('Tolu Adeyemi')).toBeChecked();
  await expect(shell.childTick('Femi Adeyemi')).toBeChecked();
  await shell.confirm().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a room' })).toHaveCount(2);
  await snapBoth(page, 'shell-event-rooms-required');
  // by keyboard: Space unticks and ticks a child again; the button counts the ticked children
  await shell.childTick('Femi Adeyemi').focus();
  await page.keyboard.press('Space');
  await expect(shell.childTick('Femi Adeyemi')).not.toBeChecked();
  await expect(shell.confirm()).toHaveText('Check in 1 child');
  await page.keyboard.press('Space');
  await expect(shell.childTick('Femi Adeyemi')).toBeChecked();
  await pickOption(bringer, 'Bisi Okon (Guardian)');
  await pickOption(shell.room('Tolu Adeyemi'), event.rooms[0]);
  await pickOption(shell.room('Femi Adeyemi'), event.rooms[1]);
  await snapBoth(page, 'shell-event');
  await expect(shell.confirm()).toHaveText('Check in 2 children');
  await shell.confirm().click();

  // 8. The thank-you page: the code, large, and what to do with it.
  await expect(page).toHaveURL(/\/checkin\/thankyou\//);
  await expect(page.getByRole('heading', { name: 'You are checked in!', level: 1 })).toBeVisible();
  const code = (await shell.securityCode().textContent())!.trim();
  expect(code).toMatch(SECURITY_CODE);
  expect(page.url()).toMatch(new RegExp(`/checkin/thankyou/${code}$`));
  await expect(
    page.getByText('Show this code at pick-up. Your children are released only to the person who shows it.'),
  ).toBeVisible();
  await expect(page.getByText(`Checked in for ${event.name}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Children' })).toContainText(`Tolu Adeyemi · ${event.rooms[0]}`);
  await snapBoth(page, 'shell-thank-you');

  // the event page now shows the children checked in, each in its room; the dashboard counts it
  await page.goBack();
  await expect(shell.child('Tolu Adeyemi')).toContainText(`Checked in · ${event.rooms[0]}`);
  await expect(shell.child('Femi Adeyemi')).toContainText(`Checked in · ${event.rooms[1]}`);
  await shell.openFromMenu('Dashboard');
  await expect(shell.stat('registered')).toHaveText('1');
  await expect(page.locator('.cs-chip')).toHaveCount(2);
  await snapBoth(page, 'shell-dashboard');

  // 9. On a phone: the menu toggle opens the menu; Logout goes to the church's sign-in page.
  await page.setViewportSize(PHONE);
  await expect(shell.openMenu).toBeVisible();
  await shell.openMenu.click();
  await expect(shell.menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shell.menu).toBeHidden();
  await shell.logout();
  await expect(page).toHaveURL(new RegExp(`/childcheckin/${tenantId}$`));
  await page.setViewportSize(DESKTOP);
  await page.goto('/checkin/checkinfamily');
  await expect(page).toHaveURL(new RegExp(`/childcheckin/${tenantId}$`));

  // 10. Signing in again, by keyboard: a wrong password first.
  await auth.identifier.fill(email);
  await auth.password.fill('not-the-password');
  await auth.password.press('Enter');
  await expect(auth.problem).toContainText('Incorrect e-mail, phone number or password');
  await snapBoth(page, 'shell-sign-in-refused');
  await auth.password.fill(password);
  await auth.password.press('Enter');
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kemi', level: 1 })).toBeVisible();
  await expect(shell.stat('registered')).toHaveText('1');
});
