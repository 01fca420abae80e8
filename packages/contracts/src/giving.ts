import { z } from 'zod';
import { ZErrorEnvelope, ZId, ZOptionalId } from './common.ts';

/*
 * Giving's admin API (issue 10 'Admin screens'; giving spec 2.1-2.3, §3, §4, §5, §7, §8;
 * existing-client-api §3.1): payment forms, banks, card payment gateways, the church's own
 * account-name resolution and the Flutterwave subaccounts. Paths and field names are the
 * existing client's, typos included (`paymentGateWays`, `paymentGateWayID`).
 */

/** The gateway ids of the reference table (migration 0017) and the names the client matches exactly. */
export const PAYMENT_GATEWAY = {
  paystack: { id: 1, name: 'Paystack' },
  flutterwave: { id: 2, name: 'FlutterWave' },
} as const;

/** Texts of the payment form screens (giving spec §8), misspellings corrected (DESIGN.md). */
export const GIVING_MESSAGES = {
  listEmpty: "You haven't added any payment forms yet",
  networkDisrupted: 'Oops, Your internet connection was disrupted',
  formDeleted: 'Payment form deleted',
  formDeactivated: 'Payment form deactivated: it has payments, so it is kept with its history',
  formDeleteBadRequest: 'Unable to delete, Ensure this member is not in any group',
  formDeleteFailed: 'Unable to delete, An error occurred, please try again',
  formCreated: 'Payment form created',
  formUpdated: 'Payment form updated',
  confirmDeleteTitle: 'Confirm delete',
  confirmDeleteText: 'Are you sure you want to proceed?',
  deleteCanceled: 'Delete canceled',
  contributionItemDeleted: 'Contribution item deleted',
  deleteFailed: 'Delete Failed',
  deleteNetworkError: 'Network Error, Please Ensure you have a strong internet connection',
  deleteTimeout: 'Request Delayed,Make sure you have a strong internet connection',
  gatewayLoadFailed: 'Please ensure you have a strong internet connection and reload the page',
  editLoadFailed: 'Network Error, Please ensure you have a strong internet connection',
  accountCheckSuccessful: 'Account Check Successful',
  checkBankDetails: 'Please check your banks details again',
  enterAccountNumber: 'Please enter your account number',
  subaccountConfirmed: 'Confirmed, The selected account is now in use',
  subaccountDeclined: 'Please enter another bank account details to enable Flutterwave subaccount integration',
  paymentLinkCopied: 'Payment link copied to your clipboard',
  noIncomeAccount: "You don't have an income account yet: open Chart of Accounts and click 'Update Account'",
} as const;

// ---------------------------------------------------------------- reference lists

/** GET /api/Financials/GetBanks item (spec §3 'Bank'): `code` is the code the providers use. */
export const ZBank = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type TBank = z.infer<typeof ZBank>;
/** GET /api/Financials/GetBanks: the banks of the church's country, by name (bare array). */
export const ZBankList = z.array(ZBank);

/** GET /api/Financials/GetPaymentGateways item (spec §3 'Payment gateway'). */
export const ZPaymentGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  countryCoverageArea: z.string(),
  isActive: z.boolean(),
  isSubAccountSupported: z.boolean(),
});
export type TPaymentGateway = z.infer<typeof ZPaymentGateway>;
/** GET /api/Financials/GetPaymentGateways: the active gateways (bare array). */
export const ZPaymentGatewayList = z.array(ZPaymentGateway);

// ---------------------------------------------------------------- account resolution

/** An account number as typed: digits only (spaces dropped), 6-20 of them. */
export const ZAccountNumber = z
  .string({ error: GIVING_MESSAGES.enterAccountNumber })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, GIVING_MESSAGES.enterAccountNumber)
      .regex(/^\d{6,20}$/, 'must be 6 to 20 digits (a Nigerian account number has 10)'),
  );

/** A bank code as the providers carry it ('058', '035A', '280100'). */
export const ZBankCode = z
  .string({ error: 'choose a bank' })
  .trim()
  .min(1, 'choose a bank')
  .max(20)
  .regex(/^[0-9A-Za-z-]+$/, 'is not a bank code');

/** GET /api/Financials/ResolveAccount?accountNumber=&bankCode= */
export const ZResolveAccountQuery = z.object({ accountNumber: ZAccountNumber, bankCode: ZBankCode });
export type TResolveAccountQuery = z.output<typeof ZResolveAccountQuery>;

/** The resolved account: the holder's name as the provider gives it, and which provider answered. */
export const ZResolvedAccount = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  provider: z.enum(['paystack', 'flutterwave']),
});
export type TResolvedAccount = z.infer<typeof ZResolvedAccount>;

/**
 * The answer: `accountName` at the top level too (the form reads it on blur), `response` 'Account
 * Check Successful'. A number that does not resolve is a 400 naming accountNumber with the
 * provider's message; providers that cannot be reached a 503.
 */
export const ZResolveAccountAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  accountName: z.string(),
  returnObject: ZResolvedAccount,
});

// ---------------------------------------------------------------- subaccounts

/** GET /api/PaymentForm/subaccounts[?accountNumber=] */
export const ZSubaccountsQuery = z.object({ accountNumber: ZAccountNumber.optional() });

/**
 * A Flutterwave subaccount as the existing client reads it (spec §7): `subaccount_id` and a
 * `meta` list whose first value is not null (the client filters on `meta[0].meta_value`).
 */
export const ZSubaccount = z.object({
  subaccount_id: z.string(),
  account_number: z.string(),
  account_bank: z.string(),
  business_name: z.string(),
  bank_name: z.string().nullable(),
  meta: z.array(z.object({ meta_name: z.string(), meta_value: z.string().nullable() })),
});
export type TSubaccount = z.infer<typeof ZSubaccount>;
export const ZSubaccountList = z.array(ZSubaccount);

// ---------------------------------------------------------------- payment forms: reads

/** GET /api/PaymentForm/GetAll?search= (the name or bank contains it, any case). */
export const ZPaymentFormListQuery = z.object({
  search: z.string().trim().max(200).optional(),
});

/** GET /api/PaymentForm/GetAll item: `bank` is the bank's name, `date` when it was created (ISO). */
export const ZPaymentFormListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  bank: z.string().nullable(),
  bankID: z.number().int().nullable(),
  date: z.string(),
  isActive: z.boolean(),
});
export type TPaymentFormListItem = z.infer<typeof ZPaymentFormListItem>;
/** GET /api/PaymentForm/GetAll: the church's forms, newest first (bare array). */
export const ZPaymentFormList = z.array(ZPaymentFormListItem);

/** ?paymentFormID= of GetOne and Delete. */
export const ZPaymentFormIdQuery = z.object({ paymentFormID: ZId });

/** A contribution item row of a form: `id` is the row's (DELETE .../contributionItem takes it). */
export const ZPaymentFormItem = z.object({
  id: z.uuid(),
  financialContributionID: z.uuid(),
  financialContribution: z.object({ id: z.uuid(), name: z.string() }),
});
export type TPaymentFormItem = z.infer<typeof ZPaymentFormItem>;

/** A gateway row of a form: `id` and `updateId` are the row's id; `subAccountID` the provider's subaccount. */
export const ZPaymentFormGateway = z.object({
  id: z.uuid(),
  paymentGateWayID: z.number().int(),
  paymentGateway: ZPaymentGateway,
  subAccountID: z.string().nullable(),
  updateId: z.uuid(),
});
export type TPaymentFormGateway = z.infer<typeof ZPaymentFormGateway>;

/**
 * GET /api/PaymentForm/GetOne?paymentFormID= (spec §3 'Payment form'; existing-client-api §3.1).
 * `paymentUrl` is `{PUBLIC_URL}/give/{id}`, `iframeUrl` `{PUBLIC_URL}/iframe/{id}`, and
 * `paymentUrlQRCode` a `data:image/png;base64,` QR code of `paymentUrl`.
 */
export const ZPaymentForm = z.object({
  id: z.uuid(),
  name: z.string(),
  bank: z.string().nullable(),
  bankID: z.number().int().nullable(),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  isActive: z.boolean(),
  date: z.string(),
  contributionItems: z.array(ZPaymentFormItem),
  paymentGateWays: z.array(ZPaymentFormGateway),
  paymentUrl: z.string(),
  iframeUrl: z.string(),
  paymentUrlQRCode: z.string(),
});
export type TPaymentForm = z.infer<typeof ZPaymentForm>;

// ---------------------------------------------------------------- payment forms: writes

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** A contribution item row sent: rows without an item are dropped (spec §5 'Only rows with a chosen contribution item'). */
export const ZPaymentFormItemInput = z.object({
  financialContributionID: ZOptionalId,
});

/** A gateway id as the client holds it (number, or numeric text). */
const ZGatewayId = z
  .union([z.number().int().min(1).max(1_000_000), z.string().regex(/^\d{1,7}$/, 'must be a payment gateway id')])
  .transform((v) => Number(v));

/** A gateway row sent: `subAccountID` empty means 'create one' for a gateway that supports subaccounts. */
export const ZPaymentFormGatewayInput = z.object({
  paymentGateWayID: ZGatewayId,
  subAccountID: z.string().trim().max(100).nullish().transform(blankToNull),
  /** the row's id as read (ignored: rows are matched by paymentGateWayID) */
  updateId: z.union([z.string().max(64), z.number()]).nullish(),
});

/**
 * POST /api/PaymentForm/newpaymentform body (existing-client-api §3.1). The bank account is
 * optional as a whole, but a number needs a bank: `bankCode` (or `bankID`) must be a known
 * bank of the church's country, and a Nigerian account number has 10 digits (checked by the
 * server, which knows the country). At least one contribution item is required.
 */
export const ZPaymentFormCreate = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  bankCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9A-Za-z-]*$/, 'is not a bank code')
    .nullish()
    .transform(blankToNull),
  bankID: z.number().int().min(1).max(1_000_000).nullish(),
  accountNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{0,20}$/, 'must be 6 to 20 digits (a Nigerian account number has 10)'))
    .nullish()
    .transform(blankToNull),
  accountName: z.string().trim().max(200).nullish().transform(blankToNull),
  isActive: z.boolean().optional(),
  contributionItems: z.array(ZPaymentFormItemInput).max(100).default([]),
  paymentGateWays: z.array(ZPaymentFormGatewayInput).max(10).default([]),
});
export type TPaymentFormCreate = z.output<typeof ZPaymentFormCreate>;
export type TPaymentFormCreateInput = z.input<typeof ZPaymentFormCreate>;

/**
 * PUT /api/PaymentForm/update body: the create body plus `id`, `removeContributionIDs` (row ids
 * or contribution item ids of the form) and `removePaymentGatewayIDs` (row ids or gateway ids).
 * Items and gateways sent are added (or kept); only the listed ones are removed. Ids of nothing
 * on the form are ignored, so a removal is safe to repeat.
 */
export const ZPaymentFormUpdate = ZPaymentFormCreate.extend({
  id: ZId,
  removeContributionIDs: z
    .array(z.string().max(64))
    .max(200)
    .nullish()
    .transform((v) => v ?? []),
  removePaymentGatewayIDs: z
    .array(z.union([z.string().max(64), z.number()]))
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
});
export type TPaymentFormUpdate = z.output<typeof ZPaymentFormUpdate>;
export type TPaymentFormUpdateInput = z.input<typeof ZPaymentFormUpdate>;

/** Create and update answer: the envelope, the form, and its `id` at the top level (the client reads `id`). */
export const ZPaymentFormSaved = z.object({
  status: z.literal(true),
  response: z.string(),
  id: z.uuid(),
  returnObject: ZPaymentForm,
});

/**
 * DELETE /api/PaymentForm/Delete answer: a form with payments (or used by an event
 * registration) is deactivated instead (`deleted` false, `deactivated` true): its history stays.
 */
export const ZPaymentFormDeleted = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: z.object({ id: z.uuid(), deleted: z.boolean(), deactivated: z.boolean() }),
});

/** DELETE /mobile/v1/PaymentForm/contributionItem?contributionItemID= (the form item row's id). */
export const ZPaymentFormItemDeleteQuery = z.object({ contributionItemID: ZId });
export const ZPaymentFormItemDeleted = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: z.object({ id: z.uuid(), paymentFormID: z.uuid() }),
});

/** A provider could not be reached (503): the envelope with status false; nothing was written. */
export const ZProviderUnavailable = ZErrorEnvelope;
