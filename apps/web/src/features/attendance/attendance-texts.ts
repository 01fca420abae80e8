/*
 * Texts of the attendance set-up screens that the spec does not give (its own texts are
 * ATTENDANCE_SETUP_MESSAGES in packages/contracts/src/attendance-setup.ts). Chosen as a church
 * administrator would expect them; listed in this folder's README.
 */
export const ATTENDANCE_TEXTS = {
  chooseEventAndGroup: 'Choose an event and at least one group to continue',
  enterAmount: 'Enter the amount to pay',
  amountHint: 'What each person pays to register',
  chooseBank: 'Choose the bank',
  banksFailed: 'The banks could not be loaded',
  enterAccountNumber: 'Enter the account number',
  checkingAccount: 'Checking the account name…',
  accountNameHint: 'Filled in from the bank once the number is checked',
  resolveAccountFirst: 'Enter the account number and let Steward check the account name before you save',
  chooseIncomeAccount: 'Choose the income account',
  chooseCashAccount: 'Choose the cash account',
  bannerTooLarge: 'Choose an image of at most 5 MB',
  bannerNotImage: 'Choose a PNG, JPEG, GIF or WebP image',
  saveFailed: 'The attendance could not be saved, please try again',
  notFound: 'This attendance does not exist',
  loadFailed: 'The attendance could not be loaded',
  checkinHint: 'Sent to each person when they check in.',
  registrationHint: 'Sent to each person when they register.',
  checkInCutOffHint: 'After this time the check-in page says the event is closed. Leave empty to keep it open.',
  registrationCutOffHint: 'After this time registration closes. Leave empty to keep it open.',
  linkCopied: 'Link Copied',
  copyFailed: 'Could not copy: select the link and copy it yourself',
  listEmpty: "You haven't set up any attendance yet",
  checkoutQuestion: 'Check out everyone still checked in at this event?',
  checkoutDone: 'Check-out complete',
} as const;
