/**
 * The Transaction page's user-visible texts (spec 2.8, §5, §8), word for word. They belong in
 * the message catalogue of packages/contracts; kept here until it carries the finance texts.
 */
export const FINANCE_MESSAGES = {
  transactionSaved: 'Transaction saved successfully',
  operationNotSuccessful: 'The operation was not successful',
  journalSaved: (response: string) => `The transaction was ${response}`,
  journalFailed: 'Transaction failed, please try again',
  journalMustEqual: 'must equal',
  deleteFailed: 'Delete Failed',
  approved: 'Transaction approved successfully',
  unapproved: 'Transaction unapproved',
  approveFailed: 'Report not successfully approved, please try again',
  splitExceeds: (amount: string) =>
    `The sum of the above lines should not exceed the total deposit amount of ${amount}`,
  unbalanced: 'Unbalanced',
  noData: 'No data',
  editTitle: 'Edit Transaction Details',
  allAccounts: 'All Accounts',
  addAccount: 'Add a new account',
  /** issue 7: an approved transaction is locked */
  unapproveToChange: 'Unapprove this transaction to change it',
} as const;
