import type { TBank, TPaymentGateway, TResolvedAccount, TSubaccount } from '@steward/contracts/giving';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { ProviderError, type PaymentProviders, type ProviderSubaccount } from '../payments/provider.ts';
import { fromProviderError, ProviderUnavailable } from './provider-errors.ts';
import * as q from './queries.ts';

/** Account-name checks a church may make per minute (each one is a provider call on Steward's key). */
export const RESOLVE_RATE_MAX = 30;
export const RESOLVE_RATE_WINDOW_SECONDS = 60;

const toGateway = (g: q.GatewayRow): TPaymentGateway => ({
  id: g.id,
  name: g.name,
  countryCoverageArea: g.countryCoverageArea,
  isActive: g.isActive,
  isSubAccountSupported: g.isSubAccountSupported,
});

/**
 * GET /api/Financials/GetBanks (spec §3 'Bank', §7): the banks of the church's country (its
 * ISO 3166 country code), by name, with the code Paystack and Flutterwave use. Empty for a
 * country whose banks Steward does not list (migration 0017 seeds Nigeria and Ghana).
 */
export async function listBanks(ctx: TenantCtx): Promise<TBank[]> {
  const church = await q.churchOf(ctx.tx, ctx.tenantId);
  const rows = await q.banksOf(ctx.tx, church.countryCode);
  return rows.map((b) => ({ id: b.id, name: b.name, code: b.code }));
}

/** GET /api/Financials/GetPaymentGateways (spec §3 'Payment gateway'): the active gateways, by id. */
export async function listGateways(ctx: TenantCtx): Promise<TPaymentGateway[]> {
  const rows = await q.allGateways(ctx.tx);
  return rows.filter((g) => g.isActive).map(toGateway);
}

/**
 * The bank of `bankCode` in the church's country, for an account check or a subaccount. Throws
 * 400 naming `field` when Steward lists no such bank there.
 */
export async function bankOfChurch(ctx: TenantCtx, bankCode: string, field = 'bankCode'): Promise<q.BankRow> {
  const church = await q.churchOf(ctx.tx, ctx.tenantId);
  const [bank] = await q.banksByCode(ctx.tx, bankCode, church.countryCode);
  if (!bank || bank.countryCode !== church.countryCode.toUpperCase())
    throw badRequest(field, 'is not a bank Steward lists for your country; choose the bank from the list');
  return bank;
}

/**
 * The account holder's name for `accountNumber` at `bank` (the payment form's read-only account
 * name, spec 2.2 and §5), asked of Paystack (GET /bank/resolve) and, when Paystack cannot be
 * reached or refuses Steward's key, of Flutterwave (POST /v3/accounts/resolve). Secret keys stay
 * on the server (issue 10). Runs outside any database transaction: it waits on the network.
 * Throws 400 naming accountNumber with the provider's message when the number does not resolve,
 * ProviderUnavailable (503) when neither provider answers.
 */
export async function resolveAccount(
  providers: PaymentProviders,
  bank: q.BankRow,
  accountNumber: string,
): Promise<TResolvedAccount> {
  const doing = 'check the account name';
  for (const provider of [providers.paystack, providers.flutterwave]) {
    try {
      const { accountName } = await provider.resolveAccount(bank.code, accountNumber);
      return { accountName, accountNumber, bankCode: bank.code, bankName: bank.name, provider: provider.name };
    } catch (e) {
      // the provider's own word that the number is wrong is final; only an outage moves on
      if (!(e instanceof ProviderError) || e.kind === 'invalid' || e.kind === 'not_found')
        throw fromProviderError(e, 'accountNumber', doing);
    }
  }
  throw new ProviderUnavailable(
    `Neither Paystack nor FlutterWave is available right now to ${doing}. Please try again in a few minutes.`,
  );
}

/**
 * GET /api/PaymentForm/subaccounts[?accountNumber=] (spec §4 'Payment form gateway selection',
 * §7): Flutterwave's subaccounts (GET /v3/subaccounts, first page) in the shape the existing
 * client reads. With `accountNumber`: the subaccounts of that account number. Without: only
 * those the church's forms use or whose account number is on one of its forms: Steward's
 * provider account holds every church's subaccounts, and a church sees none of another's.
 * Throws ProviderUnavailable (503) when Flutterwave cannot be reached.
 */
export async function listSubaccounts(
  providers: PaymentProviders,
  scope: { accountNumber: string | null; accountNumbers: Set<string>; subaccountIds: Set<string> },
  bankNames: Map<string, string>,
): Promise<TSubaccount[]> {
  let subs: ProviderSubaccount[];
  try {
    subs = await providers.flutterwave.listSubaccounts();
  } catch (e) {
    throw fromProviderError(e, 'accountNumber', 'list the subaccounts');
  }
  const mine = subs.filter((s) =>
    scope.accountNumber
      ? s.accountNumber === scope.accountNumber
      : scope.accountNumbers.has(s.accountNumber) || scope.subaccountIds.has(s.id),
  );
  return mine.map((s) => ({
    subaccount_id: s.id,
    account_number: s.accountNumber,
    account_bank: s.bankCode,
    business_name: s.businessName,
    bank_name: bankNames.get(s.bankCode.toLowerCase()) ?? null,
    meta: [{ meta_name: 'business_name', meta_value: s.businessName }],
  }));
}

/** The church's scope for listSubaccounts and its country's bank names by lower-case code. */
export async function subaccountScope(ctx: TenantCtx) {
  const church = await q.churchOf(ctx.tx, ctx.tenantId);
  const banks = await q.banksOf(ctx.tx, church.countryCode);
  const scope = await q.churchAccounts(ctx.tx, ctx.tenantId);
  return { ...scope, bankNames: new Map(banks.map((b) => [b.code.toLowerCase(), b.name])) };
}
