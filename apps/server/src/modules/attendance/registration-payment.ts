import { createHash } from 'node:crypto';
import {
  REGISTRATION_HOLD_MINUTES,
  REGISTRATION_MESSAGES as M,
  type TConfirmRegistrationPaymentAnswer,
  type TInitializeRegistrationPayment,
  type TInitializeRegistrationPaymentAnswer,
  type TRegistrationStatus,
} from '@steward/contracts/event-registration';
import { withTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { amountToMinor, minorToJson } from '../../lib/money.ts';
import * as dq from '../giving/donation-queries.ts';
import { providerOf } from '../giving/forms-service.ts';
import { fromProviderError } from '../giving/provider-errors.ts';
import { newReference, storeCheckout } from '../giving/public-give-service.ts';
import * as forms from '../giving/queries.ts';
import { paymentItems, payments } from '../giving/schema.ts';
import { discardUnstarted, RefundNeeded, registerPurposeHooks, settle, type SettleDeps } from '../giving/settlement.ts';
import type { JobQueue } from '../messaging/queue.ts';
import { newRowId } from '../../lib/ids.ts';
import { ProviderError, type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import type { MessageLog } from './public-checkin-messages.ts';
import * as cq from './public-checkin-queries.ts';
import * as q from './registration-queries.ts';
import {
  checkAnswers,
  feeOf,
  isPaid,
  regSetupOf,
  resolvePerson,
  sendRegistrationMessages,
  takePlaces,
  tenantOfRegistration,
} from './registration-service.ts';

/*
 * Paid registration (issue 12 'Capacity that holds'; spec §4 'Payment flow for registration';
 * existing-client-api §5.1 'Paid events'), through giving's machinery: a payment of purpose
 * 'registration' (payments + one payment item: the event's contribution item), the providers'
 * hosted checkout, and settle() (verify, row lock, posting once). The places are taken at
 * initialise as a HOLD ('pending_payment', hold_expires_at 15 minutes ahead) in the same locked
 * transaction as the capacity check. Settlement's purpose hooks (registerPurposeHooks) turn the
 * hold into a registration just before the fee is posted — whichever of the payer's confirm, the
 * webhook, the re-check comes first — or refuse the posting when the hold had expired and the
 * event filled meanwhile (the payment is 'flagged' and refunded through the provider after the
 * commit: settlement's RefundNeeded).
 */

/** The purpose of registration payments (payments.purpose). */
export const REGISTRATION_PURPOSE = 'registration';

/** The provider named by the client's gateway ('Paystack', 'FlutterWave', any case), or 400. */
export function providerOfGateway(name: string): ProviderName {
  const n = name.toLowerCase();
  if (n.includes('paystack')) return 'paystack';
  if (n.includes('flutter')) return 'flutterwave';
  throw badRequest('donation.paymentGateway', 'must be Paystack or Flutterwave');
}

/** What initialise needs besides the body. */
export interface RegInitContext {
  /** the site's origin, for the payer's return (`{origin}/event/{code}?provider=`) */
  origin: string;
  /** the e-mail the providers get when the payer gave none (they require one) */
  fallbackEmail: string;
  /** schedules giving's re-check of the new payment */
  scheduleCheck(tenantId: string, reference: string): Promise<void>;
}

/**
 * POST /initializeEventRegistrationPayment (existing-client-api §5.1): checks everything first
 * (the set-up by `id` — 404; closed, free — 400 on id; the gateway offered by the event's form —
 * 400 on donation.paymentGateway, Paystack only for NGN; the person, the custom answers, the
 * wards — 404 on wards.N; `donation.amount` when sent must equal the set-up's fee x places — 400
 * on donation.amount), then in ONE transaction with the set-up locked FOR UPDATE writes the
 * pending payment (purpose 'registration', amount = fee x places, in minor units) and takes the
 * places as holds until now + 15 minutes (400 'This event is fully booked' when full). Then asks
 * the provider for its checkout; a refusal releases the holds and removes the payment (400 / 503).
 * A retry with the same donation.orderID and the same request answers the first payment.
 */
export async function initializeRegistrationPayment(
  db: Db,
  providers: PaymentProviders,
  input: TInitializeRegistrationPayment,
  init: RegInitContext,
): Promise<TInitializeRegistrationPaymentAnswer> {
  const provider = providerOfGateway(input.donation.paymentGateway);
  const tenantId = await tenantOfRegistration(db, input.id);
  const places = 1 + input.wards.length;
  const hash = createHash('sha256')
    .update(JSON.stringify([input.id, input.person.personId, input.person.mobilePhone, input.wards, provider]))
    .digest('hex');
  const orderId = input.donation.orderID || null;

  type Prepared =
    | { kind: 'ready'; row: dq.PaymentRow; holdUntil: Date }
    | { kind: 'new'; row: dq.PaymentRow; holdUntil: Date; email: string; name: string; phone: string };
  const prepared: Prepared & { code: string; churchName: string; subAccountId: string | null } = await withTenant(
    db,
    tenantId,
    async (tx) => {
      const ctx: TenantCtx = { tx, tenantId, userId: null };
      const s = await regSetupOf(ctx, input.id, true);
      if (s.isClosed) throw badRequest('id', M.closed);
      if (!isPaid(s)) throw badRequest('id', `This event is free: use '${M.confirm}'`);
      const form = await forms.findForm(tx, tenantId, s.paymentFormId!);
      if (!form || !form.form.isActive) throw badRequest('id', 'This event has no active payment form');
      const gateway = (await forms.formGateways(tx, tenantId, s.paymentFormId!)).find(
        (g) => g.gateway.isActive && providerOf(g.gateway) === provider,
      );
      if (!gateway) throw badRequest('donation.paymentGateway', 'is not offered for this event');
      if (provider === 'paystack' && s.currencyCode !== 'NGN')
        throw badRequest('donation.paymentGateway', 'Paystack takes payments in NGN only');
      const [item] = await forms.formItems(tx, tenantId, s.paymentFormId!);
      if (!item) throw badRequest('id', 'This event has no active payment form');
      const amountMinor = feeOf(s) * BigInt(places);
      if (input.donation.amount !== undefined && input.donation.amount !== '') {
        const sent = amountToMinor(input.donation.amount, s.currencyCode, 'donation.amount');
        if (sent !== amountMinor)
          throw badRequest(
            'donation.amount',
            `must be ${minorToJson(amountMinor, s.currencyCode)} ${s.currencyCode} (the fee for ${places} ${places === 1 ? 'person' : 'people'})`,
          );
      }
      const answers = await checkAnswers(ctx, input.customAttributeData);
      const wardsFound = await q.peopleExist(tx, tenantId, input.wards);
      input.wards.forEach((w, i) => {
        if (!wardsFound.has(w)) throw new AppError(404, 'Person was not found', `wards.${i}`);
      });
      const base = { code: s.attendanceCode, churchName: s.churchName, subAccountId: gateway.row.subAccountId };

      // a retried initialise (same orderID and request) answers the first payment
      if (orderId) {
        const first = await dq.paymentByOrder(tx, tenantId, orderId, hash);
        if (first && first.status === 'pending' && first.authorizationUrl) {
          const holds = await q.holdsOfPayment(tx, tenantId, first.id);
          if (holds.some((h) => h.holds))
            return { ...base, kind: 'ready' as const, row: first, holdUntil: holdUntilOf(first) };
        }
        if (first) await dq.releaseOrder(tx, tenantId, first.id);
      }

      const person = await resolvePerson(ctx, input.person);
      const everyone = [person.personId, ...input.wards.filter((w) => w !== person.personId)];
      const current = await q.registrationsOf(tx, tenantId, s.id, everyone);
      for (const r of current) {
        if (r.status === 'registered') {
          const i = input.wards.indexOf(r.personId);
          throw badRequest(
            i >= 0 ? `wards.${i}` : 'id',
            i >= 0 ? 'is already registered for this event' : M.alreadyRegistered,
          );
        }
        // an earlier unfinished payment of the same people: its hold gives way to this one
        if (r.status === 'pending_payment' && r.paymentId)
          await q.setPaymentHolds(tx, tenantId, r.paymentId, ['pending_payment'], 'released');
      }

      const email =
        input.donation.email ||
        input.email ||
        (await q.personEmail(tx, tenantId, person.personId)) ||
        init.fallbackEmail;
      const name = input.donation.name || [input.person.firstName, input.person.lastName].filter(Boolean).join(' ');
      const phone = input.donation.phone || input.phone || input.person.mobilePhone;
      const [row] = await tx
        .insert(payments)
        .values({
          tenantId,
          reference: newReference(),
          provider,
          purpose: REGISTRATION_PURPOSE,
          paymentFormId: s.paymentFormId,
          personId: person.personId,
          amountMinor,
          currencyCode: s.currencyCode,
          status: 'pending',
          payerName: name || null,
          payerEmail: email,
          payerPhone: phone || null,
          orderId,
          requestHash: hash,
        })
        .returning();
      await tx.insert(paymentItems).values({
        tenantId,
        id: newRowId(),
        paymentId: row!.id,
        contributionItemId: item.itemId,
        amountMinor,
      });
      const holdUntil = new Date(Date.now() + REGISTRATION_HOLD_MINUTES * 60_000);
      const { rows } = await takePlaces(
        ctx,
        s,
        everyone.map((id) => ({ personId: id, registeredById: id === person.personId ? null : person.personId })),
        { paymentId: row!.id, until: holdUntil },
        'id',
      );
      await cq.replaceAnswers(tx, tenantId, rows[0]!.id, answers);
      return { ...base, kind: 'new' as const, row: row!, holdUntil, email, name, phone };
    },
  );

  const answer = (row: dq.PaymentRow, holdUntil: Date): TInitializeRegistrationPaymentAnswer => ({
    status: true,
    response: M.paymentPending,
    transactionReference: row.reference,
    returnObject: {
      reference: row.reference,
      authorizationUrl: row.authorizationUrl ?? '',
      provider: row.provider as ProviderName,
      amount: minorToJson(row.amountMinor, row.currencyCode),
      currency: row.currencyCode,
      places,
      holdExpiresAt: holdUntil.toISOString(),
      subAccountID: prepared.subAccountId,
    },
  });
  if (prepared.kind === 'ready') return answer(prepared.row, prepared.holdUntil);

  const row = prepared.row;
  let authorizationUrl: string;
  try {
    const result = await providers[provider].initialize({
      reference: row.reference,
      amountMinor: row.amountMinor,
      currency: row.currencyCode,
      email: prepared.email,
      ...(prepared.name ? { name: prepared.name } : {}),
      ...(prepared.phone ? { phone: prepared.phone } : {}),
      callbackUrl: `${init.origin.replace(/\/+$/, '')}/event/${encodeURIComponent(prepared.code)}?provider=${provider}`,
      ...(prepared.subAccountId ? { subaccountId: prepared.subAccountId } : {}),
      metadata: { paymentFormId: row.paymentFormId ?? '', purpose: REGISTRATION_PURPOSE },
      merchantName: prepared.churchName,
    });
    authorizationUrl = result.authorizationUrl;
  } catch (e) {
    if (e instanceof ProviderError) {
      await withTenant(db, tenantId, async (tx) => {
        await q.setPaymentHolds(tx, tenantId, row.id, ['pending_payment'], 'released');
        await discardUnstarted({ tx, tenantId, userId: null }, row.id);
      });
      throw fromProviderError(e, 'donation.paymentGateway', 'start the payment');
    }
    throw e;
  }
  await storeCheckout(db, tenantId, row, authorizationUrl, (t, r) => init.scheduleCheck(t, r));
  return answer({ ...row, authorizationUrl }, prepared.holdUntil);
}

/** When a payment's hold ends (initialised + 15 minutes). */
const holdUntilOf = (row: dq.PaymentRow): Date =>
  new Date(row.createdAt.getTime() + REGISTRATION_HOLD_MINUTES * 60_000);

/**
 * POST /ConfirmEventRegistrationPayment?id=&txnref= (existing-client-api §5.1): settles the
 * payment `txnref` through giving's settle() (the provider's word; `id` the provider's
 * transaction id when it differs, Flutterwave's transaction_id). A payment the provider reports
 * cancelled, abandoned or failed releases its holds. Answers `status` true once the registrant is
 * registered, else false with the message to show. Throws 404 for a reference that is not a
 * registration payment; ProviderError when the provider cannot be asked (the route answers 503).
 */
export async function confirmRegistrationPayment(
  deps: SettleDeps,
  txnref: string,
  id: string | undefined,
): Promise<TConfirmRegistrationPaymentAnswer> {
  const done = await settle(deps, txnref, {
    via: 'confirm',
    providerTransactionId: id && id !== txnref ? id : null,
  });
  if (!done || done.payment.purpose !== REGISTRATION_PURPOSE) throw notFound('Payment');
  const { tenantId } = done;
  return withTenant(deps.db, tenantId, async (tx) => {
    let payment = done.payment;
    const setupId = await q.setupOfPayment(tx, tenantId, payment.id);
    if (!setupId) throw notFound('Payment');
    const s = await regSetupOf({ tx, tenantId }, setupId, true);
    const given =
      payment.status === 'pending' && (payment.providerStatus === 'abandoned' || payment.providerStatus === 'failed');
    if (given) {
      // the payer left the checkout: the places go back now, not at the end of the hold
      await q.setPaymentHolds(tx, tenantId, payment.id, ['pending_payment'], 'released');
    }
    const holds = await q.holdsOfPayment(tx, tenantId, payment.id);
    const mine = holds.find((h) => h.personId === payment.personId) ?? holds[0];
    const registrationStatus = (mine?.status ?? 'released') as TRegistrationStatus;
    payment = (await dq.paymentByReference(tx, tenantId, payment.reference)) ?? payment;
    const ok = payment.status === 'succeeded' && registrationStatus === 'registered';
    const message = ok
      ? M.success
      : payment.status === 'flagged'
        ? payment.refundStatus
          ? M.paymentRefunded
          : M.paymentFlagged
        : payment.status === 'pending' && !given
          ? M.paymentPending
          : M.paymentReleased;
    return {
      status: ok,
      message,
      returnObject: {
        reference: payment.reference,
        paymentStatus: payment.status as TConfirmRegistrationPaymentAnswer['returnObject']['paymentStatus'],
        registrationStatus,
        fullEventName: s.eventName,
      },
    };
  });
}

/**
 * Installs settlement's hooks for registration payments (giving/settlement.ts
 * registerPurposeHooks): `admit` turns the payment's holds into registrations before the fee is
 * posted — with the set-up locked, live holds simply become 'registered'; expired or released
 * ones take places again if the event has room, else the posting is refused (RefundNeeded: the
 * payment is flagged, nothing is posted, and the refund job gives the money back through the
 * provider, or the administrator is told to when it refuses; never silently accepted) — and sends the
 * registrant's registration SMS and e-mail once; `released` releases the holds of a payment that
 * failed or was abandoned; `upkeep` ends holds past their expiry (endExpiredHolds). The queue is the messaging queue of the app that installed them (the
 * last one built).
 */
export function installRegistrationHooks(queue: JobQueue, log: MessageLog): void {
  registerPurposeHooks(REGISTRATION_PURPOSE, {
    async admit(ctx, payment) {
      const { tx, tenantId } = ctx;
      const setupId = await q.setupOfPayment(tx, tenantId, payment.id);
      if (!setupId) throw new RefundNeeded('Paid for the registration of an event that was deleted meanwhile');
      const s = await q.findRegSetup(tx, tenantId, setupId, true, true);
      if (!s) throw new RefundNeeded('Paid for the registration of an event that was deleted meanwhile');
      await q.endStaleHolds(tx, tenantId, s.id);
      const holds = await q.holdsOfPayment(tx, tenantId, payment.id);
      // a later payment of the same people took these places over (a second initialise): that
      // payment registers them; this one gives the money back rather than being kept as a gift
      if (holds.length === 0)
        throw new RefundNeeded(`Paid for a registration to '${s.eventName}' that a later payment replaced`);
      const lapsed = holds.filter((h) => h.status === 'expired' || h.status === 'released');
      if (lapsed.length > 0 && s.slot !== null) {
        const left = s.slot - (await q.takenPlaces(tx, tenantId, s.id));
        if (left < lapsed.length)
          throw new RefundNeeded(`Paid after the registration hold expired and '${s.eventName}' is now full`);
      }
      const turned = holds.filter((h) => h.status !== 'registered' && h.status !== 'cancelled');
      await q.setPaymentHolds(tx, tenantId, payment.id, ['pending_payment', 'expired', 'released'], 'registered');
      const registrant = turned.find((h) => h.personId === payment.personId);
      if (registrant) {
        const email = await q.personEmail(tx, tenantId, registrant.personId);
        await sendRegistrationMessages(
          ctx,
          queue,
          s,
          { personId: registrant.personId, hasPhone: true, hasEmail: Boolean(email) },
          log,
        );
      }
    },
    async released(ctx, payment) {
      await q.setPaymentHolds(ctx.tx, ctx.tenantId, payment.id, ['pending_payment'], 'released');
    },
    upkeep: endExpiredHolds,
  });
}

/**
 * The hold upkeep (issue 12: 'an abandoned or failed payment releases them'), run periodically by
 * giving's jobs (PurposeHooks.upkeep): for each registration payment with a hold past its
 * hold_expires_at while the payment is still pending (at most `limit`, oldest first, across
 * churches), asks the provider first (settle(): a payer may have paid — then `admit` registers
 * them, or refunds when the event filled meanwhile; failed/abandoned releases the holds), and when
 * it is still not paid ends the holds ('expired', under the set-up lock; a later payment takes
 * places again only if there is room). A provider that cannot be asked leaves that payment for
 * the next run (its places are not counted anyway). Answers how many payments it looked at.
 */
export async function endExpiredHolds(deps: SettleDeps, limit = 100): Promise<number> {
  const due = await q.expiredHoldPayments(deps.db, limit);
  for (const d of due) {
    try {
      const done = await settle(deps, d.reference, { via: 'sweep' });
      if (!done || !['pending', 'abandoned'].includes(done.payment.status)) continue;
    } catch (e) {
      // one payment that cannot be checked never stops the others
      if (e instanceof ProviderError)
        deps.log?.('registration.hold_check_unavailable', { reference: d.reference, kind: e.kind });
      else
        deps.log?.('registration.hold_check_failed', { reference: d.reference, error: (e as Error)?.name ?? 'error' });
      continue;
    }
    await withTenant(deps.db, d.tenant_id, async (tx) => {
      await q.lockSetup(tx, d.tenant_id, d.setup_id);
      await q.endStaleHolds(tx, d.tenant_id, d.setup_id);
    });
  }
  return due.length;
}
