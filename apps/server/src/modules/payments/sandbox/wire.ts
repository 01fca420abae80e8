import { randomBytes } from 'node:crypto';
import { minorToDecimalString } from '@steward/money/parse';
import type { SandboxSubaccount, SandboxTransaction } from './store.ts';

/**
 * The sandbox's JSON as the providers write it: transactions (verify answers and webhook data),
 * subaccounts, and exact decimal numbers.
 */

/** A JSON number written as exactly this decimal text (Flutterwave's major-unit amounts). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify where RawNumber values are written as their text and bigints as integers. A value
 * without either is plain JSON.stringify (no marker nonce, no replace pass).
 */
export function toJson(value: unknown): string {
  let nonce: string | null = null;
  const raws: string[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber || typeof v === 'bigint') {
      nonce ??= randomBytes(6).toString('hex');
      raws.push(v instanceof RawNumber ? v.text : v.toString());
      return `@raw${nonce}:${raws.length - 1}@`;
    }
    return v;
  });
  if (nonce === null) return json;
  return json.replace(new RegExp(`"@raw${nonce}:(\\d+)@"`, 'g'), (_m, i: string) => raws[Number(i)] ?? 'null');
}

const major = (minor: bigint, currency: string) => new RawNumber(minorToDecimalString(minor, currency));

/** What verify and webhooks say: the override (a test's lie) where one is set. */
function shown(tx: SandboxTransaction): { amountMinor: bigint; currency: string } {
  return { amountMinor: tx.override?.amountMinor ?? tx.amountMinor, currency: tx.override?.currency ?? tx.currency };
}

const GATEWAY_RESPONSE: Record<string, string> = {
  success: 'Successful',
  failed: 'Declined',
  abandoned: 'The transaction was not completed',
  ongoing: 'The transaction is in progress',
};

/**
 * Paystack's transaction object (GET /transaction/verify data, charge.success data), with `status`
 * replaced when given (a stale webhook). Amounts and fees in minor units.
 */
export function paystackTransaction(tx: SandboxTransaction, status = tx.status): Record<string, unknown> {
  const { amountMinor, currency } = shown(tx);
  const paid = status === 'success';
  return {
    id: tx.id,
    domain: 'test',
    status,
    reference: tx.reference,
    receipt_number: null,
    amount: amountMinor,
    message: null,
    gateway_response: GATEWAY_RESPONSE[status] ?? status,
    paid_at: paid && tx.paidAt ? tx.paidAt.toISOString() : null,
    created_at: tx.createdAt.toISOString(),
    channel: 'card',
    currency,
    ip_address: '127.0.0.1',
    metadata: tx.metadata ?? '',
    log: null,
    fees: paid ? tx.feeMinor : null,
    fees_split: null,
    authorization: paid
      ? {
          authorization_code: `AUTH_${tx.token.slice(0, 10).toLowerCase()}`,
          bin: '408408',
          last4: '4081',
          exp_month: '12',
          exp_year: '2030',
          channel: 'card',
          card_type: 'visa ',
          bank: 'TEST BANK',
          country_code: 'NG',
          brand: 'visa',
          reusable: true,
          signature: `SIG_${tx.token.slice(0, 12)}`,
          account_name: null,
        }
      : {},
    customer: {
      id: 90_000_000 + (tx.id % 1_000_000),
      first_name: null,
      last_name: null,
      email: tx.email,
      customer_code: `CUS_${tx.token.slice(0, 15).toLowerCase()}`,
      phone: null,
      metadata: null,
      risk_action: 'default',
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: paid && tx.paidAt ? tx.paidAt.toISOString() : null,
    createdAt: tx.createdAt.toISOString(),
    requested_amount: amountMinor,
    transaction_date: tx.createdAt.toISOString(),
    subaccount: tx.subaccount ? { subaccount_code: tx.subaccount } : {},
  };
}

/**
 * Flutterwave's transaction object (GET /v3/transactions/.../verify data, charge.completed data),
 * with `status` replaced when given (a stale webhook). Amount and app_fee in major units, written
 * exactly.
 */
export function flutterwaveTransaction(tx: SandboxTransaction, status = tx.status): Record<string, unknown> {
  const { amountMinor, currency } = shown(tx);
  const paid = status === 'successful';
  const fee = paid ? tx.feeMinor : 0n;
  return {
    id: tx.id,
    tx_ref: tx.reference,
    flw_ref: `FLW-MOCK-${tx.token}`,
    device_fingerprint: 'N/A',
    amount: major(amountMinor, currency),
    currency,
    charged_amount: major(amountMinor, currency),
    app_fee: major(fee, currency),
    merchant_fee: 0,
    processor_response: paid ? 'Approved by Financial Institution' : status === 'failed' ? 'Declined' : 'Pending',
    auth_model: 'PIN',
    ip: '127.0.0.1',
    narration: 'CARD Transaction ',
    status,
    payment_type: 'card',
    created_at: tx.createdAt.toISOString(),
    account_id: 20937,
    amount_settled: major(amountMinor - fee > 0n ? amountMinor - fee : 0n, currency),
    meta: tx.metadata ?? null,
    customer: {
      id: 1_400_000 + (tx.id % 100_000),
      name: tx.name ?? 'Anonymous customer',
      phone_number: tx.phone,
      email: tx.email,
      created_at: tx.createdAt.toISOString(),
    },
  };
}

/** Paystack's subaccount object: settlement_bank carries the bank's NAME, as Paystack answers it. */
export function paystackSubaccount(s: SandboxSubaccount, bankName: string): Record<string, unknown> {
  return {
    id: s.id,
    integration: 100_001,
    domain: 'test',
    subaccount_code: s.code,
    business_name: s.businessName,
    description: null,
    primary_contact_name: null,
    primary_contact_email: null,
    primary_contact_phone: null,
    metadata: null,
    percentage_charge: s.share,
    settlement_bank: bankName,
    bank_id: null,
    account_number: s.accountNumber,
    currency: s.country === 'GH' ? 'GHS' : 'NGN',
    active: true,
    is_verified: false,
    settlement_schedule: 'AUTO',
    migrate: false,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.createdAt.toISOString(),
  };
}

/** Flutterwave's collection subaccount object. */
export function flutterwaveSubaccount(s: SandboxSubaccount, bankName: string): Record<string, unknown> {
  return {
    id: s.id,
    account_number: s.accountNumber,
    account_bank: s.bankCode,
    business_name: s.businessName,
    full_name: s.accountName,
    created_at: s.createdAt.toISOString(),
    meta: s.meta,
    split_type: s.splitType,
    split_value: s.share,
    subaccount_id: s.code,
    bank_name: bankName.toUpperCase(),
    country: s.country,
  };
}
