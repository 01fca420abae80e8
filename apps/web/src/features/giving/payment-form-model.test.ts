import {
  ZPaymentFormCreate,
  ZPaymentFormUpdate,
  type TPaymentForm,
  type TPaymentGateway,
  type TSubaccount,
} from '@steward/contracts/giving';
import { describe, expect, it } from 'vitest';
import { iframeMarkup, qrFileName } from './copy-text.ts';
import {
  emptyRow,
  initialGateways,
  initialResolved,
  initialRows,
  isResolvedFor,
  itemsChosenElsewhere,
  offeredGateways,
  placeNewItem,
  saveBlocker,
  toCreateBody,
  toggleGateway,
  toUpdateBody,
  usableSubaccounts,
  withSubaccount,
  type PaymentFormValues,
} from './payment-form-model.ts';

const PAYSTACK: TPaymentGateway = {
  id: 1,
  name: 'Paystack',
  countryCoverageArea: 'Nigeria',
  isActive: true,
  isSubAccountSupported: false,
};
const FLUTTERWAVE: TPaymentGateway = {
  id: 2,
  name: 'FlutterWave',
  countryCoverageArea: 'Nigeria',
  isActive: true,
  isSubAccountSupported: true,
};

const ITEM_A = '11111111-1111-4111-8111-111111111111';
const ITEM_B = '22222222-2222-4222-8222-222222222222';
const ITEM_C = '33333333-3333-4333-8333-333333333333';
const FORM_ID = '44444444-4444-4444-8444-444444444444';
const ROW_A = '55555555-5555-4555-8555-555555555555';
const ROW_B = '66666666-6666-4666-8666-666666666666';
const GW_ROW_PAYSTACK = '77777777-7777-4777-8777-777777777777';
const GW_ROW_FLUTTERWAVE = '88888888-8888-4888-8888-888888888888';

const SAVED: TPaymentForm = {
  id: FORM_ID,
  name: 'Sunday Giving',
  bank: 'Guaranty Trust Bank',
  bankID: 10,
  bankCode: '058',
  accountNumber: '0123456789',
  accountName: 'GRACE CHAPEL',
  isActive: true,
  date: '2026-03-01T10:00:00Z',
  contributionItems: [
    { id: ROW_A, financialContributionID: ITEM_A, financialContribution: { id: ITEM_A, name: 'Tithe' } },
    { id: ROW_B, financialContributionID: ITEM_B, financialContribution: { id: ITEM_B, name: 'Offering' } },
  ],
  paymentGateWays: [
    {
      id: GW_ROW_PAYSTACK,
      paymentGateWayID: 1,
      paymentGateway: PAYSTACK,
      subAccountID: null,
      updateId: GW_ROW_PAYSTACK,
    },
    {
      id: GW_ROW_FLUTTERWAVE,
      paymentGateWayID: 2,
      paymentGateway: FLUTTERWAVE,
      subAccountID: 'RS_ABC',
      updateId: GW_ROW_FLUTTERWAVE,
    },
  ],
  paymentUrl: 'http://localhost/give/x',
  iframeUrl: 'http://localhost/iframe/x',
  paymentUrlQRCode: 'data:image/png;base64,AAAA',
};

const VALUES: PaymentFormValues = {
  name: '  Sunday Giving ',
  bankCode: '058',
  accountNumber: '0123 456 789',
  accountName: 'GRACE CHAPEL',
  isActive: true,
};

describe('offeredGateways', () => {
  it('keeps only the gateways whose name contains paystack or flutterwave, any case (spec §5)', () => {
    const other = { ...PAYSTACK, id: 9, name: 'Stripe' };
    const upper = { ...FLUTTERWAVE, id: 3, name: 'FLUTTERWAVE v3' };
    expect(offeredGateways([PAYSTACK, other, FLUTTERWAVE, upper]).map((g) => g.id)).toEqual([1, 2, 3]);
  });
});

describe('usableSubaccounts', () => {
  it('keeps the subaccounts whose first meta value is not null, as the existing client does', () => {
    const base: TSubaccount = {
      subaccount_id: 'RS_1',
      account_number: '0123456789',
      account_bank: '058',
      business_name: 'Grace',
      bank_name: 'GTBank',
      meta: [{ meta_name: 'business_name', meta_value: 'Grace' }],
    };
    const nullMeta = { ...base, subaccount_id: 'RS_2', meta: [{ meta_name: 'x', meta_value: null }] };
    const noMeta = { ...base, subaccount_id: 'RS_3', meta: [] };
    expect(usableSubaccounts([base, nullMeta, noMeta]).map((s) => s.subaccount_id)).toEqual(['RS_1']);
  });
});

describe('item rows', () => {
  it('start with one empty row for a new form and the saved rows for an edit', () => {
    const fresh = initialRows();
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ rowId: null, itemId: null });
    expect(initialRows(SAVED)).toEqual([
      { key: ROW_A, rowId: ROW_A, savedItemId: ITEM_A, itemId: ITEM_A },
      { key: ROW_B, rowId: ROW_B, savedItemId: ITEM_B, itemId: ITEM_B },
    ]);
  });

  it('do not offer an item chosen in another row', () => {
    const rows = initialRows(SAVED);
    expect([...itemsChosenElsewhere(rows, ROW_A)]).toEqual([ITEM_B]);
  });

  it('put a created item in the first empty row, else in a new row, never twice', () => {
    const rows = [...initialRows(SAVED), emptyRow()];
    const placed = placeNewItem(rows, ITEM_C);
    expect(placed.map((r) => r.itemId)).toEqual([ITEM_A, ITEM_B, ITEM_C]);
    const again = placeNewItem(placed, ITEM_C);
    expect(again).toBe(placed);
    const full = placeNewItem(initialRows(SAVED), ITEM_C);
    expect(full.map((r) => r.itemId)).toEqual([ITEM_A, ITEM_B, ITEM_C]);
    expect(full[2]!.rowId).toBeNull();
  });
});

describe('toggleGateway', () => {
  it('adds a new gateway without a row or subaccount', () => {
    const s = toggleGateway(initialGateways(), 2, true);
    expect(s).toEqual({ chosen: [{ paymentGateWayID: 2, subAccountID: null, rowId: null }], removedRowIds: [] });
    expect(toggleGateway(s, 2, true)).toBe(s);
  });

  it('records a saved gateway row for removal when unticked, and takes it back when ticked again (spec §4)', () => {
    const saved = SAVED.paymentGateWays;
    const start = initialGateways(SAVED);
    const off = toggleGateway(start, 2, false, saved);
    expect(off.chosen.map((g) => g.paymentGateWayID)).toEqual([1]);
    expect(off.removedRowIds).toEqual([GW_ROW_FLUTTERWAVE]);
    expect(toggleGateway(off, 2, false, saved).removedRowIds).toEqual([GW_ROW_FLUTTERWAVE]);
    const back = toggleGateway(off, 2, true, saved);
    expect(back.removedRowIds).toEqual([]);
    expect(back.chosen).toContainEqual({ paymentGateWayID: 2, subAccountID: 'RS_ABC', rowId: GW_ROW_FLUTTERWAVE });
  });

  it('a gateway that was never saved leaves nothing to remove', () => {
    const on = toggleGateway(initialGateways(), 1, true);
    expect(toggleGateway(on, 1, false)).toEqual({ chosen: [], removedRowIds: [] });
  });

  it('sets and clears the subaccount of a ticked gateway only', () => {
    const s = withSubaccount(toggleGateway(initialGateways(), 2, true), 2, 'RS_NEW');
    expect(s.chosen[0]!.subAccountID).toBe('RS_NEW');
    expect(withSubaccount(s, 1, 'RS_X').chosen).toEqual(s.chosen);
    expect(withSubaccount(s, 2, null).chosen[0]!.subAccountID).toBeNull();
  });
});

describe('the resolved account', () => {
  it('counts only for the number and bank it was resolved for, spaces aside', () => {
    const r = initialResolved(SAVED);
    expect(r).toEqual({ accountNumber: '0123456789', bankCode: '058', accountName: 'GRACE CHAPEL' });
    expect(isResolvedFor(r, '0123 456789', '058')).toBe(true);
    expect(isResolvedFor(r, '0123456780', '058')).toBe(false);
    expect(isResolvedFor(r, '0123456789', '044')).toBe(false);
    expect(isResolvedFor(null, '0123456789', '058')).toBe(false);
    expect(initialResolved({ ...SAVED, accountName: null })).toBeNull();
  });
});

describe('the body sent', () => {
  it('create: trimmed name, spaces out of the number, only rows with an item, each item once (spec §5)', () => {
    const rows = [...initialRows(SAVED), emptyRow(), { ...emptyRow(), itemId: ITEM_A }];
    const gateways = toggleGateway(toggleGateway(initialGateways(), 1, true), 2, true);
    const body = toCreateBody(VALUES, rows, gateways);
    expect(body).toEqual({
      name: 'Sunday Giving',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL',
      isActive: true,
      contributionItems: [{ financialContributionID: ITEM_A }, { financialContributionID: ITEM_B }],
      paymentGateWays: [
        { paymentGateWayID: 1, subAccountID: null, updateId: null },
        { paymentGateWayID: 2, subAccountID: null, updateId: null },
      ],
    });
    expect(ZPaymentFormCreate.safeParse(body).success).toBe(true);
  });

  it('update: the removed gateway rows, and the saved rows whose item changed', () => {
    const rows = initialRows(SAVED).map((r) => (r.rowId === ROW_B ? { ...r, itemId: ITEM_C } : r));
    const gateways = toggleGateway(initialGateways(SAVED), 1, false, SAVED.paymentGateWays);
    const body = toUpdateBody(FORM_ID, VALUES, rows, gateways);
    expect(body.id).toBe(FORM_ID);
    expect(body.removeContributionIDs).toEqual([ROW_B]);
    expect(body.removePaymentGatewayIDs).toEqual([GW_ROW_PAYSTACK]);
    expect(body.contributionItems).toEqual([{ financialContributionID: ITEM_A }, { financialContributionID: ITEM_C }]);
    expect(body.paymentGateWays).toEqual([
      { paymentGateWayID: 2, subAccountID: 'RS_ABC', updateId: GW_ROW_FLUTTERWAVE },
    ]);
    expect(ZPaymentFormUpdate.safeParse(body).success).toBe(true);
  });

  it('an empty account is sent as null', () => {
    const body = toCreateBody({ ...VALUES, bankCode: null, accountNumber: ' ', accountName: '' }, initialRows(), {
      chosen: [],
      removedRowIds: [],
    });
    expect(body).toMatchObject({ bankCode: null, accountNumber: null, accountName: null, contributionItems: [] });
  });
});

describe('saveBlocker', () => {
  const rows = initialRows(SAVED);
  const gateways = initialGateways(SAVED);
  it('names the first thing to fix: name, items, account, gateways', () => {
    expect(saveBlocker({ name: ' ' }, rows, gateways, true)).toBe('name');
    expect(saveBlocker({ name: 'A' }, initialRows(), gateways, true)).toBe('items');
    expect(saveBlocker({ name: 'A' }, rows, gateways, false)).toBe('account');
    expect(saveBlocker({ name: 'A' }, rows, { chosen: [], removedRowIds: [] }, true)).toBe('gateways');
    expect(saveBlocker({ name: 'A' }, rows, gateways, true)).toBeNull();
  });
});

describe('sharing', () => {
  it('builds the 720 by 1190 iframe markup with the attributes escaped (spec 2.3, §9)', () => {
    const html = iframeMarkup('https://steward.example/iframe/abc', 'Tithes & "Seeds"');
    expect(html).toMatch(/^<iframe src="https:\/\/steward\.example\/iframe\/abc" width="720" height="1190" /);
    expect(html).toContain('title="Give: Tithes &amp; &quot;Seeds&quot;"');
    expect(html.endsWith('></iframe>')).toBe(true);
  });

  it('names the QR code file after the form', () => {
    expect(qrFileName('Sunday Giving — 2026!')).toBe('sunday-giving-2026-qr-code.png');
    expect(qrFileName('***')).toBe('payment-form-qr-code.png');
  });
});
