import { NIL_ID } from '@steward/contracts/common';
import type { TAccountOption } from '@steward/contracts/ledger';
import { describe, expect, it } from 'vitest';
import {
  groupRemittanceAccounts,
  indexAccounts,
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
