/**
 * The Flutterwave (v3) adapter of PaymentProvider (issue 10 'Providers, real on the wire').
 *
 * Flutterwave's v3 REST API (developer.flutterwave.com), JSON in and out, `Authorization: Bearer
 * <secret key>`, every answer `{status: 'success'|'error', message, data}`:
 * - POST /v3/payments {tx_ref, amount (MAJOR units, a JSON number), currency, redirect_url,
 *   customer {email, name?, phonenumber?}, subaccounts? [{id}], meta?, customizations?} -> data {link}
 * - GET  /v3/transactions/{id}/verify and /v3/transactions/verify_by_reference?tx_ref= -> data
 *   {id, tx_ref, status successful|failed|cancelled|pending, amount (major), currency, app_fee
 *   (major), created_at, ...}; an unknown one answers 'No transaction was found for this id'.
 *   A transaction exists only once the payer has started paying on the checkout: before that,
 *   verify_by_reference answers not found.
 * - GET  /v3/banks/{country} (NG, GH, ...) -> data [{id, code, name}]
 * - POST /v3/accounts/resolve {account_number, account_bank} -> data {account_number, account_name}
 * - POST /v3/subaccounts {account_bank, account_number, business_name, country, split_type,
 *   split_value (a fraction: 0.5 = 50%), business_mobile?, business_email?} -> data {id,
 *   subaccount_id, account_number, account_bank, bank_name, full_name, meta}
 * - GET  /v3/subaccounts?page=&account_number= -> data [...], meta.page_info {current_page, total_pages}
 * - webhooks: header `verif-hash` equal to the dashboard's secret hash, and (newer accounts)
 *   `flutterwave-signature` = base64 HMAC-SHA256 of the raw body keyed with the secret hash; body
 *   {event: 'charge.completed', data: {id, tx_ref, status, amount, currency, ...}}.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Decimal from 'decimal.js';
import { jsonWithNumber, majorToMinorExact, majorToMinorRounded, minorToMajorJsonText } from './amounts.ts';
import { headerValue, idText, isRecord, ProviderApi, unreadable, type ProviderHttpOptions } from './http.ts';
import {
  ProviderError,
  type IncomingWebhook,
  type InitializeRequest,
  type InitializeResult,
  type PaymentProvider,
  type ProviderBank,
  type ProviderSubaccount,
  type RefundRequest,
  type RefundResult,
  type VerifiedPayment,
  type WebhookEvent,
} from './provider.ts';

export const FLUTTERWAVE_DEFAULT_BASE_URL = 'https://api.flutterwave.com';

function normaliseStatus(status: string): VerifiedPayment['status'] {
  switch (status.toLowerCase()) {
    case 'successful':
    case 'success':
    case 'succeeded':
      return 'success';
    case 'failed':
      return 'failed';
    case 'cancelled':
    case 'canceled':
      return 'abandoned';
    case 'refunded':
    case 'reversed':
      // the money was given back (a refund): not a payment Steward holds
      return 'failed';
    default:
      return 'pending';
  }
}

/** The base64 HMAC-SHA256 of `rawBody` keyed with `secretHash`: Flutterwave's `flutterwave-signature`. */
export function flutterwaveSignature(rawBody: Buffer | string, secretHash: string): string {
  return createHmac('sha256', secretHash).update(rawBody).digest('base64');
}

/** Constant-time equality of two texts of any length (compares their SHA-256 digests). */
function sameText(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/**
 * True when the webhook's headers prove it came from Flutterwave: at least one of `verif-hash`
 * (equal to the secret hash) and `flutterwave-signature` (base64 HMAC-SHA256 of the raw body with
 * the secret hash) is present, and every one present is right. Compared in constant time. False
 * when no secret hash is configured.
 */
export function verifyFlutterwaveWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secretHash: string,
): boolean {
  if (!secretHash) return false;
  const verifHash = headerValue(headers, 'verif-hash');
  const signature = headerValue(headers, 'flutterwave-signature');
  if (!verifHash && !signature) return false;
  if (verifHash && !sameText(verifHash, secretHash)) return false;
  if (signature) {
    const expected = Buffer.from(flutterwaveSignature(rawBody, secretHash), 'base64');
    const given = Buffer.from(signature.trim(), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  }
  return true;
}

export interface FlutterwaveOptions extends ProviderHttpOptions {
  /** default https://api.flutterwave.com ('/v3' is added here; a base URL ending in /v3 is accepted) */
  baseUrl: string;
  /** the dashboard's webhook secret hash; without it every webhook is refused */
  secretHash?: string;
}

/**
 * Flutterwave as a PaymentProvider. Every method throws ProviderError (see `http.ts` failureOf for
 * the mapping of HTTP answers); nothing is logged.
 */
export class FlutterwaveProvider implements PaymentProvider {
  readonly name = 'flutterwave' as const;
  private readonly api: ProviderApi;
  private readonly secretHash: string;

  constructor(options: FlutterwaveOptions) {
    this.api = new ProviderApi(
      'flutterwave',
      { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '').replace(/\/v3$/, '') },
      { pathPrefix: '/v3', refused: (body) => body.status !== 'success', requireData: false },
    );
    this.secretHash = options.secretHash ?? '';
  }

  private call(method: 'GET' | 'POST', path: string, rawJson?: string, verify = false): Promise<unknown> {
    return this.api.call(method, path, rawJson, verify);
  }

  /**
   * POST /v3/payments. The amount goes in major units as the exact decimal text of a JSON number
   * (123456n NGN -> 1234.56). Answers the hosted payment link.
   */
  async initialize(request: InitializeRequest): Promise<InitializeResult> {
    if (request.amountMinor <= 0n)
      throw new ProviderError('flutterwave', 'invalid', 'The amount must be more than zero');
    const currency = request.currency.toUpperCase();
    const customizations = {
      ...(request.merchantName ? { title: request.merchantName } : {}),
      ...(request.logoUrl ? { logo: request.logoUrl } : {}),
    };
    const body = jsonWithNumber(
      {
        tx_ref: request.reference,
        currency,
        redirect_url: request.callbackUrl,
        customer: {
          email: request.email,
          ...(request.name ? { name: request.name } : {}),
          ...(request.phone ? { phonenumber: request.phone } : {}),
        },
        ...(request.subaccountId ? { subaccounts: [{ id: request.subaccountId }] } : {}),
        ...(request.metadata ? { meta: request.metadata } : {}),
        ...(Object.keys(customizations).length ? { customizations } : {}),
      },
      'amount',
      minorToMajorJsonText(request.amountMinor, currency),
    );
    const data = await this.call('POST', '/payments', body);
    if (!isRecord(data) || typeof data.link !== 'string') throw unreadable('flutterwave', 'a payment link');
    return { authorizationUrl: data.link };
  }

  /**
   * GET /v3/transactions/{id}/verify when `providerTransactionId` is known, else
   * GET /v3/transactions/verify_by_reference?tx_ref=. Amount and app_fee are converted from major
   * units exactly ('not_found' before the payer has started paying: see the file's note).
   */
  async verify(reference: string, providerTransactionId?: string): Promise<VerifiedPayment> {
    const path = providerTransactionId
      ? `/transactions/${encodeURIComponent(providerTransactionId)}/verify`
      : `/transactions/verify_by_reference?${new URLSearchParams({ tx_ref: reference }).toString()}`;
    const data = await this.call('GET', path, undefined, true);
    if (!isRecord(data)) throw unreadable('flutterwave', 'the transaction');
    const id = idText(data.id);
    const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : '';
    let amountMinor: bigint | null;
    let feeMinor: bigint | null;
    try {
      amountMinor = majorToMinorExact(data.amount, currency);
      feeMinor =
        data.app_fee === undefined || data.app_fee === null ? null : majorToMinorRounded(data.app_fee, currency);
    } catch {
      throw unreadable('flutterwave', 'a known currency');
    }
    if (typeof data.status !== 'string' || amountMinor === null || id === null) {
      throw unreadable('flutterwave', 'the transaction status, an exact amount and an id');
    }
    const status = normaliseStatus(data.status);
    return {
      status,
      reference: typeof data.tx_ref === 'string' ? data.tx_ref : reference,
      amountMinor,
      currency,
      feeMinor,
      providerTransactionId: id,
      paidAt: status === 'success' && typeof data.created_at === 'string' ? data.created_at : null,
      ...(/^(refunded|reversed)$/i.test(data.status) ? { refunded: true } : {}),
    };
  }

  /**
   * POST /v3/transactions/{id}/refund {amount? (MAJOR units, an exact JSON number), comments?}.
   * Flutterwave refunds by its transaction id: when it is not given, verify_by_reference finds
   * it. Answers data {id, tx_id, flw_ref, amount_refunded (major), status 'completed' |
   * 'pending', ...} ('Transaction refund initiated').
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.amountMinor !== undefined && (request.amountMinor <= 0n || !request.currency))
      throw new ProviderError('flutterwave', 'invalid', 'A refund amount must be more than zero, with its currency');
    const id = request.providerTransactionId || (await this.verify(request.reference)).providerTransactionId;
    const base = request.note ? { comments: request.note } : {};
    const body =
      request.amountMinor !== undefined && request.currency
        ? jsonWithNumber(base, 'amount', minorToMajorJsonText(request.amountMinor, request.currency.toUpperCase()))
        : JSON.stringify(base);
    const data = await this.call('POST', `/transactions/${encodeURIComponent(id)}/refund`, body, true);
    const refundId = isRecord(data) ? idText(data.id) : null;
    if (!isRecord(data) || refundId === null) throw unreadable('flutterwave', 'the refund id');
    const currency = (request.currency ?? 'NGN').toUpperCase();
    let amountMinor: bigint | null;
    try {
      amountMinor = data.amount_refunded === undefined ? null : majorToMinorExact(data.amount_refunded, currency);
    } catch {
      // an amount Steward cannot read exactly: the refund was taken all the same
      amountMinor = null;
    }
    const status = typeof data.status === 'string' ? data.status.toLowerCase() : '';
    return { refundId, status: status === 'completed' ? 'processed' : 'pending', amountMinor };
  }

  /** GET /v3/banks/{country} (ISO 3166 alpha-2, e.g. NG, GH). */
  async listBanks(country: string): Promise<ProviderBank[]> {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw new ProviderError('flutterwave', 'invalid', `Unknown country code: ${country}`);
    const data = await this.call('GET', `/banks/${code}`);
    if (!Array.isArray(data)) throw unreadable('flutterwave', 'a list of banks');
    const banks: ProviderBank[] = [];
    for (const b of data) {
      const bankCode = isRecord(b) ? idText(b.code) : null;
      if (isRecord(b) && bankCode && typeof b.name === 'string') banks.push({ code: bankCode, name: b.name });
    }
    return banks;
  }

  /** POST /v3/accounts/resolve: the account holder's name; 'invalid' (Flutterwave's message) when it does not resolve. */
  async resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }> {
    const data = await this.call(
      'POST',
      '/accounts/resolve',
      JSON.stringify({ account_number: accountNumber, account_bank: bankCode }),
    );
    if (!isRecord(data) || typeof data.account_name !== 'string' || !data.account_name.trim()) {
      throw unreadable('flutterwave', 'an account_name');
    }
    return { accountName: data.account_name.trim() };
  }

  /**
   * POST /v3/subaccounts with split_type 'percentage' and split_value the share as a fraction
   * (percentageCharge 2.5 -> 0.025, written exactly). Flutterwave refuses a second subaccount for
   * the same account ('invalid' with its message).
   */
  async createSubaccount(input: {
    businessName: string;
    bankCode: string;
    accountNumber: string;
    percentageCharge: number;
    country?: string;
    businessMobile?: string;
    businessEmail?: string;
  }): Promise<ProviderSubaccount> {
    if (!Number.isFinite(input.percentageCharge) || input.percentageCharge < 0 || input.percentageCharge > 100) {
      throw new ProviderError('flutterwave', 'invalid', 'The percentage charge must be between 0 and 100');
    }
    const splitValue = new Decimal(String(input.percentageCharge)).div(100).toFixed();
    const body = jsonWithNumber(
      {
        account_bank: input.bankCode,
        account_number: input.accountNumber,
        business_name: input.businessName,
        country: (input.country ?? 'NG').toUpperCase(),
        split_type: 'percentage',
        ...(input.businessMobile ? { business_mobile: input.businessMobile } : {}),
        ...(input.businessEmail ? { business_email: input.businessEmail } : {}),
      },
      'split_value',
      splitValue,
    );
    const sub = subaccountOf(await this.call('POST', '/subaccounts', body));
    if (!sub) throw unreadable('flutterwave', 'a subaccount_id');
    return sub;
  }

  /** GET /v3/subaccounts (every page, at most 20), filtered by account number on Flutterwave's side when given. */
  async listSubaccounts(filter: { accountNumber?: string } = {}): Promise<ProviderSubaccount[]> {
    const out: ProviderSubaccount[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const query = new URLSearchParams({ page: String(page) });
      if (filter.accountNumber) query.set('account_number', filter.accountNumber);
      const answer = await this.api.send('GET', `/subaccounts?${query.toString()}`);
      const data = this.api.dataOf(answer);
      if (!Array.isArray(data)) throw unreadable('flutterwave', 'a list of subaccounts');
      for (const item of data) {
        const sub = subaccountOf(item);
        if (sub && (!filter.accountNumber || sub.accountNumber === filter.accountNumber)) out.push(sub);
      }
      const meta = isRecord(answer.body) && isRecord(answer.body.meta) ? answer.body.meta.page_info : null;
      const totalPages = isRecord(meta) ? Number(meta.total_pages) : NaN;
      if (data.length === 0 || !Number.isFinite(totalPages) || page >= totalPages) break;
    }
    return out;
  }

  /**
   * Checks `verif-hash` and `flutterwave-signature` (verifyFlutterwaveWebhook) and answers the event,
   * its tx_ref and transaction id, or null when unsigned, wrongly signed or not an event.
   */
  parseWebhook(webhook: IncomingWebhook): WebhookEvent | null {
    if (!verifyFlutterwaveWebhook(webhook.rawBody, webhook.headers, this.secretHash)) return null;
    let body: unknown;
    try {
      body = JSON.parse(webhook.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(body)) return null;
    const event = typeof body.event === 'string' ? body.event : typeof body.type === 'string' ? body.type : null;
    if (!event) return null;
    const data = isRecord(body.data) ? body.data : {};
    const ref = data.tx_ref ?? data.txRef ?? data.reference;
    return {
      event,
      reference: typeof ref === 'string' && ref ? ref : null,
      providerTransactionId: idText(data.id),
      status: typeof data.status === 'string' ? data.status : null,
    };
  }
}

function subaccountOf(v: unknown): ProviderSubaccount | null {
  if (!isRecord(v) || typeof v.subaccount_id !== 'string') return null;
  const meta = Array.isArray(v.meta)
    ? v.meta.filter(isRecord).map((m) => ({
        name: typeof m.meta_name === 'string' ? m.meta_name : '',
        value: typeof m.meta_value === 'string' ? m.meta_value : m.meta_value == null ? null : String(m.meta_value),
      }))
    : [];
  const name =
    typeof v.business_name === 'string' ? v.business_name : typeof v.full_name === 'string' ? v.full_name : '';
  return {
    id: v.subaccount_id,
    accountNumber: idText(v.account_number) ?? '',
    bankCode: idText(v.account_bank) ?? '',
    businessName: name,
    ...(typeof v.bank_name === 'string' ? { bankName: v.bank_name } : {}),
    meta,
  };
}
