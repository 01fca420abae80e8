import type { TEditableTransaction } from '@steward/contracts/finance';
import { describe, expect, it } from 'vitest';
import { amountMinor, cleanAmountInput } from './amount-text.ts';
import {
  checkSplit,
  newSplitLine,
  splitBalanceText,
  splitDraftFromEditable,
  toExpenseSave,
  toIncomeSave,
} from './split-model.ts';

const lines = (...amounts: string[]) => amounts.map((amountText) => newSplitLine({ amountText }));
const ACC = '11111111-1111-4111-8111-111111111111';
const CASH = '22222222-2222-4222-8222-222222222222';
const DONOR = '33333333-3333-4333-8333-333333333333';

describe('amount input', () => {
  it('keeps digits, grouping commas, one dot and a leading minus', () => {
    expect(cleanAmountInput('₦-1,200.50x')).toBe('-1,200.50');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('5-')).toBe('5');
  });

  it('reads signed minor units, empty as 0, junk as null', () => {
    expect(amountMinor('-1,200.50', 'NGN')).toBe(-120050n);
    expect(amountMinor('', 'NGN')).toBe(0n);
    expect(amountMinor('1.234', 'NGN')).toBeNull();
    expect(amountMinor('-', 'NGN')).toBeNull();
  });
});

describe('checkSplit (spec §5)', () => {
  it('needs an amount', () => {
    expect(checkSplit('', lines(''), 'NGN').canSave).toBe(false);
    expect(checkSplit('0', lines(''), 'NGN').canSave).toBe(false);
    expect(checkSplit('100', lines(''), 'NGN').canSave).toBe(true);
  });

  it('with one line uses the whole amount, whatever the line says', () => {
    expect(checkSplit('100', lines('35'), 'NGN')).toMatchObject({ canSave: true, exceeds: false });
  });

  it('with several lines needs |sum| to equal |total|', () => {
    expect(checkSplit('100', lines('60', '40'), 'NGN').canSave).toBe(true);
    expect(checkSplit('100', lines('60', '30'), 'NGN')).toMatchObject({ canSave: false, exceeds: false });
    expect(checkSplit('-100', lines('60', '-40'), 'NGN').canSave).toBe(true);
    expect(checkSplit('100.50', lines('100', '0.5'), 'NGN').canSave).toBe(true);
  });

  it('flags a split sum above the total', () => {
    expect(checkSplit('100', lines('60', '50'), 'NGN')).toMatchObject({
      canSave: false,
      exceeds: true,
      linesSum: 11000n,
    });
  });

  it('refuses a line that is not an amount', () => {
    expect(checkSplit('100', lines('100', '1.234'), 'NGN')).toMatchObject({ canSave: false, linesSum: null });
  });
});

describe('splitBalanceText (issue 7, part 4: say why Save is disabled)', () => {
  const say = (total: string, amounts: string[], currency = 'NGN') =>
    splitBalanceText(checkSplit(total, lines(...amounts), currency), currency);

  it('says by how much the lines fall short of the total, in the form currency', () => {
    expect(say('10,000', ['6,000', '2,500'])).toBe('Short by ₦1,500.00');
    expect(say('100', ['60', '30'], 'USD')).toBe('Short by $10.00');
    expect(checkSplit('10,000', lines('6,000', '2,500'), 'NGN').difference).toBe(-150000n);
  });

  it('says by how much they are over', () => {
    expect(say('100', ['60', '50.25'])).toBe('Over by ₦10.25');
  });

  it('says nothing when Save is enabled', () => {
    expect(say('100', ['60', '40'])).toBeNull();
    expect(say('100', ['35'])).toBeNull();
  });

  it('asks for the amount, or for an amount on every line', () => {
    expect(say('', ['60', '40'])).toBe('Enter the amount');
    expect(say('0', [''])).toBe('Enter the amount');
    expect(say('100', ['100', '1.234'])).toBe('Enter an amount on every line');
  });
});

describe('payloads (spec §3)', () => {
  const draft = {
    amountText: '-1,500.5',
    date: '2025-03-09',
    memo: ' Sunday ',
    cashAccountId: CASH,
    lines: [newSplitLine({ accountId: ACC, amountText: '', donor: { id: DONOR, name: 'Ada' } })],
  };

  it('income: absolute amounts, a single line carries the whole amount, debitAccountID is the cash account', () => {
    expect(toIncomeSave(draft, 'NGN')).toEqual({
      amount: '1500.50',
      date: '2025-03-09',
      memo: 'Sunday',
      category: 'inflow',
      debitAccountID: CASH,
      creditSplitAccounts: [{ accountID: ACC, amount: '1500.50', contactID: DONOR }],
    });
  });

  it('expense: creditAccountID is the cash account, several lines keep their own absolute amounts, edit keeps id', () => {
    const body = toExpenseSave(
      {
        ...draft,
        id: CASH,
        transactionNumber: 'TX-9',
        amountText: '100',
        lines: [
          newSplitLine({ accountId: ACC, amountText: '-60' }),
          newSplitLine({ accountId: ACC, amountText: '40' }),
        ],
      },
      'NGN',
    );
    expect(body).toMatchObject({
      id: CASH,
      transactionNumber: 'TX-9',
      amount: '100.00',
      category: 'outflow',
      creditAccountID: CASH,
      debitSplitAccounts: [
        { accountID: ACC, amount: '60.00', contactID: null },
        { accountID: ACC, amount: '40.00', contactID: null },
      ],
    });
  });

  it('loads an editable expense from its debit splits', () => {
    const t: TEditableTransaction = {
      id: CASH,
      date: '2025-03-09T00:00:00Z',
      amount: -1250.5,
      memo: 'Fuel',
      note: '',
      transactionNumber: 'TX-1',
      category: 'outflow',
      account: { id: CASH, text: '1000 - Cash', name: 'Cash' },
      accountID: CASH,
      approved: false,
      debitSplitAccounts: [
        {
          accountID: ACC,
          amount: 1250.5,
          contactID: DONOR,
          contactName: 'Ada',
          donorId: DONOR,
          donor: 'Ada',
          transactionID: CASH,
          account: { id: ACC, text: '5800 - Fuel', name: 'Fuel' },
          debitAccountID: ACC,
          fundID: '',
          memo: '',
        },
      ],
      creditSplitAccounts: [],
    };
    const d = splitDraftFromEditable(t);
    expect(d).toMatchObject({
      id: CASH,
      transactionNumber: 'TX-1',
      amountText: '1,250.5',
      date: '2025-03-09',
      cashAccountId: CASH,
    });
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ accountId: ACC, amountText: '1,250.5', donor: { id: DONOR, name: 'Ada' } });
    // shown with grouping commas, it reads back as the same amount
    expect(amountMinor(d.amountText, 'NGN')).toBe(125050n);
  });
});
