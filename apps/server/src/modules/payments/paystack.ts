/**
 * The Paystack adapter of PaymentProvider (issue 10 'Providers, real on the wire').
 *
 * Paystack's REST API (paystack.com/docs/api), JSON in and out, `Authorization: Bearer <secret
 * key>`, every answer `{status: true|false, message, data}`:
 * - POST /transaction/initialize {email, amount (minor units, as text), currency, reference,
 *   callback_url, subaccount?, metadata?} -> data {authorization_url, access_code, reference}
 * - GET  /transaction/verify/{reference} -> data {id, status, reference, amount (minor units),
 *   currency, fees (minor units), paid_at, gateway_response, subaccount {subaccount_code, ...} (the
 *   split's subaccount; {} when none), ...}; an unknown reference answers
 *   4xx 'Transaction reference not found'. Note: a transaction that was initialised but not
 *   completed verifies as 'abandoned' (Paystack's word for "not completed yet"), and may still
 *   succeed later if the payer returns to the checkout.
 * - GET  /bank?country=nigeria|ghana|kenya|south africa&perPage=100&use_cursor=true (cursor
 *   pages: meta.next) -> data [{name, code, ...}]
 * - GET  /bank/resolve?account_number=&bank_code= -> data {account_name, account_number}
 * - POST /subaccount {business_name, settlement_bank (bank code), account_number,
 *   percentage_charge} -> data {subaccount_code, settlement_bank (bank NAME), account_number, ...}
 * - GET  /subaccount?perPage=&page= -> data [...], meta {page, pageCount}
 * - webhooks: `x-paystack-signature` = hex HMAC-SHA512 of the raw body keyed with the secret key;
 *   body {event: 'charge.success', data: {reference, id, status, ...}}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorFromJson } from './amounts.ts';
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

export const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co';

/** Paystack's `country` values for GET /bank (its documented list), by ISO 3166 alpha-2. */
const PAYSTACK_COUNTRIES: Record<string, string> = {
  NG: 'nigeria',
  GH: 'ghana',
  KE: 'kenya',
  ZA: 'south africa',
  CI: "côte d'ivoire",
  EG: 'egypt',
  RW: 'rwanda',
};

/** Paystack's transaction statuses, normalised (anything unknown is treated as not finished). */
function normaliseStatus(status: string): VerifiedPayment['status'] {
  switch (status.toLowerCase()) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      // ongoing, pending, processing, queued
      return 'pending';
  }
}

/** The hex HMAC-SHA512 of `rawBody` keyed with `secretKey`: Paystack's `x-paystack-signature`. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/**
 * True when `signature` is the hex HMAC-SHA512 of `rawBody` with `secretKey`, compared in constant
 * time (equal-length buffers; a signature of another length is simply wrong).
 */
export function verifyPaystackSignature(rawBody: Buffer, signature: string, secretKey: string): boolean {
  if (!secretKey || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), 'hex');
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface PaystackOptions extends ProviderHttpOptions {
  /** default https://api.paystack.co */
  baseUrl: string;
}

/**
 * Paystack as a PaymentProvider. Every method throws ProviderError (see `http.ts` failureOf for the
 * mapping of HTTP answers); nothing is logged.
 */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  private readonly api: ProviderApi;
  private bankNames: { at: number; byName: Map<string, string> } | null = null;

  constructor(options: PaystackOptions) {
    this.api = new ProviderApi('paystack', options, {
      pathPrefix: '',
      refused: (body) => body.status === false,
      requireData: true,
    });
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown, verify = false): Promise<unknown> {
    return this.api.call(method, path, body === undefined ? undefined : JSON.stringify(body), verify);
  }

  /**
   * POST /transaction/initialize. The amount goes as the integer text of its minor units (kobo),
   * the reference as Steward's own. Answers the hosted checkout URL and the access code.
   */
  async initialize(request: InitializeRequest): Promise<InitializeResult> {
    if (request.amountMinor <= 0n) throw new ProviderError('paystack', 'invalid', 'The amount must be more than zero');
    const data = await this.call('POST', '/transaction/initialize', {
      email: request.email,
      amount: request.amountMinor.toString(),
      currency: request.currency.toUpperCase(),
      reference: request.reference,
      callback_url: request.callbackUrl,
      ...(request.subaccountId ? { subaccount: request.subaccountId } : {}),
      ...(request.metadata ? { metadata: request.metadata } : {}),
    });
    if (!isRecord(data) || typeof data.authorization_url !== 'string')
      throw unreadable('paystack', 'an authorization_url');
    return {
      authorizationUrl: data.authorization_url,
      ...(typeof data.access_code === 'string' ? { providerId: data.access_code } : {}),
    };
  }

  /**
   * GET /transaction/verify/{reference}: the transaction's status (normalised), its amount and fee
   * in minor units, currency, id, paid_at and the settlement subaccount it was split to
   * (`data.subaccount.subaccount_code`, null when none). `providerTransactionId` is not needed by Paystack.
   */
  async verify(reference: string): Promise<VerifiedPayment> {
    const data = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, true);
    if (!isRecord(data)) throw unreadable('paystack', 'the transaction');
    const amountMinor = minorFromJson(data.amount);
    const id = idText(data.id);
    if (typeof data.status !== 'string' || amountMinor === null || typeof data.currency !== 'string' || id === null) {
      throw unreadable('paystack', 'the transaction status, amount, currency and id');
    }
    const paidAt = data.paid_at ?? data.paidAt;
    // a split payment names its subaccount; otherwise `subaccount` is {} or {currency: null, ...}
    const sub = isRecord(data.subaccount) ? data.subaccount.subaccount_code : null;
    return {
      status: normaliseStatus(data.status),
      reference: typeof data.reference === 'string' ? data.reference : reference,
      amountMinor,
      currency: data.currency.toUpperCase(),
      feeMinor: minorFromJson(data.fees),
      providerTransactionId: id,
      paidAt: typeof paidAt === 'string' && paidAt ? paidAt : null,
      subaccountId: typeof sub === 'string' && sub ? sub : null,
      ...(data.status.toLowerCase() === 'reversed' ? { refunded: true } : {}),
    };
  }

  /**
   * POST /refund {transaction: the provider's id when known, else Steward's reference; amount?
   * (minor units, integer); merchant_note?}. Paystack queues refunds: data {id, status 'pending'
   * | 'processing' | 'processed', amount, transaction {...}} ('Refund has been queued for
   * processing'); afterwards the transaction verifies as 'reversed'.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.amountMinor !== undefined && request.amountMinor <= 0n)
      throw new ProviderError('paystack', 'invalid', 'The refund amount must be more than zero');
    const data = await this.call('POST', '/refund', {
      transaction: request.providerTransactionId || request.reference,
      ...(request.amountMinor !== undefined ? { amount: request.amountMinor.toString() } : {}),
      ...(request.currency ? { currency: request.currency.toUpperCase() } : {}),
      ...(request.note ? { merchant_note: request.note } : {}),
    });
    const id = isRecord(data) ? idText(data.id) : null;
    if (!isRecord(data) || id === null) throw unreadable('paystack', 'the refund id');
    const status = typeof data.status === 'string' ? data.status.toLowerCase() : '';
    return {
      refundId: id,
      status: status === 'processed' ? 'processed' : 'pending',
      amountMinor: minorFromJson(data.amount),
    };
  }

  /**
   * GET /bank?country=<Paystack's country name> (NG nigeria, GH ghana, KE kenya, ZA south africa,
   * CI, EG, RW), following cursor pages (at most 20); 'invalid' for another country.
   */
  async listBanks(country: string): Promise<ProviderBank[]> {
    const code = country.trim().toUpperCase();
    const name = PAYSTACK_COUNTRIES[code];
    if (!name) throw new ProviderError('paystack', 'invalid', `Paystack lists no banks for the country ${code}`);
    const banks: ProviderBank[] = [];
    let next: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const query = new URLSearchParams({ country: name, perPage: '100', use_cursor: 'true' });
      if (next) query.set('next', next);
      const answer = await this.api.send('GET', `/bank?${query.toString()}`);
      const data = this.api.dataOf(answer);
      if (!Array.isArray(data)) throw unreadable('paystack', 'a list of banks');
      for (const b of data) {
        const bankCode = isRecord(b) ? idText(b.code) : null;
        if (isRecord(b) && bankCode && typeof b.name === 'string') banks.push({ code: bankCode, name: b.name });
      }
      const meta = isRecord(answer.body) ? answer.body.meta : null;
      next = isRecord(meta) && typeof meta.next === 'string' && meta.next ? meta.next : null;
      if (!next) break;
    }
    return banks;
  }

  /** GET /bank/resolve: the account holder's name; 'invalid' (Paystack's message) when it does not resolve. */
  async resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const data = await this.call('GET', `/bank/resolve?${query.toString()}`);
    if (!isRecord(data) || typeof data.account_name !== 'string' || !data.account_name.trim()) {
      throw unreadable('paystack', 'an account_name');
    }
    return { accountName: data.account_name.trim() };
  }

  /** POST /subaccount (settlement_bank is the bank code; Paystack answers the bank's name in it). */
  async createSubaccount(input: {
    businessName: string;
    bankCode: string;
    accountNumber: string;
    percentageCharge: number;
  }): Promise<ProviderSubaccount> {
    const data = await this.call('POST', '/subaccount', {
      business_name: input.businessName,
      settlement_bank: input.bankCode,
      account_number: input.accountNumber,
      percentage_charge: input.percentageCharge,
    });
    const sub = this.subaccountOf(data, input.bankCode);
    if (!sub) throw unreadable('paystack', 'a subaccount_code');
    return sub;
  }

  /**
   * GET /subaccount, every page (at most 20 of 100). Paystack gives the settlement bank by name;
   * the code is found from its bank lists (Nigeria and Ghana, fetched once an hour), '' if unknown.
   */
  async listSubaccounts(filter: { accountNumber?: string } = {}): Promise<ProviderSubaccount[]> {
    const out: ProviderSubaccount[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const answer = await this.api.send('GET', `/subaccount?perPage=100&page=${page}`);
      const data = this.api.dataOf(answer);
      if (!Array.isArray(data)) throw unreadable('paystack', 'a list of subaccounts');
      for (const item of data) {
        const sub = this.subaccountOf(item, null);
        if (sub && (!filter.accountNumber || sub.accountNumber === filter.accountNumber)) out.push(sub);
      }
      const meta = isRecord(answer.body) ? answer.body.meta : null;
      const pageCount = isRecord(meta) ? Number(meta.pageCount) : NaN;
      if (data.length === 0 || !Number.isFinite(pageCount) || page >= pageCount) break;
    }
    if (out.some((s) => s.bankCode === '' && s.bankName)) {
      const byName = await this.bankCodesByName();
      for (const s of out) if (s.bankCode === '' && s.bankName) s.bankCode = byName.get(s.bankName.toLowerCase()) ?? '';
    }
    return out;
  }

  private subaccountOf(v: unknown, bankCode: string | null): ProviderSubaccount | null {
    if (!isRecord(v) || typeof v.subaccount_code !== 'string') return null;
    const bank = idText(v.settlement_bank) ?? '';
    const isCode = /^\d+$/.test(bank);
    return {
      id: v.subaccount_code,
      accountNumber: idText(v.account_number) ?? '',
      bankCode: bankCode ?? (isCode ? bank : ''),
      businessName: typeof v.business_name === 'string' ? v.business_name : '',
      ...(bank && !isCode ? { bankName: bank } : {}),
    };
  }

  private async bankCodesByName(): Promise<Map<string, string>> {
    if (this.bankNames && Date.now() - this.bankNames.at < 3_600_000) return this.bankNames.byName;
    const byName = new Map<string, string>();
    for (const country of ['NG', 'GH']) {
      // a bank list Paystack cannot give leaves those codes '' rather than failing the subaccount list
      const banks = await this.listBanks(country).catch((): ProviderBank[] => []);
      for (const b of banks) if (!byName.has(b.name.toLowerCase())) byName.set(b.name.toLowerCase(), b.code);
    }
    this.bankNames = { at: Date.now(), byName };
    return byName;
  }

  /**
   * Checks `x-paystack-signature` (hex HMAC-SHA512 of the raw body with the secret key) in constant
   * time; answers the event and its reference, or null when the signature is missing or wrong or
   * the body is not a Paystack event.
   */
  parseWebhook(webhook: IncomingWebhook): WebhookEvent | null {
    const signature = headerValue(webhook.headers, 'x-paystack-signature');
    if (!signature || !verifyPaystackSignature(webhook.rawBody, signature, this.api.http.secretKey)) return null;
    let body: unknown;
    try {
      body = JSON.parse(webhook.rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(body) || typeof body.event !== 'string') return null;
    const data = isRecord(body.data) ? body.data : {};
    return {
      event: body.event,
      reference: typeof data.reference === 'string' && data.reference ? data.reference : null,
      providerTransactionId: idText(data.id),
      status: typeof data.status === 'string' ? data.status : null,
    };
  }
}
