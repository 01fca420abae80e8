import { z } from 'zod';
import { ZEnvelope } from './common.ts';

/** POST /api/onboarding/signup body (issue 2). */
export const ZSignupRequest = z.object({
  churchName: z.string().trim().min(2, 'church name is required').max(120),
  firstName: z.string().trim().min(1, 'first name is required').max(80),
  lastName: z.string().trim().min(1, 'last name is required').max(80),
  email: z.email('must be an e-mail address').max(200),
  phoneNumber: z.string().trim().min(5, 'phone number is required').max(30),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
  countryCode: z.string().trim().length(2, 'must be an ISO 3166 alpha-2 code').toUpperCase(),
  currency: z.string().trim().length(3, 'must be an ISO 4217 code').toUpperCase(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZSession = z.object({ token: z.string(), expiryTime: z.string(), tenantId: z.uuid() });
export const ZSignupResponse = ZEnvelope(ZSession);

/** POST /login body. */
export const ZLoginRequest = z.object({
  userName: z.string().trim().min(1, 'user name is required').max(200),
  password: z.string().min(1, 'password is required').max(200),
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

/** Header the web app sends on cookie-authenticated writes (CSRF defence). */
export const CSRF_HEADER = 'x-steward-csrf';
export const SESSION_COOKIE = 'steward_session';
