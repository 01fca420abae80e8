import type dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { PAYMENT_GATEWAY } from '@steward/contracts/giving';
import { queryRows } from '../db/client.ts';
import type { TenantCtx } from '../lib/context.ts';
import { newRowId } from '../lib/ids.ts';
import { cutOffInstant } from '../modules/attendance/setup-form.ts';
import { insertSetupWithNewCode } from '../modules/attendance/setup-service.ts';
import * as q from '../modules/attendance/setup-queries.ts';
import { REGISTRATION_PURPOSE } from '../modules/attendance/registration-payment.ts';
import { createActivity, createCategory } from '../modules/events/service.ts';
import * as giving from '../modules/giving/queries.ts';
import { newReference } from '../modules/giving/public-give-service.ts';
import { payments, paymentItems } from '../modules/giving/schema.ts';
import { applyVerified } from '../modules/giving/settlement.ts';
import { usDate } from '../modules/offerings/report-email.ts';
import type { VerifiedPayment } from '../modules/payments/provider.ts';

/** The demo's paid event: its category (the event's name), fee (NGN, minor units), places and details. */
const RETREAT = {
  category: 'Youth Retreat',
  feeMinor: 500_000n,
  places: 60,
  details: 'A weekend away for the youth: talks, worship, games and a bonfire. The fee covers meals and the bus.',
};

/**
 * A paid event for the demo church (issue 12): the 'Youth Retreat' on the Saturday three weeks
 * after the coming one (from `today`), with a registration fee of NGN 5,000 paid through its own payment form (the
 * 'Event Registration Fees' income account, the church's bank account at Guaranty Trust Bank,
 * Paystack, as the set-up page makes it), 60 places, registration closing the evening before.
 * Three members have registered and paid over the past week: each payment is settled through
 * giving's settlement code as a provider's verified success (applyVerified: the fee in the books
 * once, the provider's fee, the donation list's channel), and its registration row points at
 * it. On `npm start` a visitor can register and pay on /event/{code} through the local provider
 * sandbox. Runs in the demo church's transaction, after the members exist; `setupGroups` are the
 * set-up's groups.
 */
export async function seedDemoPaidEvent(ctx: TenantCtx, today: dayjs.Dayjs, setupGroups: string[]): Promise<void> {
  const { tx, tenantId } = ctx;
  const accounts = await queryRows<{ id: string; code: string }>(
    tx,
    sql`select id, code from accounts where tenant_id = ${tenantId} and code in ('1010', '4200')`,
  );
  const bankAccountId = accounts.find((a) => a.code === '1010')?.id;
  const incomeAccountId = accounts.find((a) => a.code === '4200')?.id;
  if (!bankAccountId || !incomeAccountId) return;

  const categories = await createCategory(ctx, RETREAT.category);
  const categoryId = categories.find((c) => c.name === RETREAT.category)!.id;
  const day = today.add(21 + ((6 - today.day() + 7) % 7), 'day');
  const event = await createActivity(ctx, { date: day.format('YYYY-MM-DD'), eventCategoryId: categoryId });

  const itemId = await q.ensureContributionItem(tx, tenantId, RETREAT.category, incomeAccountId, bankAccountId);
  const [bank] = await giving.banksByCode(tx, '058', 'NG');
  const formId = await giving.insertForm(tx, tenantId, {
    name: `Registration: ${event.name.slice(0, 90)} (${usDate(event.date)})`,
    bankId: bank?.id ?? null,
    bankCode: bank?.code ?? null,
    accountNumber: bank ? '0123456789' : null,
    accountName: bank ? 'GRACE CHAPEL INTERNATIONAL' : null,
    isActive: true,
  });
  await giving.addItems(tx, tenantId, formId, [itemId]);
  await giving.upsertGateway(tx, tenantId, formId, PAYMENT_GATEWAY.paystack.id, null);

  const eve = day.subtract(1, 'day').format('YYYY-MM-DD');
  const setupId = await insertSetupWithNewCode(tx, tenantId, {
    activityId: event.id,
    bannerUrl: null,
    bannerName: null,
    details: RETREAT.details,
    registrationSlot: RETREAT.places,
    isPaidFor: true,
    amountMinor: RETREAT.feeMinor,
    currencyCode: 'NGN',
    bankCode: bank?.code ?? null,
    accountNumber: bank ? '0123456789' : null,
    accountName: bank ? 'GRACE CHAPEL INTERNATIONAL' : null,
    incomeAccountId,
    cashAccountId: bankAccountId,
    paymentFormId: formId,
    registrationSms: 'Hello {firstName}, your place at the Youth Retreat is booked and paid. See you there!',
    registrationSmsSubject: null,
    registrationEmail: '<p>Hello {firstName},</p><p>Your place at the Youth Retreat is booked and paid.</p>',
    registrationEmailSubject: 'Your place at the Youth Retreat',
    checkinSms: 'Welcome to the Youth Retreat, {firstName}!',
    checkinSmsSubject: null,
    checkinEmail: null,
    checkinEmailSubject: null,
    enableRegistration: true,
    registrationCutOffTime: cutOffInstant(`${eve}T20:00`, 'Africa/Lagos', 'registrationCutOffTime'),
    checkInCutOffTime: cutOffInstant(`${day.format('YYYY-MM-DD')}T12:00`, 'Africa/Lagos', 'checkInCutOffTime'),
  });
  if (setupGroups.length > 0) await q.setGroups(tx, tenantId, setupId, setupGroups);

  // three members who are not already registrants of Family Sunday, registered and paid
  const payers = await queryRows<{ id: string; first_name: string; last_name: string; email: string | null }>(
    tx,
    sql`select p.id, p.first_name, p.last_name, p.email from people p
         where p.tenant_id = ${tenantId} and p.mobile_phone is not null
           and not exists (select 1 from event_registrations r where r.tenant_id = p.tenant_id and r.person_id = p.id)
         order by p.last_name, p.first_name, p.id
         limit 3`,
  );
  for (const [i, p] of payers.entries()) {
    const paidAt = today
      .subtract(6 - i * 2, 'day')
      .hour(19)
      .minute(10 + i * 7);
    const reference = newReference();
    const name = `${p.first_name} ${p.last_name}`;
    const [row] = await tx
      .insert(payments)
      .values({
        tenantId,
        reference,
        provider: 'paystack',
        purpose: REGISTRATION_PURPOSE,
        paymentFormId: formId,
        personId: p.id,
        amountMinor: RETREAT.feeMinor,
        currencyCode: 'NGN',
        status: 'pending',
        payerName: name,
        payerEmail: p.email ?? `${p.first_name}.${p.last_name}@example.com`.toLowerCase(),
        authorizationUrl: 'https://checkout.example/demo',
        createdAt: paidAt.subtract(2, 'minute').toDate(),
      })
      .returning();
    await tx.insert(paymentItems).values({
      tenantId,
      id: newRowId(),
      paymentId: row!.id,
      contributionItemId: itemId,
      amountMinor: RETREAT.feeMinor,
    });
    // registered by the payment: the place the registrant paid for (no hold left to end)
    await tx.execute(
      sql`insert into event_registrations (tenant_id, checkin_attendance_id, person_id, payment_id, status, created_at, updated_at)
          values (${tenantId}, ${setupId}, ${p.id}, ${row!.id}, 'registered', ${paidAt.toDate()}, ${paidAt.toDate()})`,
    );
    const verified: VerifiedPayment = {
      status: 'success',
      reference,
      amountMinor: RETREAT.feeMinor,
      currency: 'NGN',
      // Paystack's local fee: 1.5% + NGN 100
      feeMinor: (RETREAT.feeMinor * 15n) / 1000n + 10_000n,
      providerTransactionId: String(5_100_000 + i),
      paidAt: paidAt.toISOString(),
    };
    await applyVerified(ctx, reference, verified, 86_400);
  }
}
