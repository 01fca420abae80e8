import { z } from 'zod';

/** Account types (spec §3). */
export const ACCOUNT_TYPES = ['assets', 'liability', 'equity', 'income', 'expense'] as const;
export const ZAccountType = z.enum(ACCOUNT_TYPES);
export type TAccountType = z.infer<typeof ZAccountType>;

/** An account in a picker (spec §3 "Account option"). */
export const ZAccountOption = z.object({
  id: z.uuid(),
  text: z.string(),
  accountType: ZAccountType,
  financialFundID: z.uuid().nullable(),
  currency: z.string(),
});
export type TAccountOption = z.infer<typeof ZAccountOption>;

/** GET /api/Financials/Accounts/GetRemittanceAccounts: accounts grouped by type. */
export const ZRemittanceAccountGroup = z.object({ accountType: ZAccountType, accounts: z.array(ZAccountOption) });
export type TRemittanceAccountGroup = z.infer<typeof ZRemittanceAccountGroup>;

/** Fund types: 0 Unrestricted Funds, 1 Donor Restricted Funds (spec 2.10). */
export const FUND_TYPES = [
  { id: 0, name: 'Unrestricted Funds' },
  { id: 1, name: 'Donor Restricted Funds' },
] as const;
