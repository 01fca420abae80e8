import { isCurrencyCode } from '@steward/money/currency';
import { majorToMinorExact } from '../amounts.ts';
import { accountHolder, bankByCode, SANDBOX_BANKS, subaccountCode } from './banks.ts';
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
import { minorToDecimalString } from '@steward/money/parse';
import { flutterwaveSubaccount, flutterwaveTransaction, RawNumber } from './wire.ts';

/**
 * Flutterwave's v3 API as the sandbox answers it (developer.flutterwave.com/reference): the same
 * paths, `{status: 'success'|'error', message, data}` answers, amounts in major units, and its
 * error answers (400 with `status: 'error'`, 401 'Invalid authorization key').
 */

const fail = (status: number, message: string): ApiReply => ({
  status,
  body: { status: 'error', message, data: null },
});
const ok = (message: string, data: unknown, extra: Record<string, unknown> = {}): ApiReply => ({
  status: 200,
  body: { status: 'success', message, ...extra, data },
});
/** Flutterwave answers a page of 10 subaccounts. */
const SUBACCOUNTS_PER_PAGE = 10;
const NOT_FOUND = 'No transaction was found for this id';

/** Answers a Flutterwave API call, or null when the path is not Flutterwave's. */
export function flutterwaveApi(ctx: ApiContext, req: ApiRequest): ApiReply | null {
  if (!req.path.startsWith('/v3/')) return null;
  const route = `${req.method} ${req.path}`;
  const verifyById = req.method === 'GET' ? /^\/v3\/transactions\/([^/]+)\/verify$/.exec(req.path) : null;
  const banksOf = req.method === 'GET' ? /^\/v3\/banks\/([^/]+)$/.exec(req.path) : null;
  const refundOf = req.method === 'POST' ? /^\/v3\/transactions\/([^/]+)\/refund$/.exec(req.path) : null;
  const known =
    route === 'POST /v3/payments' ||
    route === 'GET /v3/transactions/verify_by_reference' ||
    verifyById !== null ||
    refundOf !== null ||
    banksOf !== null ||
    route === 'POST /v3/accounts/resolve' ||
    route === 'POST /v3/subaccounts' ||
    route === 'GET /v3/subaccounts';
  if (!known) return null;
  if (bearer(req.headers) !== ctx.secrets.flutterwaveSecretKey) return fail(401, 'Invalid authorization key');
  if (req.invalidJson) return fail(400, 'Invalid JSON body');
  const body = isRecord(req.body) ? req.body : {};

  if (route === 'POST /v3/payments') return initialize(ctx, body);
  if (route === 'GET /v3/transactions/verify_by_reference') {
    const tx = ctx.store.find('flutterwave', req.query.get('tx_ref') ?? '');
    if (!tx || !tx.started) return fail(400, NOT_FOUND);
    return ok('Transaction fetched successfully', flutterwaveTransaction(tx));
  }
  if (verifyById) {
    const tx = ctx.store.findById('flutterwave', decodeURIComponent(verifyById[1] ?? ''));
    if (!tx) return fail(400, NOT_FOUND);
    return ok('Transaction fetched successfully', flutterwaveTransaction(tx));
  }
  if (refundOf) return refund(ctx, decodeURIComponent(refundOf[1] ?? ''), body);
  if (banksOf) {
    const country = decodeURIComponent(banksOf[1] ?? '').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) return fail(400, 'Invalid country code');
    const banks = SANDBOX_BANKS.filter((b) => b.country === country).map((b) => ({
      id: b.id,
      code: b.code,
      name: b.name,
    }));
    return ok('Banks fetched successfully', banks);
  }
  if (route === 'POST /v3/accounts/resolve') {
    const accountNumber = text(body, 'account_number');
    const bankCode = text(body, 'account_bank');
    if (!accountNumber) return fail(400, 'account_number is required');
    if (!bankCode) return fail(400, 'account_bank is required');
    const name = accountHolder(bankCode, accountNumber);
    if (!name) return fail(400, 'Sorry, that account number is invalid, please check and try again');
    return ok('Account details fetched', { account_number: accountNumber, account_name: name });
  }
  if (route === 'POST /v3/subaccounts') return createSubaccount(ctx, body);
  return listSubaccounts(ctx, req.query);
}

function initialize(ctx: ApiContext, body: Record<string, unknown>): ApiReply {
  const txRef = text(body, 'tx_ref');
  if (!txRef) return fail(400, 'tx_ref is required');
  if (body.amount === undefined || body.amount === null || body.amount === '') return fail(400, 'amount is required');
  const currency = (text(body, 'currency') ?? 'NGN').toUpperCase();
  if (!isCurrencyCode(currency)) return fail(400, 'Invalid currency');
  const amountMinor = majorToMinorExact(body.amount, currency);
  if (amountMinor === null || amountMinor <= 0n) return fail(400, 'Invalid amount');
  const redirectUrl = httpUrl(body.redirect_url);
  if (!redirectUrl) return fail(400, 'redirect_url is required and must be a valid URL');
  const customer = isRecord(body.customer) ? body.customer : null;
  const email = customer ? text(customer, 'email') : null;
  if (!email) return fail(400, 'customer.email is required');
  if (!looksLikeEmail(email)) return fail(400, 'customer.email must be a valid email');
  if (ctx.store.find('flutterwave', txRef)) return fail(400, 'A transaction with this tx_ref already exists');
  let subaccount: string | null = null;
  if (body.subaccounts !== undefined) {
    const list = Array.isArray(body.subaccounts) ? body.subaccounts : null;
    const first = list?.[0];
    if (
      !list ||
      (list.length > 0 && !(isRecord(first) && typeof first.id === 'string' && /^RS_[A-Z0-9]{8,40}$/.test(first.id)))
    ) {
      return fail(400, 'Invalid subaccount id');
    }
    subaccount = isRecord(first) && typeof first.id === 'string' ? first.id : null;
  }
  const customizations = isRecord(body.customizations) ? body.customizations : {};
  const sub = subaccount
    ? ctx.store.subaccounts.find((s) => s.provider === 'flutterwave' && s.code === subaccount)
    : undefined;
  const tx = ctx.store.create({
    provider: 'flutterwave',
    reference: txRef,
    amountMinor,
    currency,
    email,
    name: customer ? text(customer, 'name') : null,
    phone: customer ? text(customer, 'phonenumber') : null,
    callbackUrl: redirectUrl,
    cancelUrl: null,
    subaccount,
    merchantName: text(customizations, 'title') ?? sub?.businessName ?? ctx.businessName,
    metadata: body.meta ?? null,
  });
  return ok('Hosted Link', { link: checkoutUrl(ctx, tx) });
}

/**
 * POST /v3/transactions/{id}/refund {amount? (major units), comments?}: 'Transaction refund
 * initiated', data {id, tx_id, flw_ref, amount_refunded (major), status 'completed', ...}; the
 * transaction verifies as 'refunded' once refunded in full.
 */
function refund(ctx: ApiContext, id: string, body: Record<string, unknown>): ApiReply {
  const tx = ctx.store.findById('flutterwave', id);
  if (!tx) return fail(400, NOT_FOUND);
  let amount: bigint | null = null;
  if (body.amount !== undefined && body.amount !== null && body.amount !== '') {
    amount = majorToMinorExact(body.amount, tx.currency);
    if (amount === null || amount <= 0n) return fail(400, 'Invalid amount');
  }
  const done = ctx.store.refund(tx, amount, text(body, 'comments'));
  if (typeof done === 'string') return fail(400, done);
  return ok('Transaction refund initiated', {
    id: done.id,
    account_id: 20937,
    tx_id: tx.id,
    flw_ref: `URF_${done.createdAt.getTime()}_${done.id}`,
    wallet_id: 74639,
    amount_refunded: new RawNumber(minorToDecimalString(done.amountMinor, tx.currency)),
    status: 'completed',
    destination: 'payment_source',
    meta: { source: 'availablebalance' },
    created_at: done.createdAt.toISOString(),
  });
}

function createSubaccount(ctx: ApiContext, body: Record<string, unknown>): ApiReply {
  const bankCode = text(body, 'account_bank');
  const accountNumber = text(body, 'account_number');
  const businessName = text(body, 'business_name');
  const splitValue = typeof body.split_value === 'string' ? Number(body.split_value) : body.split_value;
  const splitType = text(body, 'split_type') ?? 'percentage';
  if (!bankCode) return fail(400, 'account_bank is required');
  if (!accountNumber) return fail(400, 'account_number is required');
  if (!businessName) return fail(400, 'business_name is required');
  if (typeof splitValue !== 'number' || !Number.isFinite(splitValue) || splitValue < 0) {
    return fail(400, 'split_value is required');
  }
  if (splitType !== 'percentage' && splitType !== 'flat') return fail(400, 'split_type must be percentage or flat');
  if (splitType === 'percentage' && splitValue > 1)
    return fail(400, 'split_value for a percentage split must be between 0 and 1');
  const bank = bankByCode(bankCode);
  const accountName = accountHolder(bankCode, accountNumber);
  if (!bank || !accountName) return fail(400, 'Sorry, that account number is invalid, please check and try again');
  if (
    ctx.store.subaccounts.some(
      (s) => s.provider === 'flutterwave' && s.bankCode === bankCode && s.accountNumber === accountNumber,
    )
  ) {
    return fail(400, 'A subaccount with the account number and bank already exists');
  }
  const meta = Array.isArray(body.meta)
    ? body.meta.filter(isRecord).map((m) => ({
        meta_name: typeof m.meta_name === 'string' ? m.meta_name : '',
        meta_value: typeof m.meta_value === 'string' ? m.meta_value : null,
      }))
    : [];
  const n = ctx.store.subaccounts.filter((s) => s.provider === 'flutterwave').length;
  const sub = ctx.store.addSubaccount({
    provider: 'flutterwave',
    code: subaccountCode('RS_', bankCode, accountNumber, n),
    businessName,
    bankCode,
    accountNumber,
    accountName,
    share: splitValue,
    splitType,
    country: (text(body, 'country') ?? bank.country).toUpperCase(),
    meta,
  });
  return ok('Subaccount created', flutterwaveSubaccount(sub, bank.name));
}

function listSubaccounts(ctx: ApiContext, query: URLSearchParams): ApiReply {
  const accountNumber = query.get('account_number')?.trim();
  const accountBank = query.get('account_bank')?.trim();
  const all = ctx.store.subaccounts.filter(
    (s) =>
      s.provider === 'flutterwave' &&
      (!accountNumber || s.accountNumber === accountNumber) &&
      (!accountBank || s.bankCode === accountBank),
  );
  const page = Math.max(Number(query.get('page')) || 1, 1);
  const items = all
    .slice((page - 1) * SUBACCOUNTS_PER_PAGE, page * SUBACCOUNTS_PER_PAGE)
    .map((s) => flutterwaveSubaccount(s, bankByCode(s.bankCode)?.name ?? s.bankCode));
  const totalPages = Math.max(Math.ceil(all.length / SUBACCOUNTS_PER_PAGE), 1);
  return ok('Subaccounts fetched', items, {
    meta: { page_info: { total: all.length, current_page: page, total_pages: totalPages } },
  });
}
