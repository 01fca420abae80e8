/*
 * The texts of the public check-in page without zod (issue 11 'Public self check-in', issue 10
 * 'Speed'): the page (apps/web/src/features/checkin/texts.ts) imports them without downloading
 * zod; attendance-public.ts re-exports them beside its schemas, and the server answers with them.
 */

/** The texts of the public check-in page (spec 2.11, §8), word for word. */
export const PUBLIC_CHECKIN_MESSAGES = {
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
  // Steward's own (the spec is silent)
  alreadyCheckedIn: 'You were already checked in to this event',
  notFoundEvent: 'This check-in link is not active. Ask your church for the current check-in link.',
  tooManySearches: 'Too many searches from here, please wait a minute and try again',
} as const;
