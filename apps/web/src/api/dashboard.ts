import {
  ZAppMeta,
  ZChurchProfileResponse,
  ZDashboardAttendanceResponse,
  ZDashboardBasicResponse,
  ZDashboardCelebrationsResponse,
  ZSubscriptionResponse,
} from '@steward/contracts/dashboard';
import { request } from './http.ts';

/** GET /GetChurchProfileById?tenantId=: the church's profile (logo, name) in the envelope. */
export async function getChurchProfile(tenantId: string) {
  return (await request('/GetChurchProfileById', ZChurchProfileResponse, { query: { tenantId } })).returnObject;
}

/** GET /dashboard/basic: members, first-timers, SMS units and the has* flags. */
export async function getDashboardBasic() {
  return (await request('/dashboard/basic', ZDashboardBasicResponse)).returnObject;
}

/** GET /dashboard/celebrations: this month's birthdays and wedding anniversaries. */
export async function getDashboardCelebrations() {
  return (await request('/dashboard/celebrations', ZDashboardCelebrationsResponse)).returnObject.celebrations;
}

/** GET /dashboard/attendance: this year's attendance and first-timers per week (52) and month (12). */
export async function getDashboardAttendance() {
  return (await request('/dashboard/attendance', ZDashboardAttendanceResponse)).returnObject;
}

/** GET /api/Subscription/GetSubscription: the church's plan (Steward needs no subscription). */
export async function getSubscription() {
  return (await request('/api/Subscription/GetSubscription', ZSubscriptionResponse)).returnObject;
}

/** GET /meta.json: the version of the running app. */
export function getAppMeta() {
  return request('/meta.json', ZAppMeta);
}
