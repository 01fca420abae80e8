import { GIVER_MESSAGES } from '@steward/contracts/donation-texts';

/*
 * The words of the public giving pages (giving spec §8, misspellings corrected as DESIGN.md
 * says). Those the server also answers are GIVER_MESSAGES of
 * packages/contracts/src/donation-texts.ts, the contracts' zod-free texts (these pages must not
 * download zod: issue 10 'Speed'); apps/web/vite.config.ts keeps that module in these pages' own
 * chunks.
 */
export const GIVE_TEXT = {
  ...GIVER_MESSAGES,
  // giving spec §8
  networkDisrupted: 'Oops, Your internet connection was disrupted',
  signInNetwork: 'Please ensure you have a strong internet connection',
  signInIncorrect: 'Incorrect details, ',
  signInOther: 'Not successful, please try again',
  signUpStatusFalse: 'Something went wrong',
  signUpFailed: 'Error signing up',
  timeout: 'Request took too long to respond',
  // Steward's own (the spec is silent)
  keptTyped: 'What you typed is kept: try again when you are back online.',
  loadFailed: 'Could not load this page, please try again',
  formNotFound: 'This giving link is not active. Ask your church for its current giving link.',
  noAmount: 'Enter an amount for at least one item',
  amountNotNumber: 'Enter an amount such as 5000 or 5,000.50',
  emailRequired: 'Enter your e-mail address: the payment provider sends your receipt to it',
  emailInvalid: 'Enter a valid e-mail address',
  phoneInvalid: 'Enter a valid phone number',
  chooseGateway: 'Choose how to pay',
  noGateway: 'This form does not take card payments yet. Ask your church for another way to give.',
  pending: 'Your gift is being confirmed',
  stillPending:
    'The payment provider has not confirmed your payment yet. It will be recorded as soon as it does; you can close this page.',
  missingReference: 'This page was opened without a payment reference, so there is nothing to confirm.',
  sessionEnded: 'Your session has ended: sign in again',
} as const;
