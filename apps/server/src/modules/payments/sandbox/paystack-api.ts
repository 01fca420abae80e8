import { bankByCode, accountHolder, SANDBOX_BANKS, subaccountCode } from './banks.ts';
import {
  bearer,
  checkoutUrl,
  httpUrl,
  isRecord,
  looksLikeEmail,
  text,
  type ApiContext,
  type ApiReply,
  type ApiRequest,
} from './api.ts';
import { paystackSubaccount, paystackTransaction } from './wire.ts';

/**
 * Paystack's API as the sandbox answers it (paystack.com/docs/api): the same paths, `{status,
 * message, data}` answers, amounts in minor units, and Paystack's error answers
 * (`{status: false, message}` with 400, 401, 404, 422).
 */

const PAYSTACK_CURRENCIES = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);
const COUNTRY_OF: Record<string, 'NG' | 'GH'> = { nigeria: 'NG', ghana: 'GH' };
/** Paystack: "Only -, ., = and alphanumeric characters allowed" in a reference. */
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const SUBACCOUNT = /^ACCT_[A-Za-z0-9]{5,40}$/;

const fail = (status: number, message: string, extra: Record<string, unknown> = {}): ApiReply => ({
  status,
  body: { status: false, message, ...extra },
});
const ok = (message: string, data: unknown, extra: Record<string, unknown> = {}, status = 200): ApiReply => ({
  status,
  body: { status: true, message, data, ...extra },
});

/** Paystack's integer amount in minor units (a safe integer or digit text), or null. */
function minorAmount(v: unknown): bigint | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? BigInt(v) : null;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim())) {
    const n = BigInt(v.trim());
    return n > 0n ? n : null;
  }
  return null;
}

/** Answers a Paystack API call, or null when the path is not Paystack's. */
export function paystackApi(ctx: ApiContext, req: ApiRequest): ApiReply | null {
  const route = `${req.method} ${req.path}`;
  const known =
    route === 'POST /transaction/initialize' ||
    (req.method === 'GET' && /^\/transaction\/verify\/[^/]+$/.test(req.path)) ||
    route === 'GET /bank' ||
    route === 'GET /bank/resolve' ||
    route === 'POST /subaccount' ||
    route === 'GET /subaccount' ||
    route === 'POST /refund';
  if (!known) return null;
  const key = bearer(req.headers);
  if (key === null) return fail(401, 'No Authorization Header was found');
  if (key !== ctx.secrets.paystackSecretKey) return fail(401, 'Invalid key');
  if (req.invalidJson) return fail(400, 'Invalid JSON body');
  const body = isRecord(req.body) ? req.body : {};

  if (route === 'POST /transaction/initialize') return initialize(ctx, body);
  if (req.path.startsWith('/transaction/verify/')) {
    const reference = decodeURIComponent(req.path.slice('/transaction/verify/'.length));
    const tx = ctx.store.find('paystack', reference);
    if (!tx)
      return fail(400, 'Transaction reference not found', { type: 'validation_error', code: 'transaction_not_found' });
    return ok('Verification successful', paystackTransaction(tx));
  }
  if (route === 'GET /bank') return banks(req.query);
  if (route === 'GET /bank/resolve') {
    const accountNumber = req.query.get('account_number')?.trim() ?? '';
    const bankCode = req.query.get('bank_code')?.trim() ?? '';
    if (!accountNumber) return fail(400, 'Account number is required');
    if (!bankCode) return fail(400, 'Bank code is required');
    if (!bankByCode(bankCode)) return fail(422, `Unknown bank code: ${bankCode}`);
    const name = accountHolder(bankCode, accountNumber);
    if (!name) return fail(422, 'Could not resolve account name. Check parameters or try again.');
    return ok('Account number resolved', {
      account_number: accountNumber,
      account_name: name,
      bank_id: bankByCode(bankCode)?.id,
    });
  }
  if (route === 'POST /subaccount') return createSubaccount(ctx, body);
  if (route === 'POST /refund') return refund(ctx, body);
  return listSubaccounts(ctx, req.query);
}

/**
 * POST /refund {transaction (reference or id), amount? (minor units), currency?, customer_note?,
 * merchant_note?}: queued ('Refund has been queued for processing', status 'pending'); the
 * transaction verifies as 'reversed' once refunded in full.
 */
function refund(ctx: ApiContext, body: Record<string, unknown>): ApiReply {
  const key = text(body, 'transaction');
  if (!key) return fail(400, 'Transaction is required');
  const tx = ctx.store.find('paystack', key) ?? ctx.store.findById('paystack', key);
  if (!tx) return fail(404, 'Transaction not found');
  let amount: bigint | null = null;
  if (body.amount !== undefined && body.amount !== null && body.amount !== '') {
    amount = minorAmount(body.amount);
    if (amount === null) return fail(400, 'Invalid amount');
  }
  const currency = text(body, 'currency');
  if (currency && currency.toUpperCase() !== tx.currency) return fail(400, 'Currency does not match the transaction');
  const done = ctx.store.refund(tx, amount, text(body, 'merchant_note'));
  if (typeof done === 'string') return fail(400, done);
  const at = done.createdAt.toISOString();
  return ok('Refund has been queued for processing', {
    transaction: {
      id: tx.id,
      domain: 'test',
      reference: tx.reference,
      amount: tx.amountMinor,
      paid_at: tx.paidAt?.toISOString() ?? null,
      channel: 'card',
      currency: tx.currency,
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: tx.paidAt?.toISOString() ?? null,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: 100_001,
    deducted_amount: 0,
    channel: null,
    merchant_note: done.note ?? 'Refund for transaction ' + tx.reference,
    customer_note: 'Refund for transaction ' + tx.reference,
    status: 'pending',
    refunded_by: 'sandbox@steward.local',
    expected_at: new Date(done.createdAt.getTime() + 10 * 86_400_000).toISOString(),
    currency: tx.currency,
    domain: 'test',
    amount: done.amountMinor,
    fully_deducted: false,
    id: done.id,
    createdAt: at,
    updatedAt: at,
  });
}

function initialize(ctx: ApiContext, body: Record<string, unknown>): ApiReply {
  const email = text(body, 'email');
  if (!email) return fail(400, 'Email is required');
  if (!looksLikeEmail(email)) return fail(400, 'Invalid Email Address Passed');
  if (body.amount === undefined || body.amount === null || body.amount === '') return fail(400, 'Amount is required');
  const amountMinor = minorAmount(body.amount);
  if (amountMinor === null) return fail(400, 'Invalid Amount Sent');
  const currency = (text(body, 'currency') ?? 'NGN').toUpperCase();
  if (!PAYSTACK_CURRENCIES.has(currency)) return fail(400, 'Currency not supported by merchant');
  const reference = text(body, 'reference') ?? `T${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  if (!REFERENCE.test(reference)) {
    return fail(400, 'Invalid transaction reference. Only -, ., = and alphanumeric characters allowed');
  }
  if (ctx.store.find('paystack', reference)) return fail(400, 'Duplicate Transaction Reference');
  const callbackRaw = body.callback_url;
  const callbackUrl = httpUrl(callbackRaw);
  if (callbackRaw !== undefined && callbackRaw !== null && callbackRaw !== '' && !callbackUrl) {
    return fail(400, 'Invalid callback_url');
  }
  const subaccount = text(body, 'subaccount');
  if (subaccount && !SUBACCOUNT.test(subaccount)) return fail(400, 'Invalid Subaccount');
  let metadata: unknown = body.metadata ?? null;
  if (typeof metadata === 'string') {
    try {
      metadata = JSON.parse(metadata);
    } catch {
      return fail(400, 'Invalid metadata: expected a JSON object');
    }
  }
  const cancelUrl = isRecord(metadata) ? httpUrl(metadata.cancel_action) : null;
  const sub = subaccount
    ? ctx.store.subaccounts.find((s) => s.provider === 'paystack' && s.code === subaccount)
    : undefined;
  const tx = ctx.store.create({
    provider: 'paystack',
    reference,
    amountMinor,
    currency,
    email,
    name: null,
    phone: null,
    callbackUrl,
    cancelUrl,
    subaccount,
    merchantName: sub?.businessName ?? ctx.businessName,
    metadata,
  });
  return ok('Authorization URL created', {
    authorization_url: checkoutUrl(ctx, tx),
    access_code: tx.token,
    reference: tx.reference,
  });
}

function banks(query: URLSearchParams): ApiReply {
  const countryName = (query.get('country') ?? 'nigeria').trim().toLowerCase();
  const country = COUNTRY_OF[countryName];
  const all = SANDBOX_BANKS.filter((b) => b.country === country).map((b) => ({
    name: b.name,
    slug: b.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    code: b.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: b.country === 'NG' ? 'Nigeria' : 'Ghana',
    currency: b.country === 'NG' ? 'NGN' : 'GHS',
    type: b.country === 'NG' ? 'nuban' : 'ghipss',
    id: b.id,
    createdAt: '2016-07-14T10:04:29.000Z',
    updatedAt: '2020-02-18T08:06:44.000Z',
  }));
  const perPage = Math.min(Math.max(Number(query.get('perPage')) || 50, 1), 100);
  if (query.get('use_cursor') === 'true') {
    const start = Math.max(
      Number(
        Buffer.from(query.get('next') ?? '', 'base64')
          .toString()
          .replace(/^bank:/, ''),
      ) || 0,
      0,
    );
    const page = all.slice(start, start + perPage);
    const next = start + perPage < all.length ? Buffer.from(`bank:${start + perPage}`).toString('base64') : null;
    const previous = start > 0 ? Buffer.from(`bank:${Math.max(start - perPage, 0)}`).toString('base64') : null;
    return ok('Banks retrieved', page, { meta: { next, previous, perPage } });
  }
  const pageNo = Math.max(Number(query.get('page')) || 1, 1);
  const page = all.slice((pageNo - 1) * perPage, pageNo * perPage);
  return ok('Banks retrieved', page, {
    meta: {
      total: all.length,
      skipped: (pageNo - 1) * perPage,
      perPage,
      page: pageNo,
      pageCount: Math.ceil(all.length / perPage),
    },
  });
}

function createSubaccount(ctx: ApiContext, body: Record<string, unknown>): ApiReply {
  const businessName = text(body, 'business_name');
  const bankCode = text(body, 'settlement_bank');
  const accountNumber = text(body, 'account_number');
  const charge = typeof body.percentage_charge === 'string' ? Number(body.percentage_charge) : body.percentage_charge;
  if (!businessName) return fail(400, 'Business name is required');
  if (!bankCode) return fail(400, 'Settlement bank is required');
  if (!accountNumber) return fail(400, 'Account number is required');
  if (typeof charge !== 'number' || !Number.isFinite(charge) || charge < 0 || charge > 100) {
    return fail(400, 'Percentage charge is required and must be between 0 and 100');
  }
  const bank = bankByCode(bankCode);
  if (!bank) return fail(400, 'Invalid bank code');
  const accountName = accountHolder(bankCode, accountNumber);
  if (!accountName) return fail(400, 'Account details are invalid');
  const n = ctx.store.subaccounts.filter((s) => s.provider === 'paystack').length;
  const sub = ctx.store.addSubaccount({
    provider: 'paystack',
    code: subaccountCode('ACCT_', bankCode, accountNumber, n),
    businessName,
    bankCode,
    accountNumber,
    accountName,
    share: charge,
    splitType: 'percentage',
    country: bank.country,
    meta: [],
  });
  return ok('Subaccount created', paystackSubaccount(sub, bank.name), {}, 201);
}

function listSubaccounts(ctx: ApiContext, query: URLSearchParams): ApiReply {
  const all = ctx.store.subaccounts.filter((s) => s.provider === 'paystack');
  const perPage = Math.min(Math.max(Number(query.get('perPage')) || 50, 1), 100);
  const page = Math.max(Number(query.get('page')) || 1, 1);
  const items = all
    .slice((page - 1) * perPage, page * perPage)
    .map((s) => paystackSubaccount(s, bankByCode(s.bankCode)?.name ?? s.bankCode));
  return ok('Subaccounts retrieved', items, {
    meta: {
      total: all.length,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(Math.ceil(all.length / perPage), 1),
    },
  });
}
