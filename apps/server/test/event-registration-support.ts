import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Database } from '../src/db/client.ts';
import type { Client } from './helpers.ts';

/*
 * Fixtures of the public event registration tests (issue 12): the registration set-up written as
 * the migration role (what Add Attendance writes: code, event, slot, fee, payment form, texts,
 * cut-off), a registration field, the public page's bodies (person, event details, the donation of
 * a paid registration), and reads of what registration wrote.
 */

export interface RegSetupOptions {
  activityId: string;
  slot?: number | null;
  /** ISO instant; null for no cut-off */
  cutOff?: string | null;
  /** fee per person in minor units, with the payment form that takes it */
  paid?: { amountMinor: bigint; formId: string; currency?: string } | null;
  registrationSms?: string | null;
  registrationSmsSubject?: string | null;
  registrationEmail?: string | null;
  registrationEmailSubject?: string | null;
}

/** A registration set-up as the migration role; answers its id and random public code. */
export async function createRegSetup(
  database: Database,
  tenantId: string,
  o: RegSetupOptions,
): Promise<{ id: string; code: string }> {
  const code = randomBytes(9).toString('base64url');
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into checkin_attendances
          (tenant_id, attendance_code, activity_id, registration_slot, registration_cut_off_time, is_paid_for,
           amount_minor, currency_code, payment_form_id, registration_sms, registration_sms_subject,
           registration_email, registration_email_subject, details)
        values (${tenantId}, ${code}, ${o.activityId}, ${o.slot ?? null}, ${o.cutOff ?? null}::timestamptz,
                ${Boolean(o.paid)}, ${o.paid ? o.paid.amountMinor.toString() : null}::bigint,
                ${o.paid?.currency ?? null}, ${o.paid?.formId ?? null}::uuid, ${o.registrationSms ?? null},
                ${o.registrationSmsSubject ?? null}, ${o.registrationEmail ?? null},
                ${o.registrationEmailSubject ?? null}, 'Bring a friend')
        returning id`,
  );
  return { id: row!.id, code };
}

/** The registrations of a set-up (any status). */
export function registrationsOf(database: Database, tenantId: string, setupId: string) {
  return queryRows<{
    id: string;
    person_id: string;
    registered_by_id: string | null;
    status: string;
    payment_id: string | null;
    hold_expires_at: Date | null;
  }>(
    database.db,
    sql`select id, person_id, registered_by_id, status, payment_id, hold_expires_at from event_registrations
         where tenant_id = ${tenantId} and checkin_attendance_id = ${setupId} order by created_at, id`,
  );
}

/** Counts of what a registration writes, for 'nothing written' checks. */
export async function regFootprint(database: Database, tenantId: string) {
  const [row] = await queryRows<{ people: number; regs: number; answers: number; payments: number; messages: number }>(
    database.db,
    sql`select (select count(*)::int from people where tenant_id = ${tenantId}) as people,
               (select count(*)::int from event_registrations where tenant_id = ${tenantId}) as regs,
               (select count(*)::int from custom_field_values where tenant_id = ${tenantId}) as answers,
               (select count(*)::int from payments where tenant_id = ${tenantId}) as payments,
               (select count(*)::int from message_recipients where tenant_id = ${tenantId}) as messages`,
  );
  return row!;
}

/** Saves a dropdown registration field (Small, Medium, Large) through the API; answers its id. */
export async function regField(api: Client, tenantId: string, label: string): Promise<string> {
  const res = await api.post('/api/CustomFields/SaveCustomFields', {
    entityType: 'EventRegistrationForm',
    tenantID: tenantId,
    label,
    parameterValues: 'Small,Medium,Large',
    controlType: 'DropdownList',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** The public page's `person` body: empty strings for what the form leaves blank, then `p`. */
export const blankPerson = (p: Record<string, unknown>) => ({
  personId: '',
  homeAddress: '',
  email: '',
  monthOfBirth: '',
  dayOfBirth: '',
  maritalStatusID: '',
  genderID: '',
  yearOfWedding: '',
  monthOfWedding: '',
  dayOfWedding: '',
  ...p,
});

/** The public event details of a registration set-up by its code (WebRegistrationEventDetails). */
export async function eventDetails(pub: Client, code: string): Promise<Record<string, unknown>> {
  return (await pub.get(`/api/publiccontent/WebRegistrationEventDetails?id=${code}`)).json() as Record<string, unknown>;
}

/**
 * The `donation` of a paid registration body as the public page sends it: the event details `e`
 * give the form, order id, currency, gateways and fee (major units), paid by Paystack as one gift
 * to the contribution item `offering` ('Sunday Offering').
 */
export function registrationDonation(
  e: Record<string, unknown>,
  who: { name: unknown; email: unknown; phone: unknown },
  offering: string,
) {
  return {
    ...who,
    paymentFormId: e.paymentFormId,
    tenantID: e.tenantID,
    orderID: e.paymentFormOrderID,
    currencyID: e.currencyID,
    paymentGateway: 'Paystack',
    paymentGateWays: (e.paymentForm as { paymentGateWays: unknown }).paymentGateWays,
    amount: e.registrationAmount,
    contributionItems: [
      {
        contributionItemId: offering,
        contributionCurrencyId: e.currencyID,
        contributionItemName: 'Sunday Offering',
        amount: e.registrationAmount,
      },
    ],
  };
}
