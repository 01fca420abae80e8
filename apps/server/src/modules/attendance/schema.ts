import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantFk, tenantId } from '../../db/columns.ts';
import { activities } from '../events/schema.ts';
import { groups, people } from '../people/schema.ts';
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

/** One person checked in to one check-in set-up. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    tenantId: tenantId(),
    id: id(),
    checkinAttendanceId: uuid('checkin_attendance_id').notNull(),
    personId: uuid('person_id').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('attendance_records_once').on(t.tenantId, t.checkinAttendanceId, t.personId),
    tenantFk(
      'attendance_records_attendance_fk',
      t.tenantId,
      t.checkinAttendanceId,
      checkinAttendances.tenantId,
      checkinAttendances.id,
    ),
    tenantFk('attendance_records_person_fk', t.tenantId, t.personId, people.tenantId, people.id),
  ],
);

/** One registration for an event, optionally paid (payment id) and with wards. */
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
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('event_registrations_once').on(t.tenantId, t.checkinAttendanceId, t.personId),
    index('event_registrations_attendance_idx').on(t.tenantId, t.checkinAttendanceId),
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
