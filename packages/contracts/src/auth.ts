import { z } from 'zod';
import { AUTH_FIELD_MESSAGES, SIGN_IN_MAX_CHARS } from './auth-constants.ts';
import { ZEnvelope } from './common.ts';

// The constants live in a zod-free module the web app's sign-in page imports (issue 7 'Speed').
export { AUTH_FIELD_MESSAGES, CSRF_HEADER, SESSION_COOKIE, SIGN_IN_MAX_CHARS } from './auth-constants.ts';

/** What a person reads when a sign-up or sign-in field is refused: see AUTH_FIELD_MESSAGES. */
const M = AUTH_FIELD_MESSAGES;

/** A required text field: `empty` when missing, not text or blank after trimming, `tooLong` past `max` characters. */
const requiredText = (empty: string, max: number, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, { error: empty, abort: true }).max(max, tooLong);

/** POST /api/onboarding/signup body (issue 2); messages AUTH_FIELD_MESSAGES. */
export const ZSignupRequest = z.object({
  churchName: requiredText(M.churchName, 120, M.churchNameTooLong).min(2, M.churchNameTooShort),
  firstName: requiredText(M.firstName, 80, M.firstNameTooLong),
  lastName: requiredText(M.lastName, 80, M.lastNameTooLong),
  email: z.email({ error: M.email }).max(200, M.emailTooLong),
  phoneNumber: requiredText(M.phoneNumber, 30, M.phoneNumberInvalid).min(5, M.phoneNumberInvalid),
  password: z.string({ error: M.password }).min(8, M.password).max(200, M.passwordTooLong),
  countryCode: z.string({ error: M.country }).trim().length(2, M.country).toUpperCase(),
  currency: z.string({ error: M.currency }).trim().length(3, M.currency).toUpperCase(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZSession = z.object({ token: z.string(), expiryTime: z.string(), tenantId: z.uuid() });
export const ZSignupResponse = ZEnvelope(ZSession);

/** POST /login body: `userName` is the e-mail address; messages AUTH_FIELD_MESSAGES. */
export const ZLoginRequest = z.object({
  userName: requiredText(M.signInEmail, SIGN_IN_MAX_CHARS, M.emailTooLong),
  password: z.string({ error: M.signInPassword }).min(1, M.signInPassword).max(SIGN_IN_MAX_CHARS, M.passwordTooLong),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * Values where Steward has no equivalent of the old product's subscriptions (existing-client-api
 * §1.1, §1.2, §7(b)11): every church has the whole product, so the status is one the client
 * treats as active (it only looks for 'expired'), the plan name is none of the gated
 * 'free plan'/'starter plan', and the member cap is int32's maximum (the old API's integer), so
 * `churchSize >= subscribedChurchSize` never shows the member-cap banner.
 */
export const STEWARD_SUB_STATUS = 'Active';
export const STEWARD_SUBSCRIPTION_NAME = 'Steward';
export const UNLIMITED_CHURCH_SIZE = 2_147_483_647;

/**
 * POST /login answer (existing-client-api §1.1): `token`, `expiryTime` (ISO timestamp),
 * `roles` (an administrator has 'Admin'), `subStatus`, `isVerified`, and `churchSize`: the
 * number of people the church records but at least 1, because the client sends an
 * administrator of a church of size 0 to the onboarding screen (/next) instead of /tenant.
 */
export const ZLoginResponse = z.object({
  token: z.string(),
  expiryTime: z.string(),
  roles: z.array(z.string()),
  tenantId: z.uuid(),
  churchName: z.string(),
  subStatus: z.string(),
  isVerified: z.boolean(),
  churchSize: z.number().int().min(1),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/**
 * GET /api/Membership/GetCurrentSignedInUser answer (existing-client-api §1.2): the user and
 * their church. `email` and `userEmail` are both the user's e-mail (Steward keeps no separate
 * church e-mail). `currency` is the ISO 4217 code, `isoCode` the ISO 3166 alpha-2 country code.
 * `smsBalance` is 0 (SMS units: Steward sends no SMS yet). `churchSize` as in ZLoginResponse;
 * `subscribedChurchSize` is UNLIMITED_CHURCH_SIZE.
 */
export const ZCurrentUser = z.object({
  tenantId: z.uuid(),
  userId: z.uuid(),
  churchName: z.string(),
  email: z.string(),
  userEmail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  currency: z.string(),
  currencySymbol: z.string(),
  isoCode: z.string(),
  country: z.string(),
  smsBalance: z.number(),
  subStatus: z.string(),
  subscriptionName: z.string(),
  churchSize: z.number().int().min(1),
  subscribedChurchSize: z.number().int(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;
