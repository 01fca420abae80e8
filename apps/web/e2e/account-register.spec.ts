import { expect, test } from '@playwright/test';
import { AccountRegisterSection } from './pages/account-register-page.ts';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { accountIdByText, signUpChurch } from './pages/church-setup.ts';
import { TransactionsPage } from './pages/transactions-page.ts';
import { expectToast, pickOption, selectOf, snap, today } from './pages/ui.ts';

const CSRF = { 'x-steward-csrf': '1' };

/** A naira amount as the register shows it ('₦14,800.45', '-₦5.00') in kobo. */
function kobo(text: string): number {
  const m = /^([-−]?)₦([\d,]+)\.(\d{2})$/.exec(text.trim());
  expect(m, `${text} is a naira amount`).not.toBeNull();
  const value = Number(m![2]!.replace(/,/g, '')) * 100 + Number(m![3]);
  return m![1] ? -value : value;
}

/**
 * Reconciles the register shown (desktop columns, every posting loaded) by hand: the sum of the
 * debits less the credits equals `balance` (the selector's), the oldest running balance is its own
 * posting, and each newer one is the one before it plus its debit less its credit.
 */
async function expectPostingsAddUp(register: AccountRegisterSection, balance: string): Promise<void> {
  await expect(register.showOlder).toHaveCount(0);
  const rows = await register.rows().all();
  let total = 0;
  let previous = 0;
  for (const row of rows.reverse()) {
    const debits = await row.getByTestId('debit').allInnerTexts();
    const credits = await row.getByTestId('credit').allInnerTexts();
    expect(debits.length + credits.length, 'a posting is a debit or a credit').toBe(1);
    const change = debits.length ? kobo(debits[0]!) : -kobo(credits[0]!);
    total += change;
    expect(kobo(await row.getByTestId('running-balance').innerText())).toBe(previous + change);
    previous += change;
  }
  expect(total).toBe(kobo(balance));
}

/**
 * Issue 7 part 3: a finance officer records offerings, an income, an expense and a journal,
 * chooses Cash in the account selector and reconciles it from its postings (every posting with
 * its source and running balance; the newest running balance is the selector's balance), then
 * approves the expense and finds it locked until it is unapproved.
 */
test('a finance officer reconciles Cash from its postings and finds an approved expense locked', async ({ page }) => {
  test.setTimeout(180_000);
  const day = today();
  const { shell } = await signUpChurch(page, {
    churchName: 'Bethel Tabernacle',
    firstName: 'Kemi',
    lastName: 'Balogun',
    emailPrefix: 'register',
    emailDomain: 'bethel.example',
    phone: '+2348031113333',
  });

  // The offering item (the offering journey covers its form): 90% to Cash, 10% remitted to Bank.
  const cash = await accountIdByText(page, '/api/financials/accounts/getcashbankaccounts', '1000 - Cash');
  const bank = await accountIdByText(page, '/api/financials/accounts/getcashbankaccounts', '1010 - Bank');
  const offering = await accountIdByText(page, '/api/Financials/Accounts/GetIncomeAccounts', '4000 - Offering');
  const item = await page.request.post('/api/financials/contributions/items/save', {
    headers: CSRF,
    data: {
      name: 'Sunday Offering',
      incomeAccountId: offering,
      cashAccountId: cash,
      incomeRemittance: [{ percentage: '10', distinationCashBankAccount: bank }],
    },
  });
  expect(item.ok(), await item.text()).toBe(true);

  // 1. Two offerings: 10,000 in cash and 5,000.50 by POS.
  await shell.openFromMenu('Offerings', 'Add Offering');
  const add = new AddOfferingPage(page);
  await add.expectShown('Add Offering');
  await add.fillRow(1, { item: 'Sunday Offering', channel: 'Cash', amount: '10,000' });
  expect(await add.addRow()).toBe(2);
  await add.fillRow(2, { item: 'Sunday Offering', channel: 'POS', amount: '5,000.50' });
  await expect(add.grandTotal).toHaveText('₦15,000.50');
  await add.save();
  await expectToast(page, 'Offering Saved');

  // 2. An income of 3,000 into Cash, an expense of 1,200 from it, a transfer of 500 to Bank.
  const txns = new TransactionsPage(page);
  await txns.goto();
  const income = await txns.addIncome();
  await income.amount().fill('3,000');
  await income.account('1000 - Cash');
  await income.memo().fill('Harvest gifts');
  await income.line(1, '4010 - Tithe');
  await income.save.click();
  await expectToast(page, 'Transaction saved successfully');
  await expect(income.root).toBeHidden();

  const expense = await txns.addExpense();
  await expense.amount().fill('1,200');
  await expense.account('1000 - Cash');
  await expense.memo().fill('Electricity bill');
  await expense.line(1, '5100 - Utilities');
  await expense.save.click();
  await expectToast(page, 'Transaction saved successfully');
  await expect(expense.root).toBeHidden();

  const journal = await txns.addJournal();
  await journal.root.getByRole('textbox', { name: 'Memo', exact: true }).fill('Cash to bank');
  await pickOption(journal.journalAccount('Debit', 1), '1010 - Bank', 'Bank');
  await journal.journalAmount('Debit', 1).fill('500');
  await pickOption(journal.journalAccount('Credit', 1), '1000 - Cash', 'Cash');
  await journal.journalAmount('Credit', 1).fill('500');
  await journal.save.click();
  await expectToast(page, 'The transaction was saved successfully');
  await expect(journal.root).toBeHidden();

  // All Accounts lists the three documents; the journal shows each line's side, not a green total.
  await expect(txns.rows()).toHaveCount(3);
  const journalRow = txns.row('Cash to bank', day.us);
  await expect(journalRow.getByTestId('journal-line')).toHaveText([
    /^Dr\s*1010 - Bank\s*₦500\.00$/,
    /^Cr\s*1000 - Cash\s*₦500\.00$/,
  ]);
  await expect(journalRow.locator('[data-tone]')).toHaveCount(0);

  // 3. Cash: every posting, offerings included, newest first, each with its running balance.
  const cashOption = '1000 - Cash (₦14,800.45)';
  await pickOption(txns.accountSelector, cashOption, 'Cash');
  await expect(selectOf(txns.accountSelector)).toContainText(cashOption);
  const register = new AccountRegisterSection(page);
  await expect(register.heading('1000 - Cash')).toBeVisible();
  await expect(register.rows()).toHaveCount(5);
  await expect(register.sources()).toHaveText(['Journal', 'Expense', 'Income', 'Offering', 'Offering']);
  await expect(register.runningBalances()).toHaveText([
    '₦14,800.45',
    '₦15,300.45',
    '₦16,500.45',
    '₦13,500.45',
    '₦9,000.00',
  ]);
  await expect(register.row('Sunday Offering (POS)', day.us).getByTestId('debit')).toHaveText('₦4,500.45');
  await expect(register.row('Electricity bill', day.us).getByTestId('credit')).toHaveText('₦1,200.00');
  // the newest running balance is the balance the selector shows
  const selectorBalance = /\((.+)\)$/.exec(cashOption)![1]!;
  await expect(register.runningBalances().first()).toHaveText(selectorBalance);
  await expect(register.reconciliation).toHaveText(
    `The running balance ends at the account's balance of ${selectorBalance}`,
  );
  // By hand: the debits less the credits of every posting are the selector's balance, and each
  // running balance is the one before it plus its debit less its credit.
  await expectPostingsAddUp(register, selectorBalance);
  await snap(page, 'account-register');

  // On a phone the description, the amount and the running balance stay in view.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneRow = register.row('Sunday Offering (POS)', day.us);
  // the phone layout may replace the row first found: retried until the layout settles
  await expect(async () => {
    await phoneRow.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(phoneRow.getByText('Sunday Offering (POS)', { exact: true })).toBeInViewport({ timeout: 2_000 });
    await expect(phoneRow.getByTestId('debit')).toBeInViewport({ timeout: 2_000 });
    await expect(phoneRow.getByTestId('running-balance')).toBeInViewport({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await snap(page, 'account-register-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 4. Approve the expense: it is locked until unapproved.
  await pickOption(txns.accountSelector, 'All Accounts');
  await expect(txns.rows()).toHaveCount(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(journalRow.getByText('Cash to bank', { exact: true })).toBeInViewport();
  await expect(journalRow.getByTestId('journal-line').first()).toBeInViewport();
  await snap(page, 'transactions-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  const expenseRow = txns.row('Electricity bill', day.us);
  await expenseRow.getByRole('button', { name: 'Approve Electricity bill', exact: true }).click();
  await expectToast(page, 'Transaction approved successfully');
  await expect(expenseRow.getByRole('img', { name: 'Approved, locked' })).toBeVisible();

  await expenseRow
    .getByRole('cell', { name: /Electricity bill/ })
    .first()
    .click();
  const locked = await txns.panel('Edit Transaction Details');
  await expect(locked.root.getByText('Unapprove this transaction to change it', { exact: true })).toBeVisible();
  await expect(locked.amount()).toHaveValue('1,200');
  await expect(locked.amount()).toBeDisabled();
  await expect(locked.memo()).toBeDisabled();
  await expect(locked.save).toBeDisabled();
  await expect(locked.root.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await snap(page, 'approved-locked');
  await locked.root.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(locked.root).toBeHidden();

  await expenseRow.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: /^Delete/ })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // The server refuses too: 409 with the reason.
  const list = await page.request.get('/api/Financials/Accounts/v2/Transactions?page=1');
  const expenseId = ((await list.json()) as { records: { id: string; narration: string }[] }).records.find(
    (r) => r.narration === 'Electricity bill',
  )!.id;
  const refused = await page.request.delete(`/api/Financials/Accounts/Transactions/Delete?id=${expenseId}`, {
    headers: CSRF,
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { response: string }).response).toMatch(/is approved; unapprove it first/);

  // Unapproved from the lock note of its panel, it opens for editing there: 1,500 instead of 1,200.
  await expenseRow
    .getByRole('cell', { name: /Electricity bill/ })
    .first()
    .click();
  const edit = await txns.panel('Edit Transaction Details');
  await edit.root.getByRole('alert').getByRole('button', { name: 'Unapprove', exact: true }).click();
  await expectToast(page, 'Transaction unapproved');
  await expect(edit.root.getByText('Unapprove this transaction to change it', { exact: true })).toHaveCount(0);
  await expect(expenseRow.getByRole('img', { name: 'Approved, locked' })).toHaveCount(0);
  await expect(expenseRow.getByRole('button', { name: 'Approve Electricity bill', exact: true })).toBeVisible();
  await expect(edit.amount()).toBeEnabled();
  await edit.amount().fill('1,500');
  await expect(edit.save).toBeEnabled();
  await edit.save.click();
  await expectToast(page, 'Transaction saved successfully');
  await expect(edit.root).toBeHidden();
  await expect(txns.amountOf(expenseRow)).toHaveText(/^[-−]₦1,500\.00$/);
  // The closed panel hands the focus back to the row that opened it; a select opened before that
  // would lose the focus and close.
  await expect(expenseRow).toBeFocused();

  // Cash again: the edit shows as a reversal and a new posting, and it still reconciles.
  await pickOption(txns.accountSelector, '1000 - Cash (₦14,500.45)', 'Cash');
  await expect(register.rows()).toHaveCount(7);
  await expect(register.sources()).toHaveText([
    'Expense',
    'Reversal of expense',
    'Journal',
    'Expense',
    'Income',
    'Offering',
    'Offering',
  ]);
  await expect(register.runningBalances().first()).toHaveText('₦14,500.45');
  await expect(register.reconciliation).toHaveText("The running balance ends at the account's balance of ₦14,500.45");
  await expectPostingsAddUp(register, '₦14,500.45');
});
