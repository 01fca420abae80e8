/*
 * Texts of the giving admin screens that the spec does not give (its own texts are
 * GIVING_MESSAGES in packages/contracts/src/giving.ts). Chosen as a church administrator would
 * expect them; listed in this folder's README.
 */
export const GIVING_TEXTS = {
  deleteFormQuestion: 'Are you sure you want to Delete?',
  listLoadFailed: 'The payment forms could not be loaded.',
  formNotFound: 'This payment form does not exist',
  formLoadFailed: 'The payment form could not be loaded',
  addItemFirst: 'Choose at least one contribution item',
  resolveAccountFirst: 'Enter the account number and let Steward check the account name before you save',
  chooseGateway: 'Choose at least one payment gateway',
  chooseBankFirst: 'Choose the bank first',
  checkingAccount: 'Checking the account name…',
  subaccountQuestionTitle: 'Use the existing FlutterWave subaccount?',
  subaccountUnavailable:
    'FlutterWave could not be reached to look for an existing subaccount; Steward will try again when you save',
  iframeCopied: 'iFrame code copied to your clipboard',
  copyFailed: 'Could not copy: select the text and copy it yourself',
  saveFailed: 'The payment form could not be saved, please try again',
  noItems: 'No contribution items on this form yet',
} as const;
