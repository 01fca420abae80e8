import { expect, test } from '@playwright/test';
import { AttendanceReportPage, createCheckInSetUp, createMember } from './pages/attendance-report-page.ts';
import { signUpChurch } from './pages/church-setup.ts';
import { dialog, expectToast, PHONE, snap } from './pages/ui.ts';

/**
 * Issue 11 'Admin', third bullet: the attendance report / marking page. A new church with a
 * check-in set-up made through the API; on the page an administrator adds an existing member and
 * a new person, marks present (after 'Mark absent'), checks out, reveals a phone number, saves
 * head counts (shown again after a reload), and removes a person after 'Confirm delete' (Cancel
 * first says 'You have rejected'). The same page answers the MarkAttendance route (mark?id=) and
 * is usable at 390 px.
 */
test('an administrator marks, checks out, counts heads and removes people at an event', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpChurch(page, {
    churchName: 'Bethel Assembly',
    firstName: 'Yemi',
    lastName: 'Okonkwo',
    emailPrefix: 'marking',
    emailDomain: 'bethel.example',
    phone: '+2348031234570',
  });
  const setUp = await createCheckInSetUp(page, {
    category: 'Sunday Service',
    group: 'Choir',
    details: 'Thanksgiving service, all choirs sing.',
  });
  await createMember(page, {
    firstName: 'Ngozi',
    lastName: 'Okeke',
    mobilePhone: '+2348035550101',
    email: 'ngozi@bethel.example',
  });

  // 1. Nobody yet: the empty state with its own 'Add person'.
  const report = new AttendanceReportPage(page);
  await report.goto(setUp.id);
  await report.expectShown(setUp.eventName);
  await expect(page.getByText('Thanksgiving service, all choirs sing.')).toBeVisible();
  await expect(page.getByText('No one has checked in yet', { exact: true })).toBeVisible();
  await expect(report.offerings.getByText('No offering has been recorded for this event')).toBeVisible();
  await snap(page, 'attendance-report-empty');

  // 2. Add an existing member through the member search: checked in at once.
  await report.addMember('Ngo', 'Ngozi Okeke');
  await expectToast(page, 'Checked in successfully');
  await expect(report.presence('Ngozi Okeke')).toHaveText('Present');
  await expect(report.row('Ngozi Okeke')).toContainText('Admin');
  await expect(report.figure('Present')).toHaveText('1');

  // 3. Add a new person: created and checked in.
  await report.addNewPerson({
    firstName: 'Tunde',
    lastName: 'Bakare',
    phone: '+2348035550202',
    email: 'tunde@bethel.example',
  });
  await expectToast(page, 'Member added and checked in successfully');
  await expect(report.presence('Tunde Bakare')).toHaveText('Present');
  await expect(report.figure('Present')).toHaveText('2');

  // The phone is masked until revealed.
  await expect(report.row('Tunde Bakare')).toContainText('0202');
  await expect(report.row('Tunde Bakare')).not.toContainText('+2348035550202');
  await report.row('Tunde Bakare').getByRole('button', { name: 'Reveal the phone number of Tunde Bakare' }).click();
  await expect(report.row('Tunde Bakare').getByRole('link', { name: '+2348035550202' })).toBeVisible();

  // 4. Mark absent (row menu), then present again with the row's button; the filters follow.
  await report.rowMenu('Tunde Bakare', 'Mark absent');
  await expect(report.presence('Tunde Bakare')).toHaveText('Absent');
  await report.show('Present');
  await expect(report.row('Tunde Bakare')).toHaveCount(0);
  await expect(report.row('Ngozi Okeke')).toHaveCount(1);
  await report.show('Absent');
  await expect(report.row('Ngozi Okeke')).toHaveCount(0);
  await report.rowButton('Tunde Bakare', 'Mark present');
  await expectToast(page, 'Checked in successfully');
  await expect(report.people.getByText('No one matches this search or filter', { exact: true })).toBeVisible();
  await report.show('All');
  await expect(report.presence('Tunde Bakare')).toHaveText('Present');

  // 5. Check out.
  await report.rowButton('Ngozi Okeke', 'Check out');
  await expectToast(page, 'Checked out successfully');
  await expect(report.presence('Ngozi Okeke')).toHaveText('Checked out');
  await expect(report.figure('Checked out')).toHaveText('1');
  await expect(report.row('Ngozi Okeke').getByRole('button', { name: /Check out Ngozi Okeke/ })).toHaveCount(0);

  // 6. Head counts: saved, and shown again after a reload.
  await report.headCount('Adults').fill('40');
  await report.headCount('Children').fill('12');
  await expect(report.headCountTotal()).toHaveText('52');
  await report.headCounts.getByRole('button', { name: /^(loading )?Save head counts$/ }).click();
  await expectToast(page, 'Saved successfully');
  await expect(report.figure('Head count')).toHaveText('52');
  await snap(page, 'attendance-report-marked');
  await page.reload();
  await report.expectShown(setUp.eventName);
  await expect(report.headCount('Adults')).toHaveValue('40');
  await expect(report.headCount('Children')).toHaveValue('12');
  await expect(report.headCount('Men')).toHaveValue('0');
  await expect(report.headCountTotal()).toHaveText('52');

  // 7. Remove a person: 'Confirm delete'; Cancel keeps them, OK removes them.
  await report.rowMenu('Tunde Bakare', 'Remove from event');
  const confirm = dialog(page, 'Confirm delete');
  await expect(confirm.getByText('Are you sure you want to proceed?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'You have rejected');
  await expect(confirm).toBeHidden();
  await expect(report.row('Tunde Bakare')).toHaveCount(1);
  await report.rowMenu('Tunde Bakare', 'Remove from event');
  await dialog(page, 'Confirm delete').getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Removed from the event');
  await expect(report.row('Tunde Bakare')).toHaveCount(0);
  await expect(report.figure('Present')).toHaveText('1');

  // 8. The existing client's marking route shows the same page; at 390 px nothing is cut off.
  await page.setViewportSize(PHONE);
  await page.goto(`/tenant/attendancecheckin/mark?id=${setUp.id}`);
  await report.expectShown(setUp.eventName);
  await expect(report.row('Ngozi Okeke')).toBeVisible();
  const menu = report.row('Ngozi Okeke').getByRole('button', { name: 'Actions for Ngozi Okeke' });
  await menu.scrollIntoViewIfNeeded();
  await expect(menu).toBeInViewport();
  const box = await menu.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await snap(page, 'attendance-report-phone');
});

test('an unknown attendance says it was not found', async ({ page }) => {
  await signUpChurch(page, {
    churchName: 'Bethel Assembly',
    firstName: 'Yemi',
    lastName: 'Okonkwo',
    emailPrefix: 'marking404',
    emailDomain: 'bethel.example',
    phone: '+2348031234571',
  });
  await page.goto('/tenant/attendancecheckin/report/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
  await expect(page.getByText('This attendance was not found', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Attendance list' }).first().click();
  await expect(page).toHaveURL(/\/tenant\/attendancecheckin$/);
});
