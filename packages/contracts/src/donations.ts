import { z } from 'zod';
import { ZAmount, ZId, ZOptionalId } from './common.ts';

/*
 * Online donations (issue 10 'Public pages', 'Every gift in the books exactly once', 'Admin
 * screens'; giving spec 2.4-2.8, 2.14, §3-§9; existing-client-api §3.2-3.5): the public giving
 * calls, settlement answers, the donation lists and giver accounts. Paths and field names are the
 * existing client's, typos and casing included (`initailizedonationpayment`, `tenantID`,
 * `paymentGateWays`). Amounts are decimal numbers in major units of `currency`.
 */

/** Texts of the giving flow (giving spec §8): in donation-texts.ts, which the public giving pages import without zod. */
export { DONATION_MESSAGES } from './donation-texts.ts';

/**
 * The status index of POST /PaystackTransactionCheck (existing-client-api §3.3, §7b.6): the
 * client's `services/constant.js` list. It stops polling on 0, 2 and 3.
 */
export const TRANSACTION_STATUS = [
  'Success',
  'Pending',
  'Cancelled',
  'Failed',
  'Not_Processed',
  'Invalid_Merchant',
  'Inactive_Merchant',
  'Invalid_OrderID',
  'Duplicate_OrderID',
  'Invalid_Amount',
  'Processing',
  'SuccessPendingFulfulment',
] as const;
export const TRANSACTION_STATUS_INDEX = {
  success: 0,
  pending: 1,
  cancelled: 2,
  failed: 3,
  invalidAmount: 9,
} as const;

/** A payment's state in Steward: 'flagged' = paid, but the provider's amount or currency differs (not posted). */
export const ZPaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'abandoned', 'flagged', 'cancelled']);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** The providers' names in answers: `paymentGatewayName` of the giver history (existing-client-api §7b.7). */
export const ZGatewayName = z.enum(['Paystack', 'Flutterwave']);

// ---------------------------------------------------------------- GET /give?paymentFormID=

export const ZPublicFormQuery = z.object({ paymentFormID: ZId });

/**
 * GET /give?paymentFormID= (root path; existing-client-api §3.3): the public giving page's form.
 * `currencyId` is the id of GET /api/LookUp/GetAllCurrencies (the church's currency; `currency` its
 * ISO code); `orderId` a fresh id for this visit, to send back as `orderID` (a retried initialise
 * with it makes no second payment); `paymentGateWays[].paymentGateway.name` 'Paystack' or
 * 'FlutterWave' exactly. Only an active form is served (404 otherwise).
 */
export const ZPublicPaymentForm = z.object({
  id: z.uuid(),
  name: z.string(),
  tenantID: z.uuid(),
  churchName: z.string(),
  churchLogo: z.string().nullable(),
  address: z.string().nullable(),
  currencyId: z.number().int(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** decimals of the currency (2 for NGN): amounts take at most this many */
  currencyDecimals: z.number().int(),
  merchantId: z.string().nullable(),
  orderId: z.uuid(),
  contributionItems: z.array(
    z.object({
      id: z.uuid(),
      financialContributionID: z.uuid(),
      financialContribution: z.object({ id: z.uuid(), name: z.string() }),
    }),
  ),
  paymentGateWays: z.array(
    z.object({
      paymentGateway: z.object({ id: z.number().int(), name: z.string() }),
      subAccountID: z.string().nullable(),
      /** 'paystack' | 'flutterwave': which provider the gateway is */
      provider: z.enum(['paystack', 'flutterwave']),
    }),
  ),
  isPaymentConnected: z.literal(false),
  paymentConnectedObject: z.null(),
});
export type TPublicPaymentForm = z.infer<typeof ZPublicPaymentForm>;

// ---------------------------------------------------------------- POST /initailizedonationpayment

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const ZOptionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());
const ZLooseBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' || v === '' || v === null ? false : v),
  z.boolean().optional(),
);
const ZLooseInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number().int().min(0).max(1_000_000_000).optional(),
);

/** One item of a gift: `amount` in major units (empty or 0 rows are left out). */
export const ZGiftItemInput = z.object({
  contributionItemId: ZId,
  contributionItemName: ZOptionalText(200),
  amount: z.preprocess((v) => (v === '' || v === null ? 0 : v), ZAmount),
  contributionCurrencyId: ZLooseInt,
});

/**
 * POST /initailizedonationpayment body (root path): the public giving page's (existing-client-api
 * §3.3: `paymentFormId, tenantID, orderID, currencyID, paymentGateway 'Paystack'|'Flutterwave',
 * contributionItems, isAnonymous, name?, phone?, email?, userId?`) or the `/pay` page's (§3.4:
 * `tenantId, orderId, currencyId, gateway 'paystack'|'flutterwave', contributionItems, email`, no
 * form id: the church's active form offering those items and that gateway is used). Other fields
 * the clients send (churchLogoUrl, churchName, merchantID, amount, contributionItem,
 * isPaymentConnected, paymentConnectedObject) are ignored: the items' amounts are what is charged.
 */
export const ZInitializeDonation = z.object({
  paymentFormId: ZOptionalId.optional(),
  paymentFormID: ZOptionalId.optional(),
  tenantID: ZOptionalId.optional(),
  tenantId: ZOptionalId.optional(),
  orderID: ZOptionalText(100),
  orderId: ZOptionalText(100),
  currencyID: ZLooseInt,
  currencyId: ZLooseInt,
  paymentGateway: ZOptionalText(40),
  gateway: ZOptionalText(40),
  contributionItems: z.array(ZGiftItemInput).min(1, 'choose at least one item to give to').max(50),
  isAnonymous: ZLooseBoolean,
  name: ZOptionalText(200),
  phone: ZOptionalText(40),
  email: z.preprocess(blank, z.email('must be an e-mail address').max(254).optional()),
  userId: ZOptionalId.optional(),
  /** Steward's own pages: 'iframe' brings the payer back to /iframe/{id}/thanks instead of /give/{id}/thanks */
  returnTo: z.enum(['give', 'iframe']).optional(),
});
export type TInitializeDonation = z.output<typeof ZInitializeDonation>;
export type TInitializeDonationInput = z.input<typeof ZInitializeDonation>;

/**
 * The initialise answer: `status` true, `transactionReference` (Steward's reference, also the
 * provider's), `initializePaymentResponseDTO.data.authorization_url` (the provider's hosted
 * checkout; after it the payer comes back to `{site}/give/{formId}/thanks?provider=paystack|
 * flutterwave` with the provider's query: Paystack `trxref`, `reference`; Flutterwave `status`,
 * `tx_ref`, `transaction_id`). A retry with the same orderID and the same gift answers the same.
 */
export const ZInitializeDonationAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  transactionReference: z.string(),
  initializePaymentResponseDTO: z.object({
    status: z.boolean(),
    message: z.string(),
    data: z.object({ authorization_url: z.string(), reference: z.string() }),
  }),
  returnObject: z.object({
    reference: z.string(),
    authorizationUrl: z.string(),
    provider: z.enum(['paystack', 'flutterwave']),
    paymentFormId: z.uuid(),
    amount: z.number(),
    currency: z.string(),
    /** the payment's subaccount at the provider (inline popups pass it), or null */
    subAccountID: z.string().nullable(),
  }),
});
export type TInitializeDonationAnswer = z.infer<typeof ZInitializeDonationAnswer>;

// ---------------------------------------------------------------- settlement answers

/** What Steward knows of one payment, after asking the provider (confirm, poll). */
export const ZPaymentOutcome = z.object({
  reference: z.string(),
  status: ZPaymentStatus,
  /** the provider's last word ('success', 'failed', 'abandoned', 'pending'), null before it was asked */
  providerStatus: z.string().nullable(),
  provider: z.enum(['paystack', 'flutterwave']),
  paymentGatewayName: ZGatewayName,
  paymentFormId: z.uuid().nullable(),
  churchName: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** ISO timestamp of when it was paid (provider), else when it was initialised */
  date: z.string(),
  items: z.array(z.object({ name: z.string(), amount: z.number() })),
});
export type TPaymentOutcome = z.infer<typeof ZPaymentOutcome>;

/** POST /PaystackTransactionCheck?reference= (no body). */
export const ZTransactionCheckQuery = z.object({ reference: z.string().trim().min(1).max(100) });
/**
 * Its answer: `status` the index of TRANSACTION_STATUS (0 Success, 1 Pending, 2 Cancelled,
 * 3 Failed, 9 Invalid_Amount for a flagged payment), `transactionReference` the reference to poll next.
 */
export const ZTransactionCheckAnswer = z.object({
  status: z.number().int(),
  transactionReference: z.string(),
  response: z.string(),
  returnObject: ZPaymentOutcome,
});

/** POST /ConfirmDonationPayment?id=&txnref= (no body): Paystack sends trxref twice; Flutterwave transaction_id and tx_ref. */
export const ZConfirmQuery = z.object({
  id: z.string().trim().max(100).optional(),
  txnref: z.string().trim().min(1, 'is required').max(100),
});
/** Its answer: `status` true once the gift is received (succeeded), false otherwise, with the outcome. */
export const ZConfirmAnswer = z.object({
  status: z.boolean(),
  response: z.string(),
  returnObject: ZPaymentOutcome,
});

/**
 * POST /donated?paymentType=0|1 (existing-client-api §3.4, the existing client's `/pay` page):
 * 0 Paystack, 1 Flutterwave.
 */
export const ZDonatedQuery = z.object({
  paymentType: z.enum(['0', '1'], { message: 'must be 0 (Paystack) or 1 (Flutterwave)' }),
});

/**
 * Its body: what the page sent to /initailizedonationpayment plus the provider's word from the
 * checkout's callback. `transactionReference` is Paystack's `trxref` (paymentType 0) or
 * Flutterwave's `transaction_id` (paymentType 1, a number). `amount` is the whole gift: in MINOR
 * units for Paystack (the page sends `amount*100`), in major units for Flutterwave; item amounts
 * are in major units.
 */
export const ZDonatedBody = z.object({
  transactionReference: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
    z.string().trim().min(1, 'is required').max(100),
  ),
  amount: ZAmount,
  currencyId: ZLooseInt,
  currencyID: ZLooseInt,
  tenantId: ZOptionalId.optional(),
  tenantID: ZOptionalId.optional(),
  contributionItems: z.array(ZGiftItemInput).min(1, 'choose at least one item to give to').max(50),
  gateway: ZOptionalText(40),
  orderId: ZOptionalText(100),
  email: z.preprocess(blank, z.email('must be an e-mail address').max(254).optional()),
});
export type TDonatedBody = z.output<typeof ZDonatedBody>;
export type TDonatedBodyInput = z.input<typeof ZDonatedBody>;

/** A webhook's answer (the providers read only the HTTP status). */
export const ZWebhookAnswer = z.object({ status: z.boolean(), response: z.string() });

// ---------------------------------------------------------------- admin lists

/**
 * GET /api/Financials/Donation/Transactions?page=N item (giving spec §3 'Donation transaction';
 * existing-client-api §3.2): one donation row (one item of one gift), newest first, 50 a page.
 * `channel` is the provider ('Paystack', 'Flutterwave'); `donor` the payer's name, 'Anonymous'
 * for an anonymous gift.
 */
export const ZDonationListItem = z.object({
  id: z.uuid(),
  date: z.string(),
  eventDate: z.string().nullable(),
  eventName: z.string().nullable(),
  contribution: z.string(),
  amount: z.number(),
  donor: z.string(),
  currencyName: z.string(),
  channel: z.string(),
  /** Steward's payment reference */
  reference: z.string().nullable(),
  /** the provider's fee on the whole gift, null when not given */
  fee: z.number().nullable(),
});
export type TDonationListItem = z.infer<typeof ZDonationListItem>;

/** GET /api/Financials/Donation/FilteredTransactions?contribution=&donor= (the donation screen's filter and search). */
export const ZDonationFilterQuery = z.object({
  contribution: z.string().max(100).optional(),
  eventname: z.string().max(100).optional(),
  donor: z.string().max(100).optional(),
});

/**
 * A flagged payment's refund (issue 12: a registration fee paid after the event filled is given
 * back by a job): 'pending' while it is to be asked for or the provider is processing it,
 * 'refunded' once the provider took it, 'failed' when the provider refused (the administrator
 * refunds from the provider's dashboard). Null for a payment that is not being refunded.
 */
export const ZRefundStatus = z.enum(['pending', 'refunded', 'failed']);
export type TRefundStatus = z.infer<typeof ZRefundStatus>;

/** GET /api/Financials/Donation/Payments?page=&status= : every payment, with the flagged ones' reasons. */
export const ZPaymentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: ZPaymentStatus.optional(),
});
export const ZPaymentListItem = z.object({
  id: z.uuid(),
  reference: z.string(),
  date: z.string(),
  status: ZPaymentStatus,
  reason: z.string().nullable(),
  /** the refund's outcome (Steward; see ZRefundStatus), null when the payment is not being refunded */
  refundStatus: ZRefundStatus.nullable(),
  /** when the provider took the refund (ISO timestamp), null until then (Steward) */
  refundedAt: z.string().nullable(),
  paymentGatewayName: ZGatewayName,
  amount: z.number(),
  fee: z.number().nullable(),
  currencyName: z.string(),
  donor: z.string(),
  items: z.array(z.object({ name: z.string(), amount: z.number() })),
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;
export const ZPaymentList = z.object({
  data: z.array(ZPaymentListItem),
  totalItems: z.number().int(),
  /** payments per status, over all pages */
  counts: z.record(ZPaymentStatus, z.number().int()),
  /**
   * Flagged payments the administrator still has to deal with, over all pages (Steward): every
   * flagged payment except those whose refund the provider took (`refundStatus` 'refunded').
   */
  needsAttention: z.number().int(),
});
export type TPaymentList = z.infer<typeof ZPaymentList>;

// ---------------------------------------------------------------- givers

/** POST /mobile/v1/Account/WebSignUp body (existing-client-api §3.5). */
export const ZGiverSignUp = z.object({
  name: z.string({ error: 'Enter your full name' }).trim().min(1, 'Enter your full name').max(200),
  phoneNumber: ZOptionalText(40),
  tenantId: ZId,
  email: z.string({ error: 'Enter your e-mail address' }).trim().pipe(z.email('must be an e-mail address').max(254)),
  password: z
    .string({ error: 'Enter a password' })
    .min(8, 'must be at least 8 characters')
    .max(200, 'must be at most 200 characters'),
});
export type TGiverSignUp = z.output<typeof ZGiverSignUp>;

/** The signed-in giver: `token` is a giver bearer token (send it as `Authorization: Bearer <token>`). */
export const ZGiverSession = z.object({
  token: z.string(),
  userId: z.uuid(),
  tenantID: z.uuid(),
  email: z.string(),
  fullname: z.string(),
  phoneNumber: z.string().nullable(),
  /** ISO timestamp when the token stops working */
  expiryTime: z.string(),
});
export type TGiverSession = z.infer<typeof ZGiverSession>;
export const ZGiverSessionAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: ZGiverSession,
});

/**
 * POST /mobile/v1/Account/SignIn body: `email`, `password`; `tenantId` (optional, Steward) picks
 * the church when the address has giver accounts at several; `keepSignedIn` (the 'Keep me signed
 * in' box) makes the token last 30 days instead of 12 hours.
 */
export const ZGiverSignIn = z.object({
  email: z.string({ error: 'Enter your e-mail address' }).trim().min(1, 'Enter your e-mail address').max(254),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
  tenantId: ZOptionalId.optional(),
  keepSignedIn: ZLooseBoolean,
});

/** A start or end date of the giver history: YYYY-MM-DD; the client's placeholder '1/1/0001 00:00:00', '' or null mean no limit. */
const ZHistoryDate = z.preprocess(blank, z.string().max(40).optional());

/** POST /mobile/v1/PaymentForm/contributions body (existing-client-api §3.5); needs the giver's token. */
export const ZGiverHistoryQuery = z.object({
  startDate: ZHistoryDate,
  endDate: ZHistoryDate,
  userId: ZOptionalId.optional(),
  tenantId: ZOptionalId.optional(),
});
/** One gift item of the giver, newest first: `memo` the item's name, `date` ISO, `paymentGatewayName` 'Paystack'|'Flutterwave'. */
export const ZGiverContribution = z.object({
  memo: z.string(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  paymentGatewayName: ZGatewayName,
  reference: z.string(),
});
export type TGiverContribution = z.infer<typeof ZGiverContribution>;
export const ZGiverHistory = z.array(ZGiverContribution);

/**
 * POST /mobile/v1/Account/ForgotPassword body: the e-mail, and the church (`tenantId`) or the
 * form the giver came from (`paymentFormId`) when known. Always answers the same words.
 */
export const ZGiverForgotPassword = z.object({
  email: z.string().trim().max(254),
  tenantId: ZOptionalId.optional(),
  paymentFormId: ZOptionalId.optional(),
});
/** POST /mobile/v1/Account/ResetPassword body: the link's token and the new password. */
export const ZGiverResetPassword = z.object({
  token: z.string().trim().min(1, 'is required').max(200),
  password: ZGiverSignUp.shape.password,
});
