import { ProviderError, type PaymentProviders, type ProviderName } from '../payments/provider.ts';
import { fromProviderError } from './provider-errors.ts';

/** A settlement subaccount a save needs: of `provider`, for one bank account. */
export interface SubaccountNeed {
  provider: ProviderName;
  /** the gateway's name as the church sees it ('FlutterWave') */
  gatewayName: string;
  /** the church's name: the subaccount's business name at the provider */
  businessName: string;
  bankCode: string;
  accountNumber: string;
}

/**
 * Creates the provider's subaccount for a payment form's bank account (Flutterwave POST
 * /v3/subaccounts, Paystack POST /subaccount; percentage charge 0: Steward keeps nothing) and
 * answers its id. When the provider refuses because that account already has a subaccount, the
 * existing one (same account number and bank code, from the provider's list) is used. Runs
 * outside any database transaction. Throws 400 naming accountNumber with the provider's message
 * when it refuses the account, ProviderUnavailable (503) when it cannot be reached.
 */
export async function ensureSubaccount(providers: PaymentProviders, need: SubaccountNeed): Promise<string> {
  const provider = providers[need.provider];
  const doing = `set up the ${need.gatewayName} subaccount of this bank account, so the form was not saved`;
  try {
    const created = await provider.createSubaccount({
      businessName: need.businessName,
      bankCode: need.bankCode,
      accountNumber: need.accountNumber,
      percentageCharge: 0,
    });
    return created.id;
  } catch (e) {
    if (!(e instanceof ProviderError) || e.kind !== 'invalid') throw fromProviderError(e, 'accountNumber', doing);
    let existing;
    try {
      existing = (await provider.listSubaccounts()).find(
        (s) => s.accountNumber === need.accountNumber && s.bankCode.toLowerCase() === need.bankCode.toLowerCase(),
      );
    } catch (listError) {
      throw fromProviderError(listError, 'accountNumber', doing);
    }
    if (existing) return existing.id;
    throw fromProviderError(e, 'accountNumber', doing);
  }
}

/**
 * Whether the provider lists `subaccountId` as a subaccount of the need's bank account (same
 * account number and bank code): a subaccount id chosen by the client (the existing-subaccount
 * offer) is written only then, so a form never settles to another church's account. Runs outside
 * any database transaction. Throws ProviderUnavailable (503) when the provider cannot be reached.
 */
export async function isSubaccountOf(
  providers: PaymentProviders,
  need: SubaccountNeed,
  subaccountId: string,
): Promise<boolean> {
  let subs;
  try {
    subs = await providers[need.provider].listSubaccounts();
  } catch (e) {
    throw fromProviderError(e, 'accountNumber', `check the ${need.gatewayName} subaccount, so the form was not saved`);
  }
  return subs.some(
    (s) =>
      s.id === subaccountId &&
      s.accountNumber === need.accountNumber &&
      s.bankCode.toLowerCase() === need.bankCode.toLowerCase(),
  );
}
