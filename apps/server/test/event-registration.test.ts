import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M } from '@steward/contracts/event-registration';
import { queryRows } from '../src/db/client.ts';
import { client, signupChurch, type Client } from './helpers.ts';
import { createEvent, enableSms, insertPerson, messagesTo } from './attendance-public-checkin-support.ts';
import {
  entriesOfPayment,
  givingChurch,
  paymentRow,
  pay,
  startGivingHarness,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';
import {
  blankPerson,
  createRegSetup,
  eventDetails,
  regField,
  regFootprint,
  registrationDonation,
  registrationsOf,
} from './event-registration-support.ts';
import { donationJobsOf } from '../src/modules/giving/donations-routes.ts';

const jobs = () => {
  const j = donationJobsOf(h.app);
  if (!j) throw new Error('the donation jobs are not running');
  return j;
};

/**
 * Public event registration (issue 12; existing-client-api §5.1; spec 2.12-2.14, §3-§5, §8): the
 * event, the phone search (masked), EventRegistration with the existing client's bodies (a new
 * person, a ward, twice = one registration, messages once), bad input and another church's ids
 * (nothing written), closed and full events, the capacity race (50 at once for 3 places), the
 * .ics file, and paid registration through the provider sandbox (hold → pay → registered, the
 * fee in the books once with the webhook replayed; abandoned → released; paid after the hold
 * expired and the event filled → flagged, refunded through the provider's refund call by the
 * refund job, never posted; a refund the provider refuses → flagged for the administrator), and
 * the hold upkeep (expired holds verified first: paid → registered, not paid → expired).
 */
let h: GivingHarness;
let c: GivingChurch;
let pub: Client;
let tenantId: string;
let free: { id: string; code: string };
let closed: { id: string; code: string };
let field = '';
let known = '';
let other: { tenantId: string; person: string; field: string };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

const body = (id: string, person: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  person: blankPerson({ mobilePhone: '08035550001', ...person }),
  id,
  checkinCode: '',
  customAttributeData: [],
  ...extra,
});

beforeAll(async () => {
  h = await startGivingHarness({
    MESSAGING_WORKERS: '0',
    CHECKIN_SEARCH_RATE_MAX: '1000',
    CHECKIN_SEARCH_EVENT_RATE_MAX: '1000',
  });
  c = await givingChurch(h.app, { churchName: 'Grace Chapel' });
  tenantId = c.tenantId;
  pub = client(h.app, null);
  await enableSms(h.database, tenantId, 'GraceChapel');
  field = await regField(c.api, tenantId, 'T-shirt size');
  const event = await createEvent(c.api, 'Youth Conference', '2026-12-05');
  free = await createRegSetup(h.database, tenantId, {
    activityId: event,
    slot: 10,
    cutOff: tomorrow(),
    registrationSms: 'Hi {firstName}, you are registered',
    registrationSmsSubject: 'GraceChapel',
    registrationEmail: 'Dear {firstName}, see you there.',
    registrationEmailSubject: 'Youth Conference',
  });
  const past = await createEvent(c.api, 'Old Retreat', '2026-01-05');
  closed = await createRegSetup(h.database, tenantId, {
    activityId: past,
    cutOff: new Date(Date.now() - 60_000).toISOString(),
  });
  known = await insertPerson(h.database, tenantId, {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    phone: '08031112222',
    email: 'adaeze.okafor@gmail.com',
    address: '12 Marina Road',
  });
  const o = await signupChurch(h.app, { churchName: 'Other Church' });
  other = {
    tenantId: o.tenantId,
    person: await insertPerson(h.database, o.tenantId, { firstName: 'Olu', lastName: 'Bello', phone: '08039998888' }),
    field: await regField(client(h.app, o.token), o.tenantId, 'Other size'),
  };
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the event', () => {
  it('answers the existing client its fields, by code and by id', async () => {
    for (const key of [free.code, free.id]) {
      const res = await pub.get(`/api/publiccontent/WebRegistrationEventDetails?id=${encodeURIComponent(key)}`);
      expect(res.statusCode, res.body).toBe(200);
      const e = res.json();
      expect(e).toMatchObject({
        id: free.id,
        tenantID: tenantId,
        fullEventName: 'Youth Conference',
        eventDate: '2026-12-05T00:00:00',
        eventDetails: 'Bring a friend',
        registrationAmount: 0,
        paymentFormId: null,
        paymentForm: null,
        checkinCode: free.code,
        attendanceCode: free.code,
        placesLeft: 10,
        isClosed: false,
        isFull: false,
      });
      expect(e.paymentFormOrderID).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('says closed after the cut-off; 404 for an unknown code; 400 for an empty one', async () => {
    const res = await pub.get(`/api/publiccontent/WebRegistrationEventDetails?id=${closed.code}`);
    expect(res.json().isClosed).toBe(true);
    expect((await pub.get('/api/publiccontent/WebRegistrationEventDetails?id=nope-nope')).statusCode).toBe(404);
    expect((await pub.get('/api/publiccontent/WebRegistrationEventDetails?id=')).statusCode).toBe(400);
  });

  it('gives an .ics file to add to the calendar', async () => {
    const res = await pub.get(`/api/publiccontent/EventRegistrationCalendar?id=${free.code}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Youth-Conference.ics"');
    expect(res.body).toContain('BEGIN:VEVENT');
    expect(res.body).toContain('SUMMARY:Youth Conference');
    expect(res.body).toContain('DTSTART;VALUE=DATE:20261205');
    expect(res.body).toContain(`/event/${free.code}`);
    expect(res.body).toContain('Grace Chapel');
  });
});

describe('the phone search', () => {
  it('finds a person, masked; nobody: []', async () => {
    const res = await pub.get(`/searchregistrationbyphone?searchtext=08031112222&id=${free.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        personId: known,
        name: 'Ad**** Ok****',
        email: 'a***@g****.com',
        address: '1* Ma**** Ro**',
        phoneNumber: '********222',
        dayOfBirth: null,
        monthOfBirth: null,
        hasBirthday: false,
        alreadyRegistered: false,
      },
    ]);
    expect(res.body).not.toContain('adaeze');
    expect(res.body).not.toContain('Marina');
    const none = await pub.get(`/searchregistrationbyphone?searchtext=07000000000&id=${free.code}`);
    expect(none.json()).toEqual([]);
  });

  it('refuses a bad phone (400) and a closed event (400 with the closed text)', async () => {
    expect((await pub.get(`/searchregistrationbyphone?searchtext=abc&id=${free.id}`)).statusCode).toBe(400);
    const res = await pub.get(`/searchregistrationbyphone?searchtext=08031112222&id=${closed.code}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(M.closed);
  });
});

describe('POST /EventRegistration', () => {
  it('registers a new person with custom answers and sends the messages once; twice = one registration', async () => {
    const b = body(
      free.code,
      {
        firstName: 'Chidi Eze',
        mobilePhone: '08035550001',
        email: 'chidi@example.com',
        dayOfBirth: 4,
        monthOfBirth: 7,
        genderID: 1,
      },
      {
        checkinCode: free.code,
        customAttributeData: [{ customAttributeID: field, data: 'Large', entityID: null }],
      },
    );
    const res = await pub.post('/EventRegistration', b);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      status: true,
      response: M.success,
      returnObject: { alreadyRegistered: false, status: 'registered', placesLeft: 9 },
    });
    const again = await pub.post('/EventRegistration', b);
    expect(again.json()).toMatchObject({
      status: true,
      response: M.alreadyRegistered,
      returnObject: { alreadyRegistered: true, registrationId: r.returnObject.registrationId },
    });
    const regs = await registrationsOf(h.database, tenantId, free.id);
    expect(regs.filter((x) => x.person_id === r.returnObject.personId)).toHaveLength(1);
    const [person] = await queryRows<{
      first_name: string;
      last_name: string;
      gender_id: number;
      day_of_birth: number;
    }>(
      h.database.db,
      sql`select first_name, last_name, gender_id, day_of_birth from people where id = ${r.returnObject.personId}`,
    );
    expect(person).toEqual({ first_name: 'Chidi', last_name: 'Eze', gender_id: 1, day_of_birth: 4 });
    const answers = await queryRows<{ data: string }>(
      h.database.db,
      sql`select data from custom_field_values where entity_id = ${r.returnObject.registrationId}`,
    );
    expect(answers).toEqual([{ data: 'Large' }]);
    const sent = await messagesTo(h.database, tenantId, r.returnObject.personId);
    expect(sent).toMatchObject({ sms: 1, email: 1, smsBody: 'Hi {firstName}, you are registered' });
  });

  it('registers a found person and a ward ({person:{personId}, id})', async () => {
    const me = await pub.post('/EventRegistration', body(free.code, { personId: known, mobilePhone: '08031112222' }));
    expect(me.statusCode, me.body).toBe(200);
    const ward = await insertPerson(h.database, tenantId, {
      firstName: 'Tobi',
      lastName: 'Okafor',
      phone: '08031112222',
    });
    const w = await pub.post('/EventRegistration', { person: { personId: ward }, id: free.id, registeredBy: known });
    expect(w.statusCode, w.body).toBe(200);
    const regs = await registrationsOf(h.database, tenantId, free.id);
    expect(regs.find((x) => x.person_id === ward)).toMatchObject({ status: 'registered', registered_by_id: known });
  });

  it('refuses bad input and another church’s ids, writing nothing', async () => {
    const before = await regFootprint(h.database, tenantId);
    const cases: [Record<string, unknown>, number, string][] = [
      [body('', { firstName: 'X' }), 400, 'id'],
      [body(free.code, { firstName: '' }), 400, 'person.firstName'],
      [body(free.code, { firstName: 'Y', email: 'not-mail' }), 400, 'person.email'],
      [body(free.code, { firstName: 'Y', monthOfBirth: 13 }), 400, 'person.monthOfBirth'],
      [
        body(free.code, { firstName: 'Y' }, { customAttributeData: [{ customAttributeID: field, data: 'Huge' }] }),
        400,
        'customAttributeData.0.data',
      ],
      [
        body(free.code, { firstName: 'Y' }, { customAttributeData: [{ customAttributeID: other.field, data: 'x' }] }),
        400,
        'customAttributeData.0.customAttributeID',
      ],
      [body(free.code, { personId: other.person, mobilePhone: '08039998888' }), 404, 'person.personId'],
      [body(free.code, { personId: known, mobilePhone: '08030000000' }), 400, 'person.mobilePhone'],
      [body(closed.code, { firstName: 'Late Comer' }), 400, 'id'],
      [body('no-such-code', { firstName: 'Y' }), 404, ''],
    ];
    for (const [b, code, f] of cases) {
      const res = await pub.post('/EventRegistration', b);
      expect(res.statusCode, `${f}: ${res.body}`).toBe(code);
      if (f) expect(res.body, f).toContain(f);
    }
    expect(await regFootprint(h.database, tenantId)).toEqual(before);
  });
});

describe('capacity that holds', () => {
  it('50 concurrent registrations for the last 3 places admit exactly 3 people', async () => {
    const event = await createEvent(c.api, 'Couples Dinner', '2026-12-12');
    const s = await createRegSetup(h.database, tenantId, { activityId: event, slot: 3, cutOff: tomorrow() });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pub.post(
          '/EventRegistration',
          body(s.code, { firstName: `Guest ${i}`, mobilePhone: `0809${String(1000000 + i)}` }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((x) => x === 200)).toHaveLength(3);
    expect(codes.filter((x) => x === 400)).toHaveLength(47);
    expect(results.find((r) => r.statusCode === 400)!.body).toContain(M.full);
    const regs = await registrationsOf(h.database, tenantId, s.id);
    expect(regs.filter((r) => r.status === 'registered')).toHaveLength(3);
    const after = await pub.get(`/api/publiccontent/WebRegistrationEventDetails?id=${s.code}`);
    expect(after.json()).toMatchObject({ placesLeft: 0, isFull: true });
  }, 120_000);
});

describe('paid registration', () => {
  let paid: { id: string; code: string };
  const payBody = (
    e: Record<string, unknown>,
    person: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => ({
    attendanceCode: e.attendanceCode,
    activityId: e.eventID,
    phone: person.mobilePhone,
    email: person.email,
    checkInCode: e.checkinCode,
    id: e.id,
    person: { personId: '', homeAddress: '', monthOfBirth: '', dayOfBirth: '', ...person },
    customAttributeData: [],
    donation: registrationDonation(
      e,
      { name: person.firstName, email: person.email, phone: person.mobilePhone },
      c.offering,
    ),
    ...extra,
  });
  const details = (code: string) => eventDetails(pub, code);

  beforeAll(async () => {
    const event = await createEvent(c.api, 'Leadership Summit', '2026-12-20');
    paid = await createRegSetup(h.database, tenantId, {
      activityId: event,
      slot: 1,
      cutOff: tomorrow(),
      paid: { amountMinor: 500000n, formId: c.formId },
      registrationSms: 'Paid and registered',
      registrationSmsSubject: 'GraceChapel',
    });
  });

  it('shows the fee and the payment form', async () => {
    const e = await details(paid.code);
    expect(e).toMatchObject({ registrationAmount: 5000, paymentFormId: c.formId, currency: 'NGN' });
    const form = e.paymentForm as {
      paymentGateWays: { paymentGateway: { name: string } }[];
      contributionItems: unknown[];
    };
    expect(form.paymentGateWays.map((g) => g.paymentGateway.name).sort()).toEqual(['FlutterWave', 'Paystack']);
    expect(form.contributionItems.length).toBeGreaterThan(0);
  });

  it('refuses a wrong amount and a free registration of a paid event, writing nothing', async () => {
    const before = await regFootprint(h.database, tenantId);
    const e = await details(paid.code);
    const b = payBody(e, { firstName: 'Kemi Ade', mobilePhone: '08036660001', email: 'kemi@example.com' });
    const wrong = await pub.post('/initializeEventRegistrationPayment', {
      ...b,
      donation: { ...b.donation, amount: 50 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('donation.amount');
    const free = await pub.post(
      '/EventRegistration',
      body(paid.code, { firstName: 'Kemi Ade', mobilePhone: '08036660001' }),
    );
    expect(free.statusCode).toBe(400);
    expect(await regFootprint(h.database, tenantId)).toEqual(before);
  });

  it('abandoned at the checkout → the hold is released', async () => {
    const e = await details(paid.code);
    const init = await pub.post(
      '/initializeEventRegistrationPayment',
      payBody(e, { firstName: 'Femi Ola', mobilePhone: '08036660002', email: 'femi@example.com' }),
    );
    expect(init.statusCode, init.body).toBe(200);
    const { transactionReference, returnObject } = init.json();
    expect((await registrationsOf(h.database, tenantId, paid.id)).map((r) => r.status)).toEqual(['pending_payment']);
    expect((await details(paid.code)).placesLeft).toBe(0);
    await pay(
      h,
      { reference: transactionReference, authorizationUrl: returnObject.authorizationUrl, body: {} },
      'abandoned',
    );
    const conf = await pub.post(
      `/ConfirmEventRegistrationPayment?id=${transactionReference}&txnref=${transactionReference}`,
    );
    expect(conf.statusCode, conf.body).toBe(200);
    expect(conf.json()).toMatchObject({ status: false, returnObject: { registrationStatus: 'released' } });
    expect((await details(paid.code)).placesLeft).toBe(1);
  });

  it('hold → pay → registered, the fee in the books once (webhook replayed too)', async () => {
    h.webhooks.hold = true;
    const e = await details(paid.code);
    const init = await pub.post(
      '/initializeEventRegistrationPayment',
      payBody(e, { firstName: 'Bisi Ade', mobilePhone: '08036660003', email: 'bisi@example.com' }),
    );
    expect(init.statusCode, init.body).toBe(200);
    const { transactionReference: ref, returnObject } = init.json();
    expect(returnObject).toMatchObject({ amount: 5000, currency: 'NGN', places: 1 });
    await pay(h, { reference: ref, authorizationUrl: returnObject.authorizationUrl, body: {} }, 'success');
    const conf = await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`);
    expect(conf.json(), conf.body).toMatchObject({
      status: true,
      message: M.success,
      returnObject: { paymentStatus: 'succeeded', registrationStatus: 'registered' },
    });
    // one posting: the fee's item entry and the provider fee's entry
    const posted = await entriesOfPayment(h.database, tenantId, ref);
    expect(posted.filter((x) => !x.memo.includes(' fee on '))).toHaveLength(1);
    expect(posted.length).toBeLessThanOrEqual(2);
    // the provider's webhooks arrive afterwards, twice: nothing new
    h.webhooks.hold = false;
    for (const w of [...h.webhooks.held, ...h.webhooks.held]) {
      const res = await h.app.inject({
        method: 'POST',
        url: new URL(w.url).pathname,
        headers: w.headers,
        payload: w.body,
      });
      expect(res.statusCode).toBe(200);
    }
    h.webhooks.held.length = 0;
    const again = await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`);
    expect(again.json().status).toBe(true);
    expect((await entriesOfPayment(h.database, tenantId, ref)).map((x) => x.id).sort()).toEqual(
      posted.map((x) => x.id).sort(),
    );
    const regs = await registrationsOf(h.database, tenantId, paid.id);
    expect(regs.filter((r) => r.status === 'registered')).toHaveLength(1);
    const payment = await paymentRow(h.database, ref);
    expect(payment).toMatchObject({ status: 'succeeded', amount_minor: '500000' });
    const person = regs.find((r) => r.status === 'registered')!.person_id;
    expect((await messagesTo(h.database, tenantId, person)).sms).toBe(1);
    // the event is now full
    const full = await pub.post(
      '/initializeEventRegistrationPayment',
      payBody(await details(paid.code), {
        firstName: 'Late Payer',
        mobilePhone: '08036660004',
        email: 'late@example.com',
      }),
    );
    expect(full.statusCode).toBe(400);
    expect(full.body).toContain(M.full);
  });

  /**
   * A set-up with one place; `first` initialises, its hold expires, `second` takes the place; then
   * `first` pays through `gateway`'s sandbox checkout and confirms: too late, the event is full.
   */
  async function lateAfterFull(eventName: string, gateway: 'Paystack' | 'Flutterwave', n: number) {
    const event = await createEvent(c.api, eventName, '2026-12-27');
    const s = await createRegSetup(h.database, tenantId, {
      activityId: event,
      slot: 1,
      cutOff: tomorrow(),
      paid: { amountMinor: 100000n, formId: c.formId },
    });
    const start = async (firstName: string, phone: string) => {
      const b = payBody(await details(s.code), { firstName, mobilePhone: phone, email: `${phone}@example.com` });
      const res = await pub.post('/initializeEventRegistrationPayment', {
        ...b,
        donation: { ...b.donation, paymentGateway: gateway },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { transactionReference: string; returnObject: { authorizationUrl: string } };
    };
    const first = await start('Slow Payer', `0803667${n}005`);
    await h.database.db.execute(
      sql`update event_registrations set hold_expires_at = now() - interval '1 minute' where tenant_id = ${tenantId} and checkin_attendance_id = ${s.id}`,
    );
    await start('Quick Payer', `0803667${n}006`);
    const ref = first.transactionReference;
    await pay(h, { reference: ref, authorizationUrl: first.returnObject.authorizationUrl, body: {} }, 'success');
    const conf = await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`);
    expect(conf.json()).toMatchObject({
      status: false,
      message: M.paymentRefunded,
      returnObject: { paymentStatus: 'flagged' },
    });
    return ref;
  }

  const refundOf = async (ref: string) =>
    (
      await queryRows<{ refund_status: string | null; refund_id: string | null; refunded_at: Date | null }>(
        h.database.db,
        sql`select refund_status, refund_id, refunded_at from payments where reference = ${ref}`,
      )
    )[0]!;
  /** The flagged payments list (the administrator's view): the payment's row, and how many need attention. */
  const flaggedItem = async (ref: string) => {
    const list = await c.api.get('/api/Financials/Donation/Payments?page=1&status=flagged');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as {
      data: { reference: string; reason: string | null; refundStatus: string | null; refundedAt: string | null }[];
      counts: { flagged: number };
      needsAttention: number;
    };
    expect(body.data.filter((r) => r.reference === ref)).toHaveLength(1);
    return { ...body.data.find((r) => r.reference === ref)!, flagged: body.counts.flagged, needs: body.needsAttention };
  };
  const flaggedReason = async (ref: string) => (await flaggedItem(ref)).reason;

  it('paid after its hold expired and the event filled → flagged, refunded through Paystack, never posted', async () => {
    const ref = await lateAfterFull('Marriage Retreat', 'Paystack', 1);
    // settlement recorded the refund and queued its job (the provider is asked after the commit)
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'pending' });
    expect((await paymentRow(h.database, ref))!.status_reason).toContain('refunding the payer through Paystack');
    const pending = await flaggedItem(ref);
    expect(pending).toMatchObject({ refundStatus: 'pending', refundedAt: null });
    // a refund not yet taken still needs attention
    expect(pending.needs).toBe(pending.flagged);
    expect(await jobs().refundJobState(ref)).not.toBeNull();
    expect(await jobs().refund({ tenantId, reference: ref })).toBe('refunded');
    expect(h.sandbox.transaction('paystack', ref)?.status).toBe('reversed');
    const row = await refundOf(ref);
    expect(row).toMatchObject({ refund_status: 'refunded' });
    expect(row.refund_id).toMatch(/^\d+$/);
    expect(await paymentRow(h.database, ref)).toMatchObject({ status: 'flagged' });
    expect(await flaggedReason(ref)).toMatch(
      /^Paid after the registration hold expired and 'Marriage Retreat' is now full: refunded through Paystack on \d{4}-\d{2}-\d{2}$/,
    );
    // the list says it was refunded, when, and no longer counts it as needing attention
    const refunded = await flaggedItem(ref);
    expect(refunded.refundStatus).toBe('refunded');
    expect(refunded.refundedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(refunded.refundedAt!) - Date.now())).toBeLessThan(60_000);
    expect(refunded.needs).toBe(pending.needs - 1);
    expect(refunded.flagged).toBe(pending.flagged);
    expect(await entriesOfPayment(h.database, tenantId, ref)).toHaveLength(0);
    // a second run, a re-check, a confirm: nothing more (no second refund, nothing posted)
    expect(await jobs().refund({ tenantId, reference: ref })).toBe('unchanged');
    await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`);
    await jobs().sweep();
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'refunded' });
    expect(await entriesOfPayment(h.database, tenantId, ref)).toHaveLength(0);
  });

  it('a refund Flutterwave cannot take waits; one it refuses ends flagged for the administrator', async () => {
    const ref = await lateAfterFull('Couples Dinner', 'Flutterwave', 2);
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'pending' });
    h.sandbox.failNext(503, { provider: 'flutterwave' });
    expect(await jobs().refund({ tenantId, reference: ref })).toBe('pending');
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'pending' });
    h.sandbox.failNext(400, { provider: 'flutterwave' });
    expect(await jobs().refund({ tenantId, reference: ref })).toBe('failed');
    expect(h.sandbox.transaction('flutterwave', ref)?.status).toBe('successful');
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'failed', refund_id: null });
    expect(await flaggedItem(ref)).toMatchObject({ refundStatus: 'failed', refundedAt: null });
    expect(await flaggedReason(ref)).toBe(
      "Paid after the registration hold expired and 'Couples Dinner' is now full. Refund failed (Flutterwave: Request refused): refund the payer from the provider's dashboard",
    );
    expect(await entriesOfPayment(h.database, tenantId, ref)).toHaveLength(0);
    // the sweep does not ask again once refused
    await jobs().sweep();
    expect(h.sandbox.transaction('flutterwave', ref)?.status).toBe('successful');
  });

  it('two refund jobs and the sweep at once ask the provider once', async () => {
    const ref = await lateAfterFull('Harvest Supper', 'Paystack', 3);
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'pending' });
    const outcomes = await Promise.all([
      jobs().refund({ tenantId, reference: ref }),
      jobs().refund({ tenantId, reference: ref }),
      jobs().sweep(),
    ]);
    // whichever claims the refund first asks the provider (the sweep may win): the others leave it
    const byJobs = outcomes.slice(0, 2);
    for (const o of byJobs) expect(['refunded', 'unchanged']).toContain(o);
    expect(byJobs.filter((o) => o === 'refunded').length).toBeLessThanOrEqual(1);
    expect(h.sandbox.transaction('paystack', ref)).toMatchObject({ refundRequests: 1, refunds: [100000n] });
    expect(await refundOf(ref)).toMatchObject({ refund_status: 'refunded' });
    expect(await entriesOfPayment(h.database, tenantId, ref)).toHaveLength(0);
  });

  it('one person starts paying twice and pays both: the later payment registers, the earlier is refunded', async () => {
    const event = await createEvent(c.api, 'Leaders Summit', '2026-12-29');
    const s = await createRegSetup(h.database, tenantId, {
      activityId: event,
      slot: 5,
      cutOff: tomorrow(),
      paid: { amountMinor: 300000n, formId: c.formId },
    });
    const person = { firstName: 'Twice Payer', mobilePhone: '08036690001', email: 'twice@example.com' };
    const start = async () => {
      const res = await pub.post('/initializeEventRegistrationPayment', payBody(await details(s.code), person));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { transactionReference: string; returnObject: { authorizationUrl: string } };
    };
    const first = await start();
    const second = await start();
    expect(second.transactionReference).not.toBe(first.transactionReference);
    const payAndConfirm = async (p: typeof first) => {
      const ref = p.transactionReference;
      await pay(h, { reference: ref, authorizationUrl: p.returnObject.authorizationUrl, body: {} }, 'success');
      const res = await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await payAndConfirm(second)).toMatchObject({
      status: true,
      returnObject: { registrationStatus: 'registered' },
    });
    // the first checkout, still open in another tab, is paid too: not kept as a gift
    expect(await payAndConfirm(first)).toMatchObject({
      status: false,
      message: M.paymentRefunded,
      returnObject: { paymentStatus: 'flagged' },
    });
    expect(await entriesOfPayment(h.database, tenantId, first.transactionReference)).toHaveLength(0);
    expect(await refundOf(first.transactionReference)).toMatchObject({ refund_status: 'pending' });
    expect(await jobs().refund({ tenantId, reference: first.transactionReference })).toBe('refunded');
    expect(h.sandbox.transaction('paystack', first.transactionReference)?.refunds).toEqual([300000n]);
    const regs = await registrationsOf(h.database, tenantId, s.id);
    expect(regs.map((r) => r.status)).toEqual(['registered']);
    expect(await entriesOfPayment(h.database, tenantId, second.transactionReference)).not.toHaveLength(0);
  });

  it('the hold upkeep: an expired hold paid meanwhile is admitted; one not paid is ended; live holds stay', async () => {
    const event = await createEvent(c.api, 'Choir Camp', '2026-12-28');
    const s = await createRegSetup(h.database, tenantId, {
      activityId: event,
      slot: 3,
      cutOff: tomorrow(),
      paid: { amountMinor: 200000n, formId: c.formId },
    });
    const start = async (firstName: string, phone: string, gateway = 'Paystack') => {
      const b = payBody(await details(s.code), { firstName, mobilePhone: phone, email: `${phone}@example.com` });
      const res = await pub.post('/initializeEventRegistrationPayment', {
        ...b,
        donation: { ...b.donation, paymentGateway: gateway },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().transactionReference as string;
    };
    h.sandbox.setWebhookMode('none');
    try {
      const paidRef = await start('Paid Late', '08036680001');
      const unpaidRef = await start('Never Paid', '08036680002', 'Flutterwave');
      const liveRef = await start('Still Paying', '08036680003');
      await h.database.db.execute(
        sql`update event_registrations set hold_expires_at = now() - interval '1 minute'
             where tenant_id = ${tenantId} and checkin_attendance_id = ${s.id}
               and payment_id in (select id from payments where reference in (${paidRef}, ${unpaidRef}))`,
      );
      // the payer paid at the provider but never came back; no webhook
      expect(h.sandbox.complete('paystack', paidRef, 'success')).toBe(true);
      expect(await jobs().upkeep()).toBe(2);
      const regs = await registrationsOf(h.database, tenantId, s.id);
      const byPayment = async (ref: string) => {
        const id = (await paymentRow(h.database, ref))!.id;
        return regs.find((r) => r.payment_id === id)!.status;
      };
      expect(await byPayment(paidRef)).toBe('registered');
      expect(await byPayment(unpaidRef)).toBe('expired');
      expect(await byPayment(liveRef)).toBe('pending_payment');
      expect(await paymentRow(h.database, paidRef)).toMatchObject({ status: 'succeeded' });
      expect(await paymentRow(h.database, unpaidRef)).toMatchObject({ status: 'pending' });
      expect(await entriesOfPayment(h.database, tenantId, paidRef)).not.toHaveLength(0);
      expect((await details(s.code)).placesLeft).toBe(1);
      // nothing left to do
      expect(await jobs().upkeep()).toBe(0);
    } finally {
      h.sandbox.setWebhookMode('once');
    }
  });
});
