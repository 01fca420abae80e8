/*
 * The sign-in constants without zod (issue 7 'Speed'): the web app's sign-in page and request
 * code import these without downloading zod. auth.ts re-exports them beside its schemas.
 */

/**
 * What a person reads when a sign-up or sign-in field is refused (issue 7: written for people,
 * never 'must be an ISO 3166 alpha-2 code'). The same words on the form (zodRule) and in the
 * server's 400 answer (`errors[].message`): the schemas of auth.ts use them.
 */
export const AUTH_FIELD_MESSAGES = {
  churchName: "Enter your church's name",
  churchNameTooShort: "Use at least 2 characters for your church's name",
  churchNameTooLong: "Use at most 120 characters for your church's name",
  firstName: 'Enter your first name',
  firstNameTooLong: 'Use at most 80 characters for your first name',
  lastName: 'Enter your last name',
  lastNameTooLong: 'Use at most 80 characters for your last name',
  email: 'Enter a valid e-mail address',
  emailTooLong: 'Use at most 200 characters for your e-mail address',
  phoneNumber: 'Enter your phone number',
  phoneNumberInvalid: 'Enter a valid phone number',
  password: 'Use at least 8 characters for your password',
  passwordTooLong: 'Use at most 200 characters for your password',
  country: 'Choose your country',
  countryUnknown: 'Choose your country from the list',
  currency: 'Choose your currency',
  currencyUnknown: 'Choose your currency from the list',
  signInEmail: 'Enter your e-mail address',
  signInPassword: 'Enter your password',
} as const;

/** The most characters POST /login takes in `userName` (the e-mail) and in `password` (ZLoginRequest). */
export const SIGN_IN_MAX_CHARS = 200;

/** Header the web app sends on cookie-authenticated writes (CSRF defence). */
export const CSRF_HEADER = 'x-steward-csrf';
export const SESSION_COOKIE = 'steward_session';
