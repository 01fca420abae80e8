/*
 * The texts of online giving without zod (issue 10 'Speed'): the public giving pages
 * (apps/web/src/features/give) import them without downloading zod; donations.ts re-exports
 * them beside its schemas, and the server answers with them. Giving spec §8, misspellings
 * corrected (DESIGN.md).
 */

/**
 * What a giver reads on the public giving pages that the server also answers: the pages show
 * them (apps/web/src/features/give/texts.ts), and the giving calls answer them.
 */
export const GIVER_MESSAGES = {
  initialiseFailed: 'Could not initialise payment, please try again',
  confirmFailed: 'Confirmation failed, Confirming your purchase failed, please contact support',
  cancelled: 'You have cancelled the transaction',
  succeeded: 'Thank you! Your gift was received',
  failed: 'The payment did not go through',
  flagged: 'Your payment was received but could not be matched to your gift; the church will look into it',
  signUpSuccessful: 'Your account was created',
  signInSuccessful: 'Signed in',
  resetRequested: 'If an account exists for this e-mail address, we have sent it a link to reset the password',
  resetDone: 'Your password was changed: sign in with the new one',
  noTransactions: 'You have not made any transactions',
} as const;

/** Texts of the giving flow: GIVER_MESSAGES, and those only the server or the admin pages use. */
export const DONATION_MESSAGES = {
  ...GIVER_MESSAGES,
  initialised: 'Payment initialised',
  pending: 'Your payment has not been confirmed by the provider yet',
  abandoned: 'The payment was not completed',
  donationDeleted:
    "Donation deleted. The payment itself is not refunded: refund it from the provider's dashboard if needed",
  signInIncorrect: 'Incorrect e-mail or password',
  resetInvalid: 'This link is not valid any more: ask for a new one',
  recordNotAvailable: 'Record not available in database',
} as const;
