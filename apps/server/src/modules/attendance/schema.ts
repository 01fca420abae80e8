import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, sql, tenantFk, tenantId } from '../../db/columns.ts';
import { activities } from '../events/schema.ts';
import { families, groups, people } from '../people/schema.ts';
import { accounts } from '../ledger/schema.ts';
import { paymentForms } from '../giving/schema.ts';

/**
 * A check-in / registration set-up for an event (spec 2.9). `attendance_code` is the
 * public code in check-in and registration links (globally unique, resolved to a tenant).
 */
export const checkinAttendances = pgTable(
  'checkin_attendances',
  {
    tenantId: tenantId(),
    id: id(),
    attendanceCode: text('attendance_code').notNull(),
    activityId: uuid('activity_id').notNull(),
    bannerUrl: text('banner_url'),
    details: text('details'),
    registrationSlot: integer('registration_slot'),
    isPaidFor: boolean('is_paid_for').notNull().default(false),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    currencyCode: text('currency_code'),
    bankCode: text('bank_code'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    incomeAccountId: uuid('income_account_id'),
    cashAccountId: uuid('cash_account_id'),
    paymentFormId: uuid('payment_form_id'),
    registrationSms: text('registration_sms'),
    registrationSmsSubject: text('registration_sms_subject'),
    registrationEmail: text('registration_email'),
    registrationEmailSubject: text('registration_email_subject'),
    checkinSms: text('checkin_sms'),
    checkinSmsSubject: text('checkin_sms_subject'),
    checkinEmail: text('checkin_email'),
    checkinEmailSubject: text('checkin_email_subject'),
    enableRegistration: boolean('enable_registration').notNull().default(true),
    registrationCutOffTime: timestamp('registration_cut_off_time', { withTimezone: true, mode: 'date' }),
    checkInCutOffTime: timestamp('check_in_cut_off_time', { withTimezone: true, mode: 'date' }),
    /** the banner's name text (spec 2.9 'More' area) */
    bannerName: text('banner_name'),
    /** the marking page's report fields (UpdateCheckInAttendance, existing-client-api §4.1) */
    title: text('title'),
    status: text('status'),
    note: text('note'),
    /** deleted from the attendance list (Delete/Multiple); its code stops resolving, records stay */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('checkin_attendances_code_key').on(t.attendanceCode),
    tenantFk('checkin_attendances_activity_fk', t.tenantId, t.activityId, activities.tenantId, activities.id),
    tenantFk('checkin_attendances_income_fk', t.tenantId, t.incomeAccountId, accounts.tenantId, accounts.id),
    tenantFk('checkin_attendances_cash_fk', t.tenantId, t.cashAccountId, accounts.tenantId, accounts.id),
    tenantFk('checkin_attendances_form_fk', t.tenantId, t.paymentFormId, paymentForms.tenantId, paymentForms.id),
  ],
);

export const checkinAttendanceGroups = pgTable(
  'checkin_attendance_groups',
  {
    tenantId: tenantId(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    groupId: uuid('group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.checkinAttendanceId, t.groupId] }),
    tenantFk(
      'cag_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
    tenantFk('cag_group_fk', t.tenantId, t.groupId, groups.tenantId, groups.id),
  ],
);

/**
 * A family's (or one child's) check-in at the door (issue 11, child check-in): the security code
 * printed on every child label and on the parent pickup label. 4 characters from an alphabet
 * without look-alikes, unique per church per service date, new at each check-in.
 */
export const childCheckins = pgTable(
  'child_checkins',
  {
    tenantId: tenantId(),
    id: id(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    familyId: uuid('family_id'),
    securityCode: text('security_code').notNull(),
    /** the church-local date the code is unique for (ISO date) */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** the parent or guardian who brought the children */
    checkedInByPersonId: uuid('checked_in_by_person_id'),
    /** the signed-in user (volunteer, kiosk) who recorded it, if any */
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('child_checkins_code_key').on(t.tenantId, t.serviceDate, t.securityCode),
    check('child_checkins_code_check', sql`${t.securityCode} ~ '^[A-Z0-9]{4}$'`),
    tenantFk(
      'child_checkins_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
    tenantFk('child_checkins_family_fk', t.tenantId, t.familyId, families.tenantId, families.id),
    tenantFk('child_checkins_by_fk', t.tenantId, t.checkedInByPersonId, people.tenantId, people.id),
  ],
);

/**
 * One person's attendance at one check-in set-up: checked in (checkedInAt set), or only
 * pre-checked in from the family portal (checkedInAt null), and possibly checked out.
 * Channel: 0 marked by an administrator, 1 public self check-in, 2 child check-in at the door,
 * 3 pre-checked in from the family portal.
 */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    tenantId: tenantId(),
    id: id(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    personId: uuid('person_id').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true, mode: 'date' }),
    checkInChannel: integer('check_in_channel').notNull().default(0),
    /** a child's room (one of the set-up's groups) */
    groupId: uuid('group_id'),
    childCheckinId: uuid('child_checkin_id'),
    checkedInByPersonId: uuid('checked_in_by_person_id'),
    checkedInByUserId: uuid('checked_in_by_user_id'),
    checkedOutByPersonId: uuid('checked_out_by_person_id'),
    checkedOutByUserId: uuid('checked_out_by_user_id'),
    /** when the set-up's check-in SMS and e-mail were sent to this person (once; migration 0025) */
    checkinMessagesSentAt: timestamp('checkin_messages_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('attendance_records_once').on(t.tenantId, t.checkinAttendanceId, t.personId),
    index('attendance_records_child_checkin_idx').on(t.tenantId, t.childCheckinId),
    index('attendance_records_person_idx').on(t.tenantId, t.personId),
    check('attendance_records_channel_check', sql`${t.checkInChannel} between 0 and 3`),
    tenantFk(
      'attendance_records_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
    tenantFk('attendance_records_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
    tenantFk('attendance_records_group_fk', t.tenantId, t.groupId, groups.tenantId, groups.id),
    tenantFk(
      'attendance_records_child_checkin_fk',
      t.tenantId,
      t.childCheckinId,
      childCheckins.tenantId,
      childCheckins.id,
    ),
    tenantFk('attendance_records_in_by_fk', t.tenantId, t.checkedInByPersonId, people.tenantId, people.id),
    tenantFk('attendance_records_out_by_fk', t.tenantId, t.checkedOutByPersonId, people.tenantId, people.id),
  ],
);

/** Every check-out attempt by security code, refused or not (issue 11: the wrong code is recorded). */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    tenantId: tenantId(),
    id: id(),
    attendanceRecordId: uuid('attendance_record_id'),
    codeEntered: text('code_entered').notNull(),
    succeeded: boolean('succeeded').notNull(),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('checkout_attempts_record_idx').on(t.tenantId, t.attendanceRecordId),
    tenantFk(
      'checkout_attempts_record_fk',
      t.tenantId,
      t.attendanceRecordId,
      attendanceRecords.tenantId,
      attendanceRecords.id,
    ),
  ],
);

/** Head counts of a check-in set-up by attendance type (GetAttendanceType ids; the marking page). */
export const attendanceHeadcounts = pgTable(
  'attendance_headcounts',
  {
    tenantId: tenantId(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    attendanceTypeId: integer('attendance_type_id').notNull(),
    number: integer('number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.checkinAttendanceId, t.attendanceTypeId] }),
    check('attendance_headcounts_number_check', sql`${t.number} >= 0`),
    tenantFk(
      'attendance_headcounts_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
  ],
);

/** A parent's sign-in to the check-in shell (spec 2.16; familyLogin / familyRegister). */
export const familyAccounts = pgTable(
  'family_accounts',
  {
    tenantId: tenantId(),
    id: id(),
    personId: uuid('person_id').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('family_accounts_email_key')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('family_accounts_phone_key')
      .on(t.tenantId, t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex('family_accounts_person_key').on(t.tenantId, t.personId),
    tenantFk('family_accounts_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/** A family-portal session: only the SHA-256 of the opaque token is stored. */
export const familySessions = pgTable(
  'family_sessions',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    uniqueIndex('family_sessions_token_key').on(t.tokenHash),
    tenantFk('family_sessions_account_fk', t.tenantId, t.accountId, familyAccounts.tenantId, familyAccounts.id),
  ],
);

/**
 * One person's registration for an event (issue 12). A ward is its own row with
 * `registered_by_id` = the registrant. Status: 'registered', 'pending_payment' (a paid
 * registration holding its place until `hold_expires_at`, with giving's `payment_id`),
 * 'cancelled', 'expired', 'released'. Migration 0021 (custom SQL) added the hold columns,
 * the checks and the two partial indexes declared here.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    tenantId: tenantId(),
    id: id(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    personId: uuid('person_id').notNull(),
    registeredById: uuid('registered_by_id'),
    paymentId: uuid('payment_id'),
    status: text('status').notNull().default('registered'),
    createdAt: createdAt(),
    /** a 'pending_payment' row holds its place until then */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('event_registrations_once').on(t.tenantId, t.checkinAttendanceId, t.personId),
    index('event_registrations_attendance_idx').on(t.tenantId, t.checkinAttendanceId),
    index('event_registrations_payment_idx')
      .on(t.tenantId, t.paymentId)
      .where(sql`${t.paymentId} IS NOT NULL`),
    index('event_registrations_holds_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    check(
      'event_registrations_status_check',
      sql`${t.status} in ('registered', 'pending_payment', 'cancelled', 'expired', 'released')`,
    ),
    check(
      'event_registrations_hold_check',
      sql`${t.status} <> 'pending_payment' OR (${t.holdExpiresAt} IS NOT NULL AND ${t.paymentId} IS NOT NULL)`,
    ),
    tenantFk(
      'event_registrations_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
    tenantFk('event_registrations_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);
