import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { z } from 'zod';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { signUpChurch } from './pages/church-setup.ts';
import { OfferingItemForm } from './pages/offering-item-form.ts';
import { OfferingItemsPage } from './pages/offering-items-page.ts';
import { OfferingReportPage } from './pages/offering-report-page.ts';
import { OfferingsPage } from './pages/offerings-page.ts';
import { expectToast, selectOf, snap, today } from './pages/ui.ts';

/** The list answer, as far as this journey reads it. */
const ZOfferingsPage = z.object({
  totalItems: z.number(),
  data: z.array(z.object({ id: z.string(), contribution: z.string(), amount: z.number(), channel: z.string() })),
});

/**
 * Issue 2: a new church signs up, sets up its offering items, records the offerings of a
 * service, reads the report, reviews, edits and deletes offerings in the list.
 */
test('a new church records, reviews, edits and deletes the offerings of a service', async ({ page }) => {
  test.setTimeout(180_000);
  const day = today();

  // 1. Sign up: lands on /tenant, signed in.
  const { shell } = await signUpChurch(
    page,
    {
      churchName: 'Hope Chapel',
      firstName: 'Adaeze',
      lastName: 'Nwosu',
      emailPrefix: 'admin',
      emailDomain: 'hope.example',
      phone: '+2348031234567',
    },
    () => snap(page, 'signup'),
  );

  // 2. Offering items: empty at first; 'Sunday Offering' with a 10 % remittance to Bank.
  await shell.openFromMenu('Offerings', 'Offering Items');
  const items = new OfferingItemsPage(page);
  await items.expectShown();
  await expect(items.emptyText()).toBeVisible();
  await items.addButton.click();
  await expect(page).toHaveURL(/\/tenant\/offeringcategory$/);
  await expect(page.getByRole('heading', { name: 'Add Offering Item', level: 1 })).toBeVisible();

  const form = OfferingItemForm.page(page);
  await form.name.fill('Sunday Offering');
  await form.save();
  await expectToast(page, 'Please select an income and cash account');
  await expect(page).toHaveURL(/\/tenant\/offeringcategory$/);

  await form.chooseAccounts({ incomeAccount: '4000 - Offering', cashAccount: '1000 - Cash' });
  await expect(form.applyRemittance).not.toBeChecked();
  await expect(form.remittanceAccount(1)).toBeHidden();
  await form.applyRemittance.check();
  await expect(form.remittanceAccount(1)).toBeVisible();
  await form.deleteRemittanceRow(1).click();
  await expectToast(page, 'Cannot Delete, You must have at least one field to apply for remittance');
  await expect(form.remittanceAccount(1)).toBeVisible();
  await form.setRemittance(1, '1010 - Bank', '10');
  await form.expectRemaining('90');
  await expect(
    form.root.getByText('The remaining 90% goes to the cash account you chose (1000 - Cash).'),
  ).toBeVisible();
  await snap(page, 'item-form-remittance');
  await form.save();
  await expectToast(page, 'Contribution Saved');
  await items.expectShown();
  await items.expectColumns();
  await items.expectItem('Sunday Offering', 'Cash', 'Offering');
  await snap(page, 'offering-items');

  // The saved item opens for edit with its split loaded (the section turns on by itself).
  await items.row('Sunday Offering').click();
  await expect(page).toHaveURL(/\/tenant\/offeringcategory\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit Offering Item', level: 1 })).toBeVisible();
  await expect(form.name).toHaveValue('Sunday Offering');
  await expect(selectOf(form.incomeAccount)).toHaveText('4000 - Offering');
  await expect(selectOf(form.cashAccount)).toHaveText('1000 - Cash');
  await expect(form.applyRemittance).toBeChecked();
  await expect(selectOf(form.remittanceAccount(1))).toHaveText('1010 - Bank');
  await expect(form.remittancePercentage(1)).toHaveValue('10');
  await form.expectRemaining('90');
  await page.getByRole('main').getByRole('link', { name: 'Offering Items' }).click();
  await items.expectShown();

  // 3. Add Offering: a new event 'Sunday Service' today, three rows, a new donor.
  await shell.openFromMenu('Offerings', 'Add Offering');
  const add = new AddOfferingPage(page);
  await add.expectShown('Add Offering');
  await expect(add.date).toHaveValue(day.us);

  await add.openCreateEvent();
  await add.addEventCategory('Sunday Service');
  await add.saveEvent();
  await expectToast(page, 'Enter event name and date');
  await expect(add.eventDialog).toBeVisible();
  await add.setEventDate(day.us);
  await add.saveEvent();
  await expectToast(page, 'Your new event was created successfully');
  await expect(add.eventDialog).toBeHidden();
  await expect(selectOf(add.event)).toHaveText(`Sunday Service · ${day.us}`);
  await expect(add.date).toHaveValue(day.us);

  await add.fillRow(1, { item: 'Sunday Offering', channel: 'Cash', amount: '12,500.50' });
  await expect(add.amount(1)).toHaveValue('12500.50');
  await expect(add.rowTotal(1)).toHaveText('₦12,500.50');
  expect(await add.addRow()).toBe(2);
  await add.fillRow(2, { item: 'Sunday Offering', channel: 'POS', amount: '8,000' });
  await expect(add.rowTotal(2)).toHaveText('₦8,000.00');
  expect(await add.addRow()).toBe(3);

  // Row (c): the item 'Tithe' is created with the 'Create New Offering Item' dialog.
  const itemDialog = await add.openCreateItemDialog(3);
  await itemDialog.fill({ name: 'Tithe', incomeAccount: '4010 - Tithe', cashAccount: '1010 - Bank' });
  await itemDialog.save();
  await expectToast(page, 'Contribution Saved');
  await expect(itemDialog.root).toBeHidden();
  await expect(selectOf(add.item(3))).toHaveText('Tithe');
  await add.setChannel(3, 'Cash');

  await add.save();
  await expectToast(page, 'Enter amount for Offering item');
  await expect(page).toHaveURL(/\/tenant\/addoffering$/);
  await add.amount(3).fill('20,000.25');
  await expect(add.rowTotal(3)).toHaveText('₦20,000.25');

  await add.openDonor(3);
  await add.donorSearch().fill('Ng');
  await expect(add.donorDialog.getByText('Enter 3 or more characters', { exact: true })).toBeVisible();
  await add.createMember({ firstName: 'Ngozi', lastName: 'Okafor', phone: '+2348035550101' });
  await expect(add.memberDialog).toBeHidden();
  await expect(add.donorDialog).toBeHidden();
  await expect(add.row(3)).toContainText('Ngozi Okafor');
  await expect(add.page.getByRole('button', { name: 'Change donor 3' })).toBeVisible();
  await expect(add.row(1)).not.toContainText('Ngozi Okafor');

  await expect(add.grandTotal).toHaveText('₦40,500.75');
  await snap(page, 'add-offering');
  await add.save();
  await expectToast(page, 'Offering Saved');

  // 4. The offering report of the event.
  await expect(page).toHaveURL(new RegExp(`/tenant/offeringreport\\?report=${day.iso}&activityID=[0-9a-f-]{36}$`));
  const reportUrl = page.url();
  const report = new OfferingReportPage(page);
  await report.expectShown();
  await expect(report.eventName).toHaveText('Sunday Service');
  await expect(report.date).toHaveText(day.us);
  await expect(report.total).toHaveText('₦40,500.75');
  await expect(report.row('Sunday Offering', 'Cash', '₦12,500.50')).toHaveCount(1);
  await expect(report.row('Sunday Offering', 'POS', '₦8,000.00')).toHaveCount(1);
  await expect(report.row('Tithe', 'Cash', '₦20,000.25')).toHaveCount(1);
  await expect(report.table.getByRole('row').filter({ hasText: 'Total' })).toContainText('₦40,500.75');
  await expect(report.comparisons).toBeVisible();
  // The monthly chart 'OFFERING': 12 months ending with the report's month.
  await expect(report.monthlyChart).toBeVisible();
  await expect(report.monthlyChart.getByRole('heading', { name: 'OFFERING' })).toBeVisible();
  await expect(report.monthlyMonths()).toHaveCount(12);
  await expect(report.monthlyMonths().first()).toHaveText(dayjs().subtract(11, 'month').format('MMM YYYY'));
  await expect(report.monthlyMonths().last()).toHaveText(dayjs().format('MMM YYYY'));
  await expect(report.monthlyValue(dayjs().format('MMM YYYY'))).toHaveText('₦40,500.75');
  await expect(report.monthlyValue(dayjs().subtract(1, 'month').format('MMM YYYY'))).toHaveText('₦0.00');
  await snap(page, 'report');

  // 5. The offerings list.
  await shell.openFromMenu('Offerings', 'Offerings');
  const list = new OfferingsPage(page);
  await list.expectShown();
  await expect(list.columnHeaders()).toContainText(['Date', 'OFFERING', 'AMOUNT', 'SOURCE', 'DONOR', 'ACTION']);
  await expect(list.rows()).toHaveCount(3);
  await expect(list.totalCount()).toHaveText('Total 3 items');
  await expect(list.rowWithAmount('₦12,500.50').getByRole('cell')).toContainText([
    day.us,
    'Sunday Offering',
    '₦12,500.50',
    'Cash',
  ]);
  await expect(list.rowWithAmount('₦8,000.00').getByRole('cell')).toContainText([
    day.us,
    'Sunday Offering',
    '₦8,000.00',
    'POS',
  ]);
  await expect(list.rowWithAmount('₦20,000.25').getByRole('cell')).toContainText([
    day.us,
    'Tithe',
    '₦20,000.25',
    'Cash',
    'Ngozi Okafor',
  ]);
  await expect(list.rows().filter({ hasText: 'Ngozi Okafor' })).toHaveCount(1);
  await list.expectPeriod('This Week');
  await expect(list.totalIncome).toHaveText('₦40,500.75');
  await snap(page, 'offerings-list');

  // The item made in the dialog is in the offering items list too.
  await page.getByRole('button', { name: 'View Offering Items' }).click();
  await items.expectShown();
  await items.expectItem('Tithe', 'Bank', 'Tithe');
  await items.expectItem('Sunday Offering', 'Cash', 'Offering');
  await page.goBack();
  await list.expectShown();

  // Edit the POS row: 8,000 -> 9,000.
  await list.rowWithAmount('₦8,000.00').click();
  await expect(page).toHaveURL(/\/tenant\/addoffering\/[0-9a-f-]{36}$/);
  const edit = new AddOfferingPage(page);
  await edit.expectShown('Edit Offering');
  await expect(selectOf(edit.event)).toHaveText(`Sunday Service · ${day.us}`);
  await expect(edit.date).toHaveValue(day.us);
  await expect(selectOf(edit.item(1))).toHaveText('Sunday Offering');
  await expect(selectOf(edit.channel(1))).toHaveText('POS');
  await expect(edit.amount(1)).toHaveValue(/^8000(\.0+)?$/);
  await expect(edit.row(2)).toHaveCount(0);
  await edit.amount(1).fill('9,000');
  await expect(edit.grandTotal).toHaveText('₦9,000.00');
  await edit.save();
  await expectToast(page, 'Offering Saved');
  await expect(page).toHaveURL(/\/tenant\/offeringreport\?/);
  await list.goto();
  await expect(list.rowWithAmount('₦9,000.00')).toHaveCount(1);
  await expect(list.rowWithAmount('₦9,000.00').getByRole('cell')).toContainText(['Sunday Offering', 'POS']);
  await expect(list.rowWithAmount('₦8,000.00')).toHaveCount(0);
  await expect(list.rows()).toHaveCount(3);
  await expect(list.totalIncome).toHaveText('₦41,500.75');

  // 6. The API agrees (the browser's session cookie), and so does the report.
  const api = page.context().request;
  const res = await api.get('/api/Financials/Contributions/Transactions?page=1');
  expect(res.status()).toBe(200);
  const body = ZOfferingsPage.parse(await res.json());
  expect(body.totalItems).toBe(3);
  expect(body.data.map((r) => r.amount).sort((a, b) => a - b)).toEqual([9000, 12500.5, 20000.25]);
  expect(body.data.find((r) => r.channel === 'POS')?.amount).toBe(9000);

  await page.goto(reportUrl);
  await report.expectShown();
  await expect(report.total).toHaveText('₦41,500.75');
  await expect(report.row('Sunday Offering', 'POS', '₦9,000.00')).toHaveCount(1);
  await expect(report.monthlyValue(dayjs().format('MMM YYYY'))).toHaveText('₦41,500.75');
  await expect(report.table.getByRole('cell', { name: '₦8,000.00', exact: true })).toHaveCount(0);

  // Without an event the report covers the whole day, without comparisons or the monthly chart.
  await page.goto(`/tenant/offeringreport?report=${day.iso}`);
  await report.expectShown();
  await expect(report.total).toHaveText('₦41,500.75');
  await expect(report.table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(4);
  await expect(report.comparisons).toBeHidden();
  await expect(report.monthlyChart).toBeHidden();

  // 7. Delete the Tithe row from its menu: Cancel first, then OK.
  await list.goto();
  const tithe = list.rowWithAmount('₦20,000.25');
  await list.rowAction(tithe, 'Delete');
  await expect(list.confirmDialog).toBeVisible();
  await expect(list.confirmDialog).toContainText('Are you sure you want to proceed?');
  await list.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Rejected');
  await expect(list.confirmDialog).toBeHidden();
  await expect(tithe).toHaveCount(1);

  await list.rowAction(tithe, 'Delete');
  await expect(list.confirmDialog).toContainText('Are you sure you want to proceed?');
  await list.confirmDialog.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Offering Transaction Deleted');
  await expect(tithe).toHaveCount(0);
  await expect(list.rows()).toHaveCount(2);
  await expect(list.totalCount()).toHaveText('Total 2 items');
  await expect(list.totalIncome).toHaveText('₦21,500.50');
});
