/**
 * The seam between giving (payment forms, donations) and the card payment providers (issue 10
 * 'Providers, real on the wire'). Giving speaks only to this interface; `paystack.ts` and
 * `flutterwave.ts` implement it against the providers' documented REST APIs, and the local
 * sandbox (`sandbox/`) answers those same APIs offline.
 *
 * Amounts here are always integer minor units (kobo, pesewas, cents) with an ISO 4217 code;
 * each adapter converts to what its provider expects (Paystack: minor units; Flutterwave:
 * major units as a decimal number) and back.
 */

/** The two providers Steward supports; the lower-case name used in references, logs and rows. */
export type ProviderName = 'paystack' | 'flutterwave';

/** A bank as a provider lists it (GET /bank, GET /v3/banks/{country}). */
export interface ProviderBank {
  /** the provider's bank code (the code used for account resolution and subaccounts) */
  code: string;
  name: string;
}

/** A settlement subaccount (Paystack `subaccount_code`, Flutterwave `subaccount_id`). */
export interface ProviderSubaccount {
  /** the provider's id for it: sent with each initialise so the money settles to the church */
  id: string;
  accountNumber: string;
  bankCode: string;
  businessName: string;
  /** the bank's name as the provider gives it (Paystack lists subaccounts by bank name), when it gives one */
  bankName?: string;
  /** Flutterwave's `meta` list (`meta_name`/`meta_value`), as the existing client reads it; absent for Paystack */
  meta?: { name: string; value: string | null }[];
}

/** What Steward asks a provider to collect. */
export interface InitializeRequest {
  /** Steward's reference: unique over all payments, the provider's `reference` / `tx_ref` */
  reference: string;
  amountMinor: bigint;
  /** ISO 4217, e.g. 'NGN' */
  currency: string;
  email: string;
  name?: string;
  phone?: string;
  /** where the provider sends the payer back after checkout */
  callbackUrl: string;
  /** the church's settlement subaccount, when the form has one for this provider */
  subaccountId?: string;
  /** free-form metadata echoed back by the provider (no personal data beyond the payer's own) */
  metadata?: Record<string, string>;
  /**
   * The name the checkout shows (the church's name): Flutterwave `customizations.title`. Paystack
   * shows its account's (or the subaccount's) business name and takes no title.
   */
  merchantName?: string;
  /** an absolute URL of the church's logo for the checkout (Flutterwave `customizations.logo`) */
  logoUrl?: string;
}

export interface InitializeResult {
  /** the hosted checkout page to open */
  authorizationUrl: string;
  /** the provider's own id for the attempt, when it gives one at initialise (Paystack access_code) */
  providerId?: string;
}

/**
 * The provider's word on a payment (verify). `status` is normalised:
 * - 'success': the money was taken;
 * - 'failed': declined or errored, final;
 * - 'abandoned': the payer left the checkout (Paystack 'abandoned'; Flutterwave 'cancelled');
 * - 'pending': not finished yet (ongoing, pending, processing, queued).
 */
export interface VerifiedPayment {
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  /** Steward's reference, as the provider echoes it */
  reference: string;
  amountMinor: bigint;
  currency: string;
  /** the provider's fee in minor units, when the verify answer gives one */
  feeMinor: bigint | null;
  /** the provider's transaction id (Paystack `id`, Flutterwave `id`) */
  providerTransactionId: string;
  /** when the provider says it was paid (ISO timestamp), if it says */
  paidAt: string | null;
  /**
   * True when the provider says the money was given back (Paystack `reversed`, Flutterwave
   * `refunded`/`reversed`): `status` is then 'failed'. Absent otherwise.
   */
  refunded?: boolean;
  /**
   * The settlement subaccount the payment was split to: Paystack `data.subaccount.subaccount_code`;
   * null when none or not said. Flutterwave's verify names no subaccount, so its adapter leaves this
   * absent (a Flutterwave transaction Steward did not start cannot be tied to a church: POST /donated
   * refuses it).
   */
  subaccountId?: string | null;
}

/** What Steward asks a provider to give back (a payment it cannot keep: issue 12). */
export interface RefundRequest {
  /** Steward's reference of the payment (Paystack accepts it as `transaction`) */
  reference: string;
  /** the provider's transaction id when known (Flutterwave refunds by id; found by verify otherwise) */
  providerTransactionId?: string | null;
  /** part of the payment to give back, minor units; omitted: all of it */
  amountMinor?: bigint;
  /** ISO 4217 of `amountMinor` (needed with it) */
  currency?: string;
  /** why, for the provider's records (Paystack `merchant_note`, Flutterwave `comments`); no personal data */
  note?: string;
}

/** The provider's answer to a refund: accepted (queued or done). */
export interface RefundResult {
  /** the provider's id of the refund */
  refundId: string;
  /** 'pending' while the provider processes it (Paystack queues refunds), 'processed' when done */
  status: 'pending' | 'processed';
  /** the amount the provider says it gives back, minor units, when it says */
  amountMinor: bigint | null;
}

/** A webhook as received: the raw body bytes and the lower-cased headers. */
export interface IncomingWebhook {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a verified webhook says, before Steward asks the provider itself (a webhook is a hint:
 * nothing is posted on its word alone; giving verifies by reference first).
 */
export interface WebhookEvent {
  /** e.g. 'charge.success' (Paystack), 'charge.completed' (Flutterwave) */
  event: string;
  /** Steward's reference carried by the event, or null when it carries none */
  reference: string | null;
  /** the provider's transaction id, when present (Flutterwave verify needs it) */
  providerTransactionId: string | null;
  /**
   * The status word the event carries ('success', 'successful', 'failed', ...), for logs only:
   * a webhook may be stale or replayed, so only verify decides.
   */
  status?: string | null;
}

/**
 * A provider's failure, normalised. `kind`:
 * - 'invalid': the provider refused the request itself (4xx other than 401/429: bad account
 *   number, unknown bank, invalid amount): show `message` to the user, do not retry;
 * - 'unauthorised': the secret key was refused (401): a configuration error;
 * - 'unavailable': timeout, network error, 429 or 5xx: temporary, may be retried;
 * - 'not_found': no such transaction or reference (verify).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: 'invalid' | 'unauthorised' | 'unavailable' | 'not_found',
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** One provider's API as Steward uses it. Every method throws ProviderError on failure. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Paystack POST /transaction/initialize; Flutterwave POST /v3/payments */
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  /**
   * Paystack GET /transaction/verify/{reference}; Flutterwave GET
   * /v3/transactions/verify_by_reference?tx_ref= (or /v3/transactions/{id}/verify when the
   * provider's transaction id is known). Throws ProviderError 'not_found' for an unknown reference.
   */
  verify(reference: string, providerTransactionId?: string): Promise<VerifiedPayment>;
  /**
   * Gives a successful payment's money back to the payer (all of it unless `amountMinor`):
   * Paystack POST /refund {transaction, amount?}; Flutterwave POST /v3/transactions/{id}/refund
   * {amount?} (the id found by verify when not given). Throws ProviderError: 'invalid' when the
   * provider refuses (not paid, already refunded, balance too low: its message), 'not_found' for
   * an unknown transaction, 'unavailable' / 'unauthorised' as for every call.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Paystack GET /bank?country=; Flutterwave GET /v3/banks/{country}. `country` is ISO 3166 alpha-2. */
  listBanks(country: string): Promise<ProviderBank[]>;
  /**
   * Paystack GET /bank/resolve?account_number=&bank_code=; Flutterwave POST /v3/accounts/resolve.
   * Returns the account holder's name; throws ProviderError 'invalid' when it does not resolve.
   */
  resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }>;
  /** Paystack POST /subaccount; Flutterwave POST /v3/subaccounts. */
  createSubaccount(input: {
    businessName: string;
    bankCode: string;
    accountNumber: string;
    /** the share the provider keeps for the platform, percent (0 for Steward) */
    percentageCharge: number;
    /** ISO 3166 alpha-2 of the bank (Flutterwave `country`); default 'NG' */
    country?: string;
    /** the church's phone (Flutterwave `business_mobile`) and e-mail (`business_email`), when known */
    businessMobile?: string;
    businessEmail?: string;
  }): Promise<ProviderSubaccount>;
  /**
   * Paystack GET /subaccount; Flutterwave GET /v3/subaccounts (first page is enough here).
   * `filter.accountNumber` keeps only that account's subaccounts (Flutterwave filters on its side).
   */
  listSubaccounts(filter?: { accountNumber?: string }): Promise<ProviderSubaccount[]>;
  /**
   * Checks a webhook's signature in constant time (Paystack `x-paystack-signature`: hex
   * HMAC-SHA512 of the raw body keyed with the secret key; Flutterwave `verif-hash` equal to
   * the secret hash, and `flutterwave-signature`, base64 HMAC-SHA256 of the raw body, where
   * present). Returns the parsed event, or null when the signature is missing or wrong (the
   * caller answers 401 and writes nothing).
   */
  parseWebhook(webhook: IncomingWebhook): WebhookEvent | null;
}

/** Both providers, as opened from configuration (`runtime.ts`). */
export interface PaymentProviders {
  paystack: PaymentProvider;
  flutterwave: PaymentProvider;
}
