import type { Locator, Page } from '@playwright/test';

/**
 * The account register of the Transaction page (issue 7): what shows once a cash or bank account
 * is chosen in the selector — every posting on it, newest first, with its source, debit or credit
 * and running balance, and whether the postings reconcile with the account's balance.
 */
export class AccountRegisterSection {
  readonly root: Locator;
  readonly table: Locator;
  readonly reconciliation: Locator;
  readonly showOlder: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('main').getByRole('region', { name: /^Postings on / });
    this.table = this.root.getByRole('table');
    this.reconciliation = this.root.getByTestId('register-reconciliation');
    this.showOlder = this.root.getByRole('button', { name: 'Show older postings' });
  }

  heading(accountText: string): Locator {
    return this.root.getByRole('heading', { name: `Postings on ${accountText}`, level: 2 });
  }

  /** The postings, newest first. */
  rows(): Locator {
    return this.table.locator('tbody tr[data-row-key]');
  }

  /** The source tag of each posting ('Offering', 'Income', 'Reversal of expense', ...), newest first. */
  sources(): Locator {
    return this.rows().getByTestId('posting-source');
  }

  /** The running balance of each posting, newest first. */
  runningBalances(): Locator {
    return this.rows().getByTestId('running-balance');
  }

  /** A posting that opens what made it: named 'Open {description} of {MM/DD/YYYY}'. */
  row(description: string, usDate: string): Locator {
    return this.table.getByRole('row', { name: `Open ${description} of ${usDate}`, exact: true });
  }

  /** Any posting whose text contains `text` (reversals open nothing, so they have no name). */
  rowWith(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }
}
