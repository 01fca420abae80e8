/*
 * The words of the public event registration page (spec 2.12-2.14, §4, §8, word for word; plain
 * misspellings corrected per DESIGN.md, except 'Ward Created Sucessfully', kept as the brief gives
 * it). Steward's own texts (where the spec is silent) are marked.
 */
export const REG_TEXT = {
  subtitle: 'Event Registration',
  fetching: 'Fetching your details...',
  found: 'Your details were found, please confirm to register.',
  notFound: 'Please fill the form and confirm the registration',
  missingPhone: 'Please enter your phone number',
  lookupNetwork: 'Ensure you have internet access and try again',
  lookupTimeout: 'The request was taking too long, please reload and try again',
  lookupOther: 'An error occurred, reload and try again',
  family: 'Do you want to register your family for this event?',
  wardsEmpty: 'When you add wards, they will show up here',
  addWardTitle: 'Add New Ward',
  selectRole: 'Select role',
  wardCreated: 'Ward Created Sucessfully',
  confirm: 'Confirm to register',
  pay: 'Make payment to register',
  paymentMethods: 'Payment methods',
  continueWith: 'Continue payment with',
  successTitle: 'Registration Successful!',
  success: 'You have registered for this event successfully!',
  registerNetwork: 'Please ensure you have a strong internet connection and try again',
  registerTimeout: 'Request took too long, Please reload the page and try again',
  initFailed: 'Could not initialise payment, please try again',
  confirmFailed: 'Confirmation failed, Confirming your purchase failed, please contact support',
  cancelled: 'You have cancelled the transaction',
  // Steward's own (the spec is silent)
  closed: 'Registration for this event has closed.',
  closedHelp: 'Ask your church for the link of a future or ongoing event.',
  notFoundEvent: 'This registration link is not active. Ask your church for the current link.',
  loadFailed: 'Could not load this registration, please reload the page',
  registerFailed: 'Registration failed, please try again',
  locked: 'Shown partly hidden to protect your details.',
  emailNeeded: 'Enter your e-mail address: the payment receipt is sent to it.',
  noGateway: 'Online payment is not available for this event. Please contact the church.',
  confirming: 'Confirming your payment…',
  pending: 'Your payment has not been confirmed yet. You are registered as soon as it is.',
  fileNote: 'Files cannot be sent from this page: hand it to the church office.',
} as const;
