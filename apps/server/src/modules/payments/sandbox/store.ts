import { randomBytes } from 'node:crypto';
import type { ProviderName } from '../provider.ts';

/**
 * The sandbox's memory: transactions and subaccounts of both providers, and the fees it charges
 * (deterministic, so the fee posting can be tested). Nothing survives a restart.
 */

/** What the payer chose on the checkout page. */
export type CheckoutOutcome = 'success' | 'failed' | 'abandoned';

/**
 * A transaction's status in its provider's own words:
 * Paystack 'abandoned' (initialised, not completed) | 'ongoing' (checkout open) | 'success' | 'failed';
 * Flutterwave 'pending' (checkout open) | 'successful' | 'failed' | 'cancelled'. After a full
 * refund: Paystack 'reversed', Flutterwave 'refunded'.
 */
export type ProviderStatus =
  'abandoned' | 'ongoing' | 'success' | 'failed' | 'pending' | 'successful' | 'cancelled' | 'reversed' | 'refunded';

/** A refund the sandbox took (POST /refund, POST /v3/transactions/{id}/refund). */
export interface SandboxRefund {
  id: number;
  amountMinor: bigint;
  note: string | null;
  createdAt: Date;
}

export interface SandboxTransaction {
  provider: ProviderName;
  /** the provider's transaction id (Paystack from initialise; Flutterwave once the checkout is opened) */
  id: number;
  reference: string;
  /** the checkout token (Paystack's access_code) */
  token: string;
  amountMinor: bigint;
  currency: string;
  email: string;
  name: string | null;
  phone: string | null;
  callbackUrl: string | null;
  /** Paystack metadata.cancel_action: where Abandon goes, when given */
  cancelUrl: string | null;
  subaccount: string | null;
  merchantName: string;
  metadata: unknown;
  status: ProviderStatus;
  /** Flutterwave: the transaction exists for verify once the payer has opened the checkout */
  started: boolean;
  createdAt: Date;
  paidAt: Date | null;
  /** the provider's fee in minor units, charged on success */
  feeMinor: bigint;
  /** what verify and webhooks say instead of the truth (tests of amount/currency mismatch) */
  override: { amountMinor?: bigint; currency?: string } | null;
  /** the refunds given on it so far */
  refunds: SandboxRefund[];
  /** how many refund requests it received, taken or refused (tests: a refund is asked for once) */
  refundRequests: number;
}

export interface SandboxSubaccount {
  provider: ProviderName;
  id: number;
  code: string;
  businessName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** Paystack: percent; Flutterwave: split_value as sent (a fraction for 'percentage') */
  share: number;
  splitType: string;
  country: string;
  meta: { meta_name: string; meta_value: string | null }[];
  createdAt: Date;
}

const halfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/**
 * Paystack's local fee schedule, in minor units: NGN 1.5% + NGN 100 (the NGN 100 waived under
 * NGN 2,500), capped at NGN 2,000; other currencies 1.95%. Percentages rounded half up.
 */
export function paystackFee(amountMinor: bigint, currency: string): bigint {
  if (currency === 'NGN') {
    const fee = halfUp(amountMinor * 15n, 1000n) + (amountMinor >= 250_000n ? 10_000n : 0n);
    return fee > 200_000n ? 200_000n : fee;
  }
  return halfUp(amountMinor * 195n, 10_000n);
}

/** Flutterwave's app_fee in minor units: 1.4% rounded half up, capped at NGN 2,000 in NGN. */
export function flutterwaveFee(amountMinor: bigint, currency: string): bigint {
  const fee = halfUp(amountMinor * 14n, 1000n);
  return currency === 'NGN' && fee > 200_000n ? 200_000n : fee;
}

/** In-memory transactions and subaccounts of one sandbox. */
export class SandboxStore {
  private readonly byReference = new Map<string, SandboxTransaction>();
  private readonly byToken = new Map<string, SandboxTransaction>();
  private readonly byId = new Map<string, SandboxTransaction>();
  readonly subaccounts: SandboxSubaccount[] = [];
  private nextPaystackId = 4_100_000_001;
  private nextFlutterwaveId = 7_200_001;
  private nextSubaccountId = 53_001;
  private nextRefundId = 3_300_001;

  /** The transaction of `provider` with Steward's reference, if any. */
  find(provider: ProviderName, reference: string): SandboxTransaction | undefined {
    return this.byReference.get(`${provider}:${reference}`);
  }

  findByToken(token: string): SandboxTransaction | undefined {
    return this.byToken.get(token);
  }

  findById(provider: ProviderName, id: string): SandboxTransaction | undefined {
    return this.byId.get(`${provider}:${id}`);
  }

  /** Records a new transaction; its id is given now for Paystack, at checkout for Flutterwave. */
  create(
    t: Omit<
      SandboxTransaction,
      | 'id'
      | 'token'
      | 'status'
      | 'started'
      | 'createdAt'
      | 'paidAt'
      | 'feeMinor'
      | 'override'
      | 'refunds'
      | 'refundRequests'
    >,
  ): SandboxTransaction {
    const paystack = t.provider === 'paystack';
    const tx: SandboxTransaction = {
      ...t,
      id: paystack ? this.nextPaystackId++ : 0,
      token: randomBytes(12).toString('base64url'),
      status: paystack ? 'abandoned' : 'pending',
      started: paystack,
      createdAt: new Date(),
      paidAt: null,
      feeMinor: paystack ? paystackFee(t.amountMinor, t.currency) : flutterwaveFee(t.amountMinor, t.currency),
      override: null,
      refunds: [],
      refundRequests: 0,
    };
    this.byReference.set(`${t.provider}:${t.reference}`, tx);
    this.byToken.set(tx.token, tx);
    if (paystack) this.byId.set(`paystack:${tx.id}`, tx);
    return tx;
  }

  /** The payer opened the checkout: Paystack 'ongoing'; Flutterwave's transaction comes to exist ('pending'). */
  open(tx: SandboxTransaction): void {
    if (isFinal(tx)) return;
    if (tx.provider === 'paystack') {
      tx.status = 'ongoing';
    } else if (!tx.started) {
      tx.started = true;
      tx.id = this.nextFlutterwaveId++;
      this.byId.set(`flutterwave:${tx.id}`, tx);
    }
  }

  /** Applies the payer's choice; false when the transaction was already final (success or failed). */
  choose(tx: SandboxTransaction, outcome: CheckoutOutcome): boolean {
    if (isFinal(tx)) return false;
    this.open(tx);
    const paystack = tx.provider === 'paystack';
    if (outcome === 'success') {
      tx.status = paystack ? 'success' : 'successful';
      tx.paidAt = new Date();
    } else if (outcome === 'failed') {
      tx.status = 'failed';
    } else {
      tx.status = paystack ? 'abandoned' : 'cancelled';
    }
    return true;
  }

  /**
   * Gives back `amountMinor` (default: what is left) of a successful transaction. Answers the
   * refund, or the provider's refusal text: not paid, already fully refunded, more than is left.
   * A transaction refunded in full becomes Paystack 'reversed' / Flutterwave 'refunded'.
   */
  refund(tx: SandboxTransaction, amountMinor: bigint | null, note: string | null): SandboxRefund | string {
    tx.refundRequests += 1;
    if (tx.status === 'reversed' || tx.status === 'refunded') return 'Transaction has been fully reversed';
    if (tx.status !== 'success' && tx.status !== 'successful') return 'Transaction has not been completed';
    const left = tx.amountMinor - tx.refunds.reduce((sum, r) => sum + r.amountMinor, 0n);
    const amount = amountMinor ?? left;
    if (amount <= 0n || amount > left) return 'Refund amount cannot be more than the transaction amount';
    const refund = { id: this.nextRefundId++, amountMinor: amount, note, createdAt: new Date() };
    tx.refunds.push(refund);
    if (amount === left) tx.status = tx.provider === 'paystack' ? 'reversed' : 'refunded';
    return refund;
  }

  addSubaccount(s: Omit<SandboxSubaccount, 'id' | 'createdAt'>): SandboxSubaccount {
    const sub = { ...s, id: this.nextSubaccountId++, createdAt: new Date() };
    this.subaccounts.push(sub);
    return sub;
  }
}

/** Success, failure and a refund are final; abandoned/cancelled/ongoing/pending may still be paid. */
export const isFinal = (tx: SandboxTransaction): boolean =>
  tx.status === 'success' ||
  tx.status === 'successful' ||
  tx.status === 'failed' ||
  tx.status === 'reversed' ||
  tx.status === 'refunded';
