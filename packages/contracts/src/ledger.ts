import { z } from 'zod';

/** Account types (spec §3). */
export const ACCOUNT_TYPES = ['assets', 'liability', 'equity', 'income', 'expense'] as const;
export const ZAccountType = z.enum(ACCOUNT_TYPES);
export type TAccountType = z.infer<typeof ZAccountType>;

/**
 * An account in a picker (spec §3 "Account option"; existing-client-api §2.2, §2.3, §2.6):
 * GetIncomeAccounts, GetCashBankAccounts, GetExpenseAccounts, GetTransactionalAccounts and
 * GetRemittanceAccounts all answer bare, flat lists of these. `text` is 'code - name'.
 */
export const ZAccountOption = z.object({
  id: z.uuid(),
  text: z.string(),
  accountType: ZAccountType,
  financialFundID: z.uuid().nullable(),
  currency: z.string(),
});
export type TAccountOption = z.infer<typeof ZAccountOption>;

/** Fund types: 0 Unrestricted Funds, 1 Donor Restricted Funds (spec 2.10). */
export const FUND_TYPES = [
  { id: 0, name: 'Unrestricted Funds' },
  { id: 1, name: 'Donor Restricted Funds' },
] as const;
