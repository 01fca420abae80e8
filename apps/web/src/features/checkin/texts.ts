import { PUBLIC_CHECKIN_MESSAGES } from '@steward/contracts/attendance-public-texts';

/*
 * The words of the public check-in page (spec 2.11, §8, word for word). Those the server also
 * answers are PUBLIC_CHECKIN_MESSAGES of packages/contracts/src/attendance-public-texts.ts, the
 * contracts' zod-free check-in texts (this page must not download zod).
 */
export const CHECKIN_TEXT = {
  ...PUBLIC_CHECKIN_MESSAGES,
  // Steward's own (the spec is silent)
  loadFailed: 'Could not load this check-in, please reload the page',
  phoneHint: 'Your details are looked up as soon as the number is complete (11 digits or more).',
  phoneShort: 'Enter the whole number: at least 11 digits',
  sharedNumber: 'More than one person uses this number: choose your name, or check in as someone new.',
  someoneNew: 'Someone else (new here)',
  nameLocked: 'Shown partly hidden to protect your details.',
  birthdayOnRecord: 'On record',
  emailInvalid: 'Enter a valid e-mail address',
  numberInvalid: 'Enter a number',
  fileNote: 'Files cannot be sent from this page: hand it to the church office.',
  noGroups: 'No groups to join for this event',
} as const;
