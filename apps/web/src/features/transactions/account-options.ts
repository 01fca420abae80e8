import type { TAccountOption } from '@steward/contracts/ledger';
import { ACCOUNT_TYPE_GROUPS } from '../chart-of-accounts/chart-model.ts';

/** Picker options of accounts, plain. */
export function accountOptions(accounts: readonly TAccountOption[]) {
  return accounts.map((a) => ({ value: a.id, label: a.text }));
}

/** Picker options grouped by account type (the general-ledger lines can use any account). */
export function groupedAccountOptions(accounts: readonly TAccountOption[]) {
  return ACCOUNT_TYPE_GROUPS.map((g) => ({
    label: g.label,
    title: g.label,
    options: accounts.filter((a) => a.accountType === g.type).map((a) => ({ value: a.id, label: a.text })),
  })).filter((g) => g.options.length > 0);
}
