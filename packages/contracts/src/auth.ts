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

export const ZLoginResponse = z.object({
  token: z.string(),
  expiryTime: z.string(),
  roles: z.array(z.string()),
  tenantId: z.uuid(),
  churchName: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** GET /api/Membership/GetCurrentSignedInUser answer. */
export const ZCurrentUser = z.object({
  tenantId: z.uuid(),
  churchName: z.string(),
  userEmail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  isoCode: z.string(),
  country: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** Header the web app sends on cookie-authenticated writes (CSRF defence). */
export const CSRF_HEADER = 'x-steward-csrf';
export const SESSION_COOKIE = 'steward_session';
