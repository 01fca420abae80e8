import { z } from 'zod';
import {
  EMAIL_PATTERN,
  optionalInt as optionalNumber,
  optionalText,
  phoneText,
  ZMaskedPerson,
  ZPublicCustomAnswer,
} from './attendance-public.ts';
import { ZEnvelope, ZId, ZOptionalId } from './common.ts';

/*
 * Public event registration (issue 12; giving-attendance-and-settings spec 2.12-2.14, §3
 * 'Registration event', 'Person found by phone (registration)', 'Registration payload',
 * 'Donation/payment object', §4 'Registration page', 'Payment flow for registration', §5, §8;
 * existing-client-api §5.1). No session: the church is found from the set-up's public code (the
 * page's `checkinId`) or its id. Field names are the existing client's. A found person's details
 * are never sent unmasked. Amounts in JSON are major units (minor units in the database).
 */

/** The texts of the public registration page (spec 2.12-2.14, §4, §8), word for word, and Steward's own. */
export const REGISTRATION_MESSAGES = {
  fetching: 'Fetching your details...',
  found: 'Your details were found, please confirm to register.',
  notFound: 'Please fill the form and confirm the registration',
  familyQuestion: 'Do you want to register your family for this event?',
  confirm: 'Confirm to register',
  pay: 'Make payment to register',
  paymentMethods: 'Payment methods',
  continueWith: 'Continue payment with',
  successTitle: 'Registration Successful!',
  success: 'You have registered for this event successfully!',
  addWard: 'Add New Ward',
  wardsEmpty: 'When you add wards, they will show up here',
  wardCreated: 'Ward Created Sucessfully',
  selectRole: 'Select role',
  searchNetwork: 'Ensure you have internet access and try again',
  searchTimeout: 'The request was taking too long, please reload and try again',
  searchOther: 'An error occurred, reload and try again',
  registerNetwork: 'Please ensure you have a strong internet connection and try again',
  registerTimeout: 'Request took too long, Please reload the page and try again',
  initialiseFailed: 'Could not initialise payment, please try again',
  confirmFailed: 'Confirmation failed, Confirming your purchase failed, please contact support',
  cancelled: 'You have cancelled the transaction',
  notMe: 'Not Me',
  // Steward's own (the spec is silent)
  full: 'This event is fully booked',
  notEnoughPlaces: 'There are not enough places left for everyone you are registering',
  closed: 'Registration for this event is closed',
  alreadyRegistered: 'You are already registered for this event',
  paymentPending: 'Your payment is being confirmed; your places are held for 15 minutes',
  paymentReleased: 'The payment was not completed, so your places were released',
  paymentRefunded:
    'Your payment arrived after your places were released or replaced, and could not be used for this registration, so it is being refunded to you',
  paymentFlagged: 'Your payment needs a check by the church before your registration is confirmed',
  notFoundEvent: 'This registration link is not active. Ask your church for the current registration link.',
  tooManySearches: 'Too many searches from here, please wait a minute and try again',
} as const;

/** How long a paid registration holds its places while the person pays (minutes). */
export const REGISTRATION_HOLD_MINUTES = 15;

/** A registration's state: 'pending_payment' holds places until hold_expires_at. */
export const ZRegistrationStatus = z.enum(['registered', 'pending_payment', 'cancelled', 'expired', 'released']);
export type TRegistrationStatus = z.infer<typeof ZRegistrationStatus>;

/** The set-up's public code (or its id), as the link carries it. */
const ZEventKey = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is not a registration id');

// ---------------------------------------------------------------- the event

/** GET /api/publiccontent/WebRegistrationEventDetails?id= : the set-up's public code (its id is accepted too). */
export const ZRegistrationEventQuery = z.object({ id: ZEventKey });

/** A gateway of the event's payment form: `paymentGateway.name` 'Paystack' or 'FlutterWave' exactly. */
export const ZRegistrationGateway = z.object({
  paymentGateway: z.object({ name: z.string() }),
  subAccountID: z.string().nullable(),
  /** which provider the gateway is */
  provider: z.enum(['paystack', 'flutterwave']),
});

/** The event's payment form as the page reads it (existing-client-api §5.1 `paymentForm`). */
export const ZRegistrationPaymentForm = z.object({
  tenantID: z.uuid(),
  churchName: z.string(),
  churchLogo: z.string().nullable(),
  paymentGateWays: z.array(ZRegistrationGateway),
  contributionItems: z.array(z.object({ financialContribution: z.object({ id: z.uuid(), name: z.string() }) })),
});

/**
 * The registration event (bare; spec §3 'Registration event'; existing-client-api §5.1):
 * `id` the set-up's id, `attendanceCode` = `checkinCode` its public code, `eventDate`
 * 'YYYY-MM-DDT00:00:00' (no zone), `registrationAmount` the fee per person in major units (0 when
 * free), `registrationCutOffTime` ISO instant or null, `paymentFormId` null for a free event,
 * `paymentFormOrderID` a fresh id for this visit (send it back as donation.orderID: a retried
 * initialise makes no second payment), `currencyID` the GetAllCurrencies id of the church's
 * currency (`currency` its ISO code). Steward's page also reads `placesLeft` (null = no limit),
 * `isClosed` (now at or after the cut-off), `isFull`, the church, and `calendarUrl` (the .ics).
 */
export const ZRegistrationEvent = z.object({
  id: z.uuid(),
  tenantID: z.uuid(),
  eventID: z.uuid(),
  fullEventName: z.string(),
  eventDate: z.string(),
  bannerUrl: z.string().nullable(),
  eventDetails: z.string().nullable(),
  registrationAmount: z.number(),
  registrationCutOffTime: z.string().nullable(),
  paymentFormId: z.uuid().nullable(),
  paymentFormOrderID: z.uuid(),
  currencyID: z.number().int().nullable(),
  currency: z.string(),
  checkinCode: z.string(),
  attendanceCode: z.string(),
  paymentForm: ZRegistrationPaymentForm.nullable(),
  churchName: z.string(),
  churchLogo: z.string().nullable(),
  placesLeft: z.number().int().nullable(),
  isClosed: z.boolean(),
  isFull: z.boolean(),
  calendarUrl: z.string(),
});
export type TRegistrationEvent = z.infer<typeof ZRegistrationEvent>;

// ---------------------------------------------------------------- the phone search

/** A phone as typed: at most 30 characters, 7 to 16 digits (attendance-public.ts phoneText). */
const ZPhone = phoneText(7);

/** GET /searchregistrationbyphone?searchtext=&id= (root path). */
export const ZSearchRegistrationQuery = z.object({ searchtext: ZPhone, id: ZEventKey });

/**
 * One answer of the phone search (spec §3 'Person found by phone (registration)'): `personId`,
 * the masked person of the check-in's search (attendance-public.ts ZMaskedPerson: `name`,
 * `email`, `address` masked, birthday withheld, `hasBirthday`), `phoneNumber` MASKED too ('' when
 * none), `alreadyRegistered` whether this person holds a registration for the event. No match:
 * an empty array.
 */
export const ZRegistrationMatch = z.object({
  personId: z.uuid(),
  ...ZMaskedPerson.shape,
  phoneNumber: z.string(),
  alreadyRegistered: z.boolean(),
});
export type TRegistrationMatch = z.infer<typeof ZRegistrationMatch>;
export const ZRegistrationMatches = z.array(ZRegistrationMatch);

// ---------------------------------------------------------------- POST /EventRegistration

/** A whole number from JSON (a number or its text); '', null, 0 from an unset selector = not given. */
const optionalInt = (min: number, max: number) => optionalNumber(min, max, { zeroIsUnset: true });

/**
 * The registration's person (spec §3 'Registration payload'): a found person or a ward by
 * `personId` (what the person lacks on record is filled in; nothing on record is replaced), or a
 * new person by `firstName` (the full name when `lastName` is absent) and `mobilePhone`.
 * `maritalStatusID` / `genderID` are GetAllLookUps ids; wedding date parts are integers.
 */
export const ZRegistrationPerson = z
  .object({
    personId: ZOptionalId.optional().transform((v) => (v ? v.toLowerCase() : null)),
    firstName: optionalText(100),
    lastName: optionalText(100),
    mobilePhone: z
      .union([ZPhone, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || ''),
    email: optionalText(254).refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'must be an e-mail address' }),
    homeAddress: optionalText(300),
    monthOfBirth: optionalInt(1, 12),
    dayOfBirth: optionalInt(1, 31),
    maritalStatusID: optionalInt(1, 1_000_000),
    genderID: optionalInt(1, 1_000_000),
    yearOfWedding: optionalInt(1900, 2200),
    monthOfWedding: optionalInt(1, 12),
    dayOfWedding: optionalInt(1, 31),
  })
  .loose()
  .superRefine((p, ctx) => {
    if (!p.personId && p.firstName === '')
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'Enter your name' });
    if (!p.personId && p.mobilePhone === '')
      ctx.addIssue({ code: 'custom', path: ['mobilePhone'], message: 'Enter the phone number' });
  });

/** One custom field answer: a field of entity 4 (EventRegistrationForm); see attendance-public.ts ZPublicCustomAnswer. */
export const ZRegistrationCustomAnswer = ZPublicCustomAnswer;

const ZKeyText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(64, 'is not a registration id'));

/**
 * POST /EventRegistration (root path) body (existing-client-api §5.1): `{person, id, checkinCode,
 * customAttributeData}` for the registrant, or `{person:{personId}, id}` once per ward (a person
 * of the church). `id` is the page's checkinId (the set-up's public code or id). Steward's
 * optional `registeredBy` (the registrant's personId) links a ward to the registrant.
 */
export const ZEventRegistrationRequest = z
  .object({
    person: ZRegistrationPerson,
    id: ZKeyText.pipe(z.string().min(1, 'is required')),
    checkinCode: ZKeyText.nullish(),
    customAttributeData: z
      .array(ZRegistrationCustomAnswer, { error: 'must be a list of answers' })
      .max(100, 'at most 100 answers')
      .nullish()
      .transform((v) => v ?? []),
    registeredBy: ZOptionalId.optional(),
  })
  .loose();
export type TEventRegistrationRequest = z.input<typeof ZEventRegistrationRequest>;
export type TEventRegistration = z.output<typeof ZEventRegistrationRequest>;

/**
 * The answer (the existing client ignores it): `response` the success text (or
 * alreadyRegistered), `returnObject` the registration (no personal data).
 */
export const ZEventRegistrationAnswer = ZEnvelope(
  z.object({
    registrationId: z.uuid(),
    personId: z.uuid(),
    status: ZRegistrationStatus,
    alreadyRegistered: z.boolean(),
    fullEventName: z.string(),
    placesLeft: z.number().int().nullable(),
  }),
);
export type TEventRegistrationAnswer = z.infer<typeof ZEventRegistrationAnswer>;

// ---------------------------------------------------------------- paid registration

/** One item of the donation object (the event's contribution item; amounts are ignored: the fee is the set-up's). */
export const ZRegistrationPaymentItem = z
  .object({
    contributionItemId: ZOptionalId.optional(),
    contributionCurrencyId: z.unknown().optional(),
    contributionItemName: z.unknown().optional(),
    amount: z.unknown().optional(),
  })
  .loose();

/**
 * The donation/payment object (spec §3): `paymentGateway` 'Paystack' | 'Flutterwave' (any case),
 * `orderID` the event's paymentFormOrderID, `amount` the fee the page shows (major units: must
 * equal the set-up's registrationAmount x places, else 400 naming donation.amount), payer details.
 */
export const ZRegistrationDonation = z
  .object({
    name: optionalText(200),
    email: optionalText(254).refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'must be an e-mail address' }),
    phone: optionalText(40),
    paymentFormId: ZOptionalId.optional(),
    tenantID: ZOptionalId.optional(),
    orderID: optionalText(100),
    currencyID: z.unknown().optional(),
    paymentGateway: z.string({ error: 'choose a payment method' }).trim().min(1, 'choose a payment method').max(40),
    paymentGateWays: z.unknown().optional(),
    amount: z.union([z.number(), z.string()]).optional(),
    contributionItems: z.array(ZRegistrationPaymentItem).max(20).nullish(),
  })
  .loose();

/**
 * POST /initializeEventRegistrationPayment body (existing-client-api §5.1): `{attendanceCode,
 * activityId, phone, email, checkInCode, id, person, customAttributeData, donation}`; Steward's
 * optional `wards` (personIds of the registrant's wards registered and paid for together: places =
 * 1 + wards) and `returnTo` (the page's path the provider sends the payer back to).
 */
export const ZInitializeRegistrationPayment = z
  .object({
    attendanceCode: ZKeyText.nullish(),
    activityId: z.unknown().optional(),
    phone: optionalText(40),
    email: optionalText(254),
    checkInCode: ZKeyText.nullish(),
    id: ZKeyText.pipe(z.string().min(1, 'is required')),
    person: ZRegistrationPerson,
    customAttributeData: z
      .array(ZRegistrationCustomAnswer, { error: 'must be a list of answers' })
      .max(100, 'at most 100 answers')
      .nullish()
      .transform((v) => v ?? []),
    donation: ZRegistrationDonation,
    wards: z
      .array(ZId)
      .max(50)
      .nullish()
      .transform((v) => [...new Set((v ?? []).map((x) => x.toLowerCase()))]),
  })
  .loose();
export type TInitializeRegistrationPaymentInput = z.input<typeof ZInitializeRegistrationPayment>;
export type TInitializeRegistrationPayment = z.output<typeof ZInitializeRegistrationPayment>;

/**
 * The initialise answer: `status` true, `transactionReference` (Steward's reference, also the
 * provider's: the inline popups' `ref` / `tx_ref`), `authorizationUrl` the provider's hosted
 * checkout, `amount` (major units) and `currency` charged, `holdExpiresAt` (ISO) until when the
 * places are held.
 */
export const ZInitializeRegistrationPaymentAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  transactionReference: z.string(),
  returnObject: z.object({
    reference: z.string(),
    authorizationUrl: z.string(),
    provider: z.enum(['paystack', 'flutterwave']),
    amount: z.number(),
    currency: z.string(),
    places: z.number().int(),
    holdExpiresAt: z.string(),
    subAccountID: z.string().nullable(),
  }),
});
export type TInitializeRegistrationPaymentAnswer = z.infer<typeof ZInitializeRegistrationPaymentAnswer>;

/** POST /ConfirmEventRegistrationPayment?id=&txnref= : Paystack both = trxref; Flutterwave id = transaction_id, txnref = tx_ref. */
export const ZConfirmRegistrationPaymentQuery = z.object({
  id: z.string().trim().max(100).optional(),
  txnref: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
});

/**
 * The confirm answer: `status` true once the registration stands (paid and registered), false
 * otherwise with `message` (spec §8 'Payment | confirm failure': the server message is shown).
 * `registrationStatus` / `paymentStatus` say where it is.
 */
export const ZConfirmRegistrationPaymentAnswer = z.object({
  status: z.boolean(),
  message: z.string(),
  returnObject: z.object({
    reference: z.string(),
    paymentStatus: z.enum(['pending', 'succeeded', 'failed', 'abandoned', 'flagged', 'cancelled']),
    registrationStatus: ZRegistrationStatus,
    fullEventName: z.string(),
  }),
});
export type TConfirmRegistrationPaymentAnswer = z.infer<typeof ZConfirmRegistrationPaymentAnswer>;

// ---------------------------------------------------------------- Add to Calendar

/** GET /api/publiccontent/EventRegistrationCalendar?id= : an .ics file (text/calendar, attachment). */
export const ZRegistrationCalendarQuery = z.object({ id: ZEventKey });
