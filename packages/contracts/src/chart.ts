import { z } from 'zod';
import { ZEnvelope, ZId, ZOptionalId } from './common.ts';
import { ZAccountType } from './ledger.ts';

/**
 * An account of the chart (spec §3 "Account"). `balance` is in the account's currency,
 * natural sign for its type (assets and expenses debit-positive; the others credit-positive).
 */
export const ZAccount = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  accountType: ZAccountType,
  description: z.string(),
  financialAccountGroupID: z.string().nullable(),
  financialFundID: z.string().nullable(),
  currencyID: z.number().int(),
  balance: z.number(),
  currency: z.object({ shortCode: z.string(), symbol: z.string() }),
  isActive: z.boolean(),
  isCashBank: z.boolean(),
  hasPostings: z.boolean(),
  fundType: z.number().int().nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** An account head with its accounts (spec §3 accountHeadsDTO). */
export const ZAccountHead = z.object({
  id: z.uuid(),
  name: z.string(),
  groupSubHead: z.string(),
  accountType: ZAccountType,
  isCashBank: z.boolean(),
  accounts: z.array(ZAccount),
});
export type TAccountHead = z.infer<typeof ZAccountHead>;

/**
 * GET /api/Financials/GetChartOfAccounts: `accountwithHeads` holds five lists of heads at
 * positions 0-4 in the order assets, liabilities, equity, income, expenses (spec 2.10);
 * `accountwithoutheads` the accounts that need a head.
 */
export const ZChartOfAccounts = z.object({
  accountwithHeads: z.array(z.array(ZAccountHead)).length(5),
  accountwithoutheads: z.array(ZAccount),
});
export type TChartOfAccounts = z.infer<typeof ZChartOfAccounts>;

/** The server's order of the chart's five lists. */
export const CHART_ORDER = ['assets', 'liability', 'equity', 'income', 'expense'] as const;

/** The spec's rule for the account form (spec §5). */
export const ACCOUNT_REQUIRED_MESSAGE = 'Please select account type and provide account name';

/** POST and PUT /api/Financials/Accounts/Save (spec 2.8 add-account dialog, 2.10). */
export const ZAccountSave = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1, ACCOUNT_REQUIRED_MESSAGE).max(120),
  code: z.string().trim().max(20).optional().default(''),
  accountType: ZAccountType.optional(),
  description: z.string().trim().max(500).optional().default(''),
  financialAccountGroupID: ZOptionalId.optional(),
  financialFundID: ZOptionalId.optional(),
  currencyID: z.coerce.number().int().positive().optional(),
  fundType: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TAccountSave = z.input<typeof ZAccountSave>;
export const ZAccountSaveResponse = ZEnvelope(ZAccount);

/** GET /api/Financials/Accounts/GetAccountHeads item. */
export const ZAccountHeadOption = z.object({
  id: z.uuid(),
  name: z.string(),
  groupSubHead: z.string(),
  accountType: ZAccountType,
  isCashBank: z.boolean(),
});
export type TAccountHeadOption = z.infer<typeof ZAccountHeadOption>;

/** A fund (spec §3): 0 Unrestricted Funds, 1 Donor Restricted Funds. */
export const ZFund = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  fundType: z.number().int(),
  financialAccountGroupID: z.string().nullable(),
  accountID: z.string().nullable(),
  balance: z.number(),
  isActive: z.boolean(),
});
export type TFund = z.infer<typeof ZFund>;

/** POST /api/Financials/Funds/Save (spec 2.10 'Add Fund' modal). */
export const ZFundSave = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1, 'Fund name is required').max(120),
  code: z.string().trim().max(20).optional().default(''),
  fundType: z.union([z.literal(0), z.literal(1)], { message: 'Choose a fund type' }),
  financialAccountGroupID: ZOptionalId.optional(),
});
export type TFundSave = z.input<typeof ZFundSave>;
export const ZFundSaveResponse = ZEnvelope(ZFund);

/** A delete that could not delete: the answer says why and offers deactivation. */
export const ZDeleteAnswer = z.object({
  status: z.boolean(),
  response: z.string(),
  returnObject: z.object({ canDeactivate: z.boolean() }).nullable(),
});
