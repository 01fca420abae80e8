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
 * One of the chart's five groups (existing-client-api §2.5): `key` is its position (0 assets,
 * 1 liabilities, 2 equity, 3 income, 4 expenses), `accountHeadsDTO` its heads with their
 * accounts, `accounts` every account of the group's heads in one flat list.
 */
export const ZChartGroup = z.object({
  key: z.number().int(),
  accountType: ZAccountType,
  accounts: z.array(ZAccount),
  accountHeadsDTO: z.array(ZAccountHead),
});
export type TChartGroup = z.infer<typeof ZChartGroup>;

/**
 * GET /api/Financials/GetChartOfAccounts: `accountwithHeads` holds the five groups, read by
 * index in the order assets, liabilities, equity, income, expenses (spec 2.10,
 * existing-client-api §2.5); `accountwithoutheads` the accounts that need a head.
 */
export const ZChartOfAccounts = z.object({
  accountwithHeads: z.array(ZChartGroup).length(5),
  accountwithoutheads: z.array(ZAccount),
});
export type TChartOfAccounts = z.infer<typeof ZChartOfAccounts>;

/** The server's order of the chart's five lists. */
export const CHART_ORDER = ['assets', 'liability', 'equity', 'income', 'expense'] as const;

/** The spec's rule for the account form (spec §5). */
export const ACCOUNT_REQUIRED_MESSAGE = 'Please select account type and provide account name';

/**
 * A fund type as sent: 0 Unrestricted Funds, 1 Donor Restricted Funds. The existing client sends
 * -1 when its fund-type label is a head name it does not know (it looks the head's name up in
 * ['Unrestricted Funds', 'Donor Restricted Funds']); -1 means "not chosen" (the service then
 * keeps the fund's type, or takes it from the head's name).
 */
export const ZFundTypeInput = z.union([z.literal(-1), z.literal(0), z.literal(1)], {
  message: 'Choose a fund type',
});

/**
 * POST and PUT /api/Financials/Accounts/Save (spec 2.8 add-account dialog, 2.10;
 * existing-client-api §2.5: create `{name, description, financialAccountGroupID, currencyID?,
 * financialFundID}`, edit `{name, code, accountType, description, id, financialAccountGroupID}`,
 * fund edit `{name, code, id, fundType, financialAccountGroupID}`).
 */
export const ZAccountSave = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1, ACCOUNT_REQUIRED_MESSAGE).max(120),
  code: z.string().trim().max(20).optional().default(''),
  accountType: ZAccountType.optional(),
  description: z.string().trim().max(500).optional().default(''),
  financialAccountGroupID: ZOptionalId.optional(),
  financialFundID: ZOptionalId.optional(),
  currencyID: z.coerce.number().int().positive().optional(),
  fundType: ZFundTypeInput.optional(),
});
export type TAccountSave = z.input<typeof ZAccountSave>;
export const ZAccountSaveResponse = ZEnvelope(ZAccount);

/** An account head as GetAccountHeads lists it. */
export const ZAccountHeadOption = z.object({
  id: z.uuid(),
  name: z.string(),
  groupSubHead: z.string(),
  accountType: ZAccountType,
  isCashBank: z.boolean(),
});
export type TAccountHeadOption = z.infer<typeof ZAccountHeadOption>;

/**
 * GET /api/Financials/Accounts/GetAccountHeads item: one of the five groups of the chart, in
 * the chart's order, with its heads in `accountHeadsDTO` (the `financialAccountGroupID`
 * choices; existing-client-api §2.5).
 */
export const ZAccountHeadGroup = z.object({
  key: z.number().int(),
  accountType: ZAccountType,
  accountHeadsDTO: z.array(ZAccountHeadOption),
});
export type TAccountHeadGroup = z.infer<typeof ZAccountHeadGroup>;

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

/**
 * POST /api/Financials/Funds/Save (spec 2.10 'Add Fund' modal; existing-client-api §2.5
 * `{name, fundType, financialAccountGroupID}`). Without a code the fund gets the next free one
 * of its head's range (3100, 3200, ...).
 */
export const ZFundSave = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1, 'Fund name is required').max(120),
  code: z.string().trim().max(20).optional().default(''),
  fundType: ZFundTypeInput,
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
