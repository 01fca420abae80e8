import type { TAccount, TAccountHead, TChartOfAccounts } from '@steward/contracts/chart';
import type { TAccountType } from '@steward/contracts/ledger';
import { describe, expect, it } from 'vitest';
import { chartTabs, fundOfAccount, headOptionGroups, isFundTab } from './chart-model.ts';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function account(accountType: TAccountType, name: string): TAccount {
  return {
    id: uuid(),
    name,
    code: '',
    accountType,
    description: '',
    financialAccountGroupID: null,
    financialFundID: null,
    currencyID: 566,
    balance: 0,
    currency: { shortCode: 'NGN', symbol: '₦' },
    isActive: true,
    isCashBank: false,
    hasPostings: false,
    fundType: null,
  };
}

function head(accountType: TAccountType, name: string, accounts: number): TAccountHead {
  return {
    id: uuid(),
    name,
    groupSubHead: `${name} sub`,
    accountType,
    isCashBank: false,
    accounts: Array.from({ length: accounts }, (_, i) => account(accountType, `${name} ${i + 1}`)),
  };
}

describe('chartTabs', () => {
  // The server's positions: assets, liability, equity, income, expense.
  const group = (key: number, accountType: TAccountType, heads: ReturnType<typeof head>[]) => ({
    key,
    accountType,
    accounts: heads.flatMap((h) => h.accounts),
    accountHeadsDTO: heads,
  });
  const chart: TChartOfAccounts = {
    accountwithHeads: [
      group(0, 'assets', [head('assets', 'Cash and Bank', 2), head('assets', 'Fixed Assets', 1)]),
      group(1, 'liability', [head('liability', 'Payables', 0)]),
      group(2, 'equity', [head('equity', 'Funds', 1)]),
      group(3, 'income', [head('income', 'Offerings', 4)]),
      group(4, 'expense', [head('expense', 'Ministry', 3)]),
    ],
    accountwithoutheads: [],
  };

  it('shows the tabs in the screen order, each with the server list of its type', () => {
    const tabs = chartTabs(chart);
    expect(tabs.map((t) => t.label)).toEqual([
      'Assets',
      'Liabilities & Credit Cards',
      'Income',
      'Expenses',
      'Fund [Equity]',
    ]);
    expect(tabs.map((t) => t.heads[0]?.name)).toEqual(['Cash and Bank', 'Payables', 'Offerings', 'Ministry', 'Funds']);
  });

  it('counts the accounts of each tab, not its heads', () => {
    expect(chartTabs(chart).map((t) => t.count)).toEqual([3, 0, 4, 3, 1]);
  });
});

describe('headOptionGroups', () => {
  const heads = [
    { ...head('expense', 'Ministry', 0) },
    { ...head('assets', 'Cash and Bank', 0) },
    { ...head('equity', 'Funds', 0) },
    { ...head('assets', 'Fixed Assets', 0) },
  ];

  it('groups heads by type under the group labels in chart order, leaving out empty groups', () => {
    const groups = headOptionGroups(heads);
    expect(groups.map((g) => g.label)).toEqual(['Assets', 'Equity', 'Expenses']);
    expect(groups[0]?.options.map((o) => o.label)).toEqual(['Cash and Bank', 'Fixed Assets']);
  });

  it('keeps one type when asked', () => {
    expect(headOptionGroups(heads, 'expense').map((g) => g.label)).toEqual(['Expenses']);
    expect(headOptionGroups(heads, 'income')).toEqual([]);
  });
});

describe('funds', () => {
  it('only the equity tab works with funds', () => {
    expect(isFundTab('equity')).toBe(true);
    expect(isFundTab('assets')).toBe(false);
  });

  it('finds the fund of an equity account by its accountID', () => {
    const a = account('equity', 'Building Fund');
    const funds = [
      { id: uuid(), accountID: uuid() },
      { id: uuid(), accountID: a.id },
    ];
    expect(fundOfAccount(a, funds)).toBe(funds[1]);
    expect(fundOfAccount(account('equity', 'Other'), funds)).toBeNull();
  });
});
