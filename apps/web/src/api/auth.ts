import {
  ZCurrentUser,
  ZLoginResponse,
  ZSignupResponse,
  type TLoginRequest,
  type TSignupRequest,
} from '@steward/contracts/auth';
import { z } from 'zod';
import { request } from './http.ts';

/** POST /api/onboarding/signup: creates the church and its administrator, sets the session cookie. */
export function signup(body: TSignupRequest) {
  return request('/api/onboarding/signup', ZSignupResponse, { method: 'POST', body });
}

/** POST /login: 401/429 answer `{message}` (thrown as HttpError with serverMessage). */
export function login(body: TLoginRequest) {
  return request('/login', ZLoginResponse, { method: 'POST', body, allowUnauthorized: true });
}

/** POST /logout: 204. */
export function logout() {
  return request('/logout', z.unknown(), { method: 'POST', allowUnauthorized: true });
}

/** GET /api/Membership/GetCurrentSignedInUser: the auth guard's query. */
export function getCurrentUser() {
  return request('/api/Membership/GetCurrentSignedInUser', ZCurrentUser);
}
