import { NIL_ID } from '@steward/contracts/common';
import type { TAccountOption } from '@steward/contracts/ledger';
import { describe, expect, it } from 'vitest';
import {
  groupRemittanceAccounts,
  indexAccounts,
  noAccountsGuidance,
  percentRemaining,
  percentTotalScaled,
  toFormValues,
  toSavePayload,
} from './offering-item-model.ts';

const INCOME: TAccountOption = {
  id: 'a-income',
  text: 'Tithes',
  accountType: 'income',
  financialFundID: 'fund-1',
  currency: 'NGN',
};
const CASH: TAccountOption = {
  id: 'a-cash',
  text: 'Bank',
  accountType: 'assets',
  financialFundID: null,
  currency: 'NGN',
};
const accounts = indexAccounts([CASH, INCOME]);

describe('groupRemittanceAccounts', () => {
  it('groups the flat list by accountType in order of appearance', () => {
    expect(groupRemittanceAccounts([CASH, INCOME])).toEqual([
      { accountType: 'assets', accounts: [CASH] },
      { accountType: 'income', accounts: [INCOME] },
    ]);
  });

  it("leaves out the item's own cash and income accounts", () => {
    expect(groupRemittanceAccounts([CASH, INCOME], ['a-cash', undefined])).toEqual([
      { accountType: 'income', accounts: [INCOME] },
    ]);
  });
});

describe('remittance percentages', () => {
  it('totals typed percentages exactly and ignores blanks', () => {
    expect(percentTotalScaled([{ percentage: '33.3333' }, { percentage: '66.6667' }, { percentage: '' }])).toBe(
      1_000_000,
    );
    expect(percentRemaining([{ percentage: '10.5' }, { percentage: '20' }])).toBe(69.5);
    expect(percentRemaining([{ percentage: '70' }, { percentage: '40' }])).toBe(-10);
  });
});

describe('toSavePayload', () => {
  const base = { name: ' Building ', incomeAccountId: 'inc', cashAccountId: 'cash' };

  it('sends null remittance when the section is off', () => {
    const p = toSavePayload(
      { ...base, applyRemittance: false, remittance: [{ accountId: 'a-cash', percentage: '10' }] },
      accounts,
    );
    expect(p).toEqual({ name: 'Building', incomeAccountId: 'inc', cashAccountId: 'cash', incomeRemittance: null });
  });

  it('routes income accounts with their fund and asset accounts to distinationCashBankAccount', () => {
    const p = toSavePayload(
      {
        ...base,
        applyRemittance: true,
        remittance: [
          { accountId: 'a-income', percentage: '10' },
          { accountId: 'a-cash', percentage: '5' },
        ],
      },
      accounts,
      'item-1',
    );
    expect(p.id).toBe('item-1');
    expect(p.incomeRemittance).toEqual([
      { percentage: '10', distinationIncomeAccount: 'a-income', financialFundID: 'fund-1' },
      { percentage: '5', distinationCashBankAccount: 'a-cash' },
    ]);
  });
});

describe('toFormValues', () => {
  it('turns remittance on when the loaded item has rows and picks the set destination', () => {
    const v = toFormValues({
      id: 'i',
      name: 'Levy',
      incomeAccountID: 'inc',
      cashAccountID: 'cash',
      incomeRemittance: [
        {
          id: 'r',
          percentage: 12.5,
          distinationCashBankAccount: NIL_ID,
          distinationIncomeAccount: 'a-income',
          financialFundID: 'fund-1',
        },
      ],
    });
    expect(v.applyRemittance).toBe(true);
    expect(v.remittance).toEqual([{ accountId: 'a-income', percentage: '12.5' }]);
  });

  it('starts a new item with the section off and one empty row', () => {
    const v = toFormValues();
    expect(v.applyRemittance).toBe(false);
    expect(v.remittance).toHaveLength(1);
  });
});

describe('noAccountsGuidance (issue 7, part 4)', () => {
  it('names what is missing and the controls the chart always shows, never Update Account', () => {
    const both = noAccountsGuidance({ income: true, cash: true });
    expect(both.tab).toBe('income');
    expect(both.paragraphs).toEqual([
      'An offering item needs an income account and a cash or bank account, and your church has none yet.',
      "In Chart of Accounts, open the Income tab and click 'Add a new Account' under an income head.",
      "In Chart of Accounts, open the Assets tab and click 'Add a new Account' under a cash or bank head.",
    ]);
    expect(both.paragraphs.join(' ')).not.toContain('Update Account');
  });

  it('opens the tab of the missing kind', () => {
    expect(noAccountsGuidance({ income: true, cash: false })).toMatchObject({
      tab: 'income',
      paragraphs: [expect.stringContaining('needs an income account,'), expect.stringContaining('Income tab')],
    });
    const cash = noAccountsGuidance({ income: false, cash: true });
    expect(cash.tab).toBe('assets');
    expect(cash.paragraphs).toHaveLength(2);
    expect(cash.paragraphs[1]).toContain('Assets tab');
  });
});
