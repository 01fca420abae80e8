import { UNLIMITED_CHURCH_SIZE } from '@steward/contracts/auth';
import type {
  TCelebration,
  TChartSeries,
  TChurchProfile,
  TDashboardAttendance,
  TDashboardBasic,
  TDashboardCelebrations,
  TSubscription,
} from '@steward/contracts/dashboard';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { countPeople } from '../people/service.ts';
import { smsUnits } from '../messaging/reports-service.ts';
import * as q from './queries.ts';

/** The most celebrations one month lists (a church of ~20,000 people has fewer in a month). */
export const MAX_CELEBRATIONS = 1000;
export const WEEKS = 52;
export const MONTHS = 12;

/**
 * GET /GetChurchProfileById?tenantId= (existing-client-api §1.4, §4.4): the signed-in church's
 * profile. `tenantId` absent means the signed-in church; any other church's id (or no church's)
 * throws 404, without saying whether it exists.
 */
export async function churchProfile(ctx: TenantCtx, tenantId: string | undefined): Promise<TChurchProfile> {
  if (tenantId !== undefined && tenantId.toLowerCase() !== ctx.tenantId) throw notFound('Church');
  const t = await q.findTenant(ctx.tx, ctx.tenantId);
  if (!t) throw notFound('Church');
  return {
    id: t.id,
    name: t.churchName,
    churchName: t.churchName,
    logo: t.logoUrl,
    // Steward does not record a pastor's name or an address yet
    pastorName: '',
    address: '',
    country: t.countryCode,
    currency: t.currencyCode,
  };
}

/**
 * GET /dashboard/basic (§1.4): memberCount = people the church records (count in SQL);
 * firstTimerCount = this UTC calendar year's first-timers, the people whose first attendance
 * (earliest event checked in to) is this year, the total of /dashboard/attendance's first-timer
 * series; smsUnit = the church's SMS units; hasOnlineGiving = an active payment form exists; no
 * mobile app and no website. `now` is for tests of other dates.
 */
export async function basic(ctx: TenantCtx, now = new Date()): Promise<TDashboardBasic> {
  const firstTimers = await q.firstTimersByWeekAndMonth(ctx.tx, ctx.tenantId, now.getUTCFullYear());
  return {
    memberCount: await countPeople(ctx),
    firstTimerCount: firstTimers.reduce((n, r) => n + Number(r.n), 0),
    smsUnit: await smsUnits(ctx),
    hasMobileApp: false,
    hasOnlineGiving: await q.hasActivePaymentForm(ctx.tx, ctx.tenantId),
    hasWebsite: false,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** 'Today', 'Tomorrow', 'Yesterday' or the weekday of `date` (both UTC midnights). */
function dayWord(date: Date, today: Date): string {
  const days = Math.round((date.getTime() - today.getTime()) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return WEEKDAYS[date.getUTCDay()]!;
}

/**
 * GET /dashboard/celebrations (§1.4): birthdays and wedding anniversaries of this month (UTC
 * calendar), from the people's day and month, by day then name, at most MAX_CELEBRATIONS.
 * A day past the month's end (29 February in a common year) falls on its last day.
 * `now` is for tests of other dates.
 */
export async function celebrations(ctx: TenantCtx, now = new Date()): Promise<TDashboardCelebrations> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const today = new Date(Date.UTC(year, month - 1, now.getUTCDate()));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const rows = await q.celebrationsInMonth(ctx.tx, ctx.tenantId, month, MAX_CELEBRATIONS);
  const list: TCelebration[] = rows.map((r) => {
    const date = new Date(Date.UTC(year, month - 1, Math.min(Number(r.day), lastDay)));
    return {
      personId: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      date: iso(date),
      dayOfCelebration: dayWord(date, today),
      celebration: r.kind,
      phone: r.mobile_phone ?? '',
      email: r.email ?? '',
    };
  });
  return { celebrations: list };
}

const series = (name: string, data: number[]): TChartSeries[] => [{ name, data }];

/**
 * GET /dashboard/attendance (§1.4): this UTC calendar year's event attendance (people checked
 * in, by the event's date; aggregated in SQL) per week (52) and month (12) in a series named
 * 'Attendance'; first-timers per week and month ('First Timers': people by the date of their
 * first attendance, see q.firstTimersByWeekAndMonth) and empty invitation-source and
 * interested-in-joining pies (Steward records neither yet).
 */
export async function attendance(ctx: TenantCtx, now = new Date()): Promise<TDashboardAttendance> {
  const year = now.getUTCFullYear();
  const weekly = Array<number>(WEEKS).fill(0);
  const monthly = Array<number>(MONTHS).fill(0);
  for (const r of await q.attendanceByWeekAndMonth(ctx.tx, ctx.tenantId, year)) {
    weekly[Number(r.week) - 1]! += Number(r.n);
    monthly[Number(r.month) - 1]! += Number(r.n);
  }
  const firstWeekly = Array<number>(WEEKS).fill(0);
  const firstMonthly = Array<number>(MONTHS).fill(0);
  for (const r of await q.firstTimersByWeekAndMonth(ctx.tx, ctx.tenantId, year)) {
    firstWeekly[Number(r.week) - 1]! += Number(r.n);
    firstMonthly[Number(r.month) - 1]! += Number(r.n);
  }
  return {
    year,
    eventAttendanceChartDataWeekly: series('Attendance', weekly),
    eventAttendanceChartDataMonthly: series('Attendance', monthly),
    firstTimerSummary: {
      firstTimerWeekly: series('First Timers', firstWeekly),
      firstTimerMonthly: series('First Timers', firstMonthly),
      invitationSource: [],
      interestedInJoining: [],
    },
  };
}

/** The one plan of Steward: everything, free, no member cap, no expiry. */
export const STEWARD_PLAN_ID = 'steward';

/**
 * GET /api/Subscription/GetSubscription (§1.4, §7(b)18): Steward has no subscriptions, so every
 * church is on the one plan, whose id is the answer's id; it never expires (null) and has no
 * member cap (UNLIMITED_CHURCH_SIZE).
 */
export function subscription(): TSubscription {
  return {
    id: STEWARD_PLAN_ID,
    description: 'Steward: no subscription needed',
    subscriptionExpiration: null,
    subscriptionPlans: [
      {
        id: STEWARD_PLAN_ID,
        name: 'Steward',
        description: 'Every part of Steward, for any number of members',
        membershipSize: UNLIMITED_CHURCH_SIZE,
        amount: 0,
      },
    ],
  };
}
