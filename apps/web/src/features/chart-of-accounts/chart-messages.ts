import { ACCOUNT_REQUIRED_MESSAGE } from '@steward/contracts/chart';

/**
 * The chart of accounts' user-visible texts (spec 2.10, §5, §8), word for word. They belong in
 * the message catalogue of packages/contracts; kept here until it carries the finance texts.
 */
export const CHART_MESSAGES = {
  accountCreated: (name: string) => `The account ${name} was created successfully`,
  accountUpdated: (name: string) => `The account ${name} was updated successfully`,
  accountCreateFailed: 'Account Creation Failed',
  accountUpdateFailed: 'Account Update Failed',
  accountNotDeleted: 'Account not deleted',
  accountRequired: ACCOUNT_REQUIRED_MESSAGE,
  fundCreated: (name: string) => `The fund ${name} was created successfully`,
  fundCreateFailed: 'Fund Creation Failed',
  /** issue 7 part 4: the spec's 'inventory' wording said the wrong thing on an account head */
  emptyHead: 'You have not added any accounts under this head yet.',
  emptyTab: 'You have not added any accounts of this type yet.',
  actionNeededTitle: 'Action Needed',
  actionNeededText: 'Some accounts need updating',
  updateAccounts: 'Update accounts',
} as const;

/** Account and fund messages stay 3 s (spec §9). */
export const CHART_TOAST_SECONDS = 3;
