import {
  ZAccountHeadGroup,
  ZAccountSaveResponse,
  ZChartOfAccounts,
  ZFund,
  ZFundSaveResponse,
  type TAccountSave,
  type TFundSave,
} from '@steward/contracts/chart';
import { ZStatusAnswer } from '@steward/contracts/common';
import { z } from 'zod';
import { HttpError, request } from './http.ts';
import { accountKeys } from './query-keys.ts';

/**
 * Chart-of-accounts keys live under `accountKeys.all`, so one invalidation after an account,
 * fund or transaction change reloads the chart, the pickers and the balances together.
 */
export const chartKeys = {
  chart: () => [...accountKeys.all, 'chart'] as const,
  heads: () => [...accountKeys.all, 'heads'] as const,
  funds: () => [...accountKeys.all, 'funds'] as const,
};

/**
 * GET /api/Financials/GetChartOfAccounts: five groups read by index (0 assets, 1 liabilities,
 * 2 equity, 3 income, 4 expenses), each with its heads in `accountHeadsDTO`, and the accounts
 * without a head.
 */
export function getChartOfAccounts() {
  return request('/api/Financials/GetChartOfAccounts', ZChartOfAccounts);
}

/** GET /api/Financials/Accounts/GetAccountHeads: the heads for the 'Account Type' select, in the chart's five groups. */
export function getAccountHeads() {
  return request('/api/Financials/Accounts/GetAccountHeads', z.array(ZAccountHeadGroup));
}

/**
 * POST (create) or PUT (edit, `body.id` set) /api/Financials/Accounts/Save. The PUT also edits a
 * fund's account (send `fundType`). Answers the envelope with the saved account.
 */
export function saveAccount(body: TAccountSave) {
  return request('/api/Financials/Accounts/Save', ZAccountSaveResponse, {
    method: body.id ? 'PUT' : 'POST',
    body,
  });
}

/** GET /api/Financials/Funds */
export function getFunds() {
  return request('/api/Financials/Funds', z.array(ZFund));
}

/** POST /api/Financials/Funds/Save: name, code, fundType (0 or 1), financialAccountGroupID. */
export function saveFund(body: TFundSave) {
  return request('/api/Financials/Funds/Save', ZFundSaveResponse, { method: 'POST', body });
}

/** A delete answer: 200 `{status, response}`, or 409 with the reason and `canDeactivate`. */
const ZDeleteOutcome = z.object({
  status: z.boolean(),
  response: z.string(),
  returnObject: z.object({ canDeactivate: z.boolean() }).nullable().optional(),
});

export interface DeleteOutcome {
  deleted: boolean;
  /** The server's text: a success message, or why it could not delete. */
  response: string;
  /** The account has postings and can be deactivated instead. */
  canDeactivate: boolean;
}

async function deleteWithReason(path: string, id: string): Promise<DeleteOutcome> {
  try {
    const res = await request(path, ZDeleteOutcome, { method: 'DELETE', query: { id } });
    return { deleted: res.status, response: res.response, canDeactivate: res.returnObject?.canDeactivate ?? false };
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) {
      const body = ZDeleteOutcome.safeParse(err.body);
      if (body.success)
        return {
          deleted: false,
          response: body.data.response,
          canDeactivate: body.data.returnObject?.canDeactivate ?? false,
        };
    }
    throw err;
  }
}

/** DELETE /api/Financials/Accounts/Delete?id= (409 with `canDeactivate` when it has postings). */
export function deleteAccount(id: string) {
  return deleteWithReason('/api/Financials/Accounts/Delete', id);
}

/** DELETE /api/Financials/Fund/Delete?id= (the fund id; same 409 answer as accounts). */
export function deleteFund(id: string) {
  return deleteWithReason('/api/Financials/Fund/Delete', id);
}

/** POST /api/Financials/Accounts/Deactivate?id= (an account id; for a fund, its accountID). */
export function deactivateAccount(id: string) {
  return request('/api/Financials/Accounts/Deactivate', ZStatusAnswer, { method: 'POST', query: { id } });
}
