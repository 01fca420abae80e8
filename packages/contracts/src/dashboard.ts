import { z } from 'zod';
import { ZEnvelope, ZId } from './common.ts';

/*
 * The start-up calls and the dashboard of the existing web client (existing-client-api §0,
 * §1.3, §1.4), which Steward's own Dashboard page uses too.
 */

/** GET /meta.json: the version of the running app (the client waits for it before rendering, §0). */
export const ZAppMeta = z.object({ version: z.string() });
export type TAppMeta = z.infer<typeof ZAppMeta>;

// ---- church profile ----

/** GET /GetChurchProfileById query: the signed-in church's id (absent: the signed-in church). */
export const ZChurchProfileQuery = z.object({ tenantId: ZId.optional() });

/**
 * The church profile (§1.4, §4.4): `logo` is a URL or null; `name` and `churchName` are the
 * church's name; text Steward does not record yet (`pastorName`, `address`) is ''.
 * `country` is the ISO 3166 alpha-2 code, `currency` the ISO 4217 code.
 */
export const ZChurchProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  churchName: z.string(),
  logo: z.string().nullable(),
  pastorName: z.string(),
  address: z.string(),
  country: z.string(),
  currency: z.string(),
});
export type TChurchProfile = z.infer<typeof ZChurchProfile>;
export const ZChurchProfileResponse = ZEnvelope(ZChurchProfile);

// ---- dashboard ----

/**
 * GET /dashboard/basic returnObject: `memberCount` (people the church records),
 * `firstTimerCount` (first-timers; 0 while people carry no first-timer mark), `smsUnit` (SMS
 * units left: 0, Steward sends no SMS yet), and whether the church has a mobile app (no),
 * online giving (an active payment form) and a website (no).
 */
export const ZDashboardBasic = z.object({
  memberCount: z.number().int(),
  firstTimerCount: z.number().int(),
  smsUnit: z.number(),
  hasMobileApp: z.boolean(),
  hasOnlineGiving: z.boolean(),
  hasWebsite: z.boolean(),
});
export type TDashboardBasic = z.infer<typeof ZDashboardBasic>;
export const ZDashboardBasicResponse = ZEnvelope(ZDashboardBasic);

export const CELEBRATION_KINDS = ['Birthday', 'Wedding Anniversary'] as const;

/**
 * A birthday or wedding anniversary this month: `date` is this year's day ('YYYY-MM-DD'; a
 * 29 February in a common year falls on the 28th), `dayOfCelebration` is 'Today', 'Tomorrow',
 * 'Yesterday' or the weekday ('Sunday'...), `phone` and `email` are '' when unknown.
 */
export const ZCelebration = z.object({
  personId: z.uuid(),
  name: z.string(),
  date: z.string(),
  dayOfCelebration: z.string(),
  celebration: z.enum(CELEBRATION_KINDS),
  phone: z.string(),
  email: z.string(),
});
export type TCelebration = z.infer<typeof ZCelebration>;

/** GET /dashboard/celebrations returnObject: this month's celebrations by date, then name. */
export const ZDashboardCelebrations = z.object({ celebrations: z.array(ZCelebration) });
export type TDashboardCelebrations = z.infer<typeof ZDashboardCelebrations>;
export const ZDashboardCelebrationsResponse = ZEnvelope(ZDashboardCelebrations);

/** A chart series: `data` holds one count per week (52) or per month (12). */
export const ZChartSeries = z.object({ name: z.string(), data: z.array(z.number().int()) });
export type TChartSeries = z.infer<typeof ZChartSeries>;

/** A pie slice. */
export const ZNamedValue = z.object({ name: z.string(), value: z.number() });

/**
 * GET /dashboard/attendance returnObject, for calendar `year`: event attendance (people checked
 * in, by the event's date) per week (week n = days 7n-6..7n of the year; days 365-366 count in
 * week 52) and per month, in a series named 'Attendance' (the client looks it up by that name);
 * first-timers per week and month ('First Timers'); how first-timers heard of the church and
 * whether they want to join (empty while people carry no first-timer mark).
 */
export const ZDashboardAttendance = z.object({
  year: z.number().int(),
  eventAttendanceChartDataWeekly: z.array(ZChartSeries),
  eventAttendanceChartDataMonthly: z.array(ZChartSeries),
  firstTimerSummary: z.object({
    firstTimerWeekly: z.array(ZChartSeries),
    firstTimerMonthly: z.array(ZChartSeries),
    invitationSource: z.array(ZNamedValue),
    interestedInJoining: z.array(ZNamedValue),
  }),
});
export type TDashboardAttendance = z.infer<typeof ZDashboardAttendance>;
export const ZDashboardAttendanceResponse = ZEnvelope(ZDashboardAttendance);

// ---- subscription ----

/** A plan: `membershipSize` is the member cap (UNLIMITED_CHURCH_SIZE), `amount` its price (0). */
export const ZSubscriptionPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  membershipSize: z.number().int(),
  amount: z.number(),
});

/**
 * GET /api/Subscription/GetSubscription returnObject (§1.4, §7(b)18): the church's plan `id`
 * (one of `subscriptionPlans`), its `description`, and `subscriptionExpiration` (null: it never
 * expires). Steward has no subscriptions: one plan, free, without a member cap.
 */
export const ZSubscription = z.object({
  id: z.string(),
  description: z.string(),
  subscriptionExpiration: z.string().nullable(),
  subscriptionPlans: z.array(ZSubscriptionPlan),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionResponse = ZEnvelope(ZSubscription);

// ---- messaging lists read at start-up (§1.3) ----

/** Sent messages and their lists are in messaging.ts. */

/** A reply to an SMS (GetAllSmsReplies, bare array). */
export const ZSmsReply = z.object({
  id: z.uuid(),
  phone: z.string(),
  message: z.string(),
  dateReceived: z.string(),
});

/** A saved draft (getEmailDrafts, getSMSDrafts, bare arrays). */
export const ZMessageDraft = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  dateModified: z.string(),
});
