/*
 * The words of the public check-in page (spec 2.11, §8, word for word). The server's copy is
 * PUBLIC_CHECKIN_MESSAGES of packages/contracts/src/attendance-public.ts, restated here because
 * that module loads zod at runtime, which this page must not download. Keep the two in step.
 */
export const CHECKIN_TEXT = {
  // PUBLIC_CHECKIN_MESSAGES (packages/contracts/src/attendance-public.ts)
  title: 'ATTENDANCE & CHECKIN',
  fetching: 'Fetching your details...',
  found: 'Your details were found, please confirm to checkin',
  notFound: 'Details not found, please fill the form and confirm to checkin',
  successTitle: 'Checked-in!',
  success: 'You have been checked-in successfully!',
  errorTitle: 'Checkin Error',
  submitFailed: 'Member Checkin failed',
  searchNetwork: 'Ensure you have internet access and try again',
  searchTimeout: 'The request was taking too long, please reload and try again',
  searchOtherTitle: 'Not successful',
  searchOther: 'Please try again',
  closed:
    'Sorry, this event is closed, if you intend to check yourself in to a future or ongoing event, kindly request for the event checkin link from your church admin.',
  alreadyCheckedIn: 'You were already checked in to this event',
  notFoundEvent: 'This check-in link is not active. Ask your church for the current check-in link.',
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
