import type {
  TPaymentForm,
  TPaymentFormCreateInput,
  TPaymentFormGateway,
  TPaymentFormUpdateInput,
  TPaymentGateway,
  TSubaccount,
} from '@steward/contracts/giving';

/*
 * The pure rules of the payment form screen (giving spec 2.2, §4, §5): which gateways are
 * offered, the contribution item rows, gateway selection with the removed ids of edit mode, and
 * the body sent to newpaymentform / update. Tested in payment-form-model.test.ts.
 */

/** The identifiers of the two providers Steward speaks to, as gateway names contain them (spec §5). */
const PROVIDER_IDENTIFIERS = ['paystack', 'flutterwave'] as const;

/** True for a gateway whose name contains 'flutterwave' (any case): it settles through a subaccount (spec §4). */
export function isFlutterwave(gateway: Pick<TPaymentGateway, 'name'>): boolean {
  return gateway.name.toLowerCase().includes('flutterwave');
}

/** Only gateways whose name contains 'paystack' or 'flutterwave' (any case) are offered (spec §5). */
export function offeredGateways(all: TPaymentGateway[]): TPaymentGateway[] {
  return all.filter((g) => PROVIDER_IDENTIFIERS.some((p) => g.name.toLowerCase().includes(p)));
}

/** The subaccounts the existing client would offer: those whose first meta value is not null (existing-client-api §3.1). */
export function usableSubaccounts(list: TSubaccount[]): TSubaccount[] {
  return list.filter((s) => s.meta[0] !== undefined && s.meta[0].meta_value !== null);
}

// ---------------------------------------------------------------- contribution item rows

/**
 * One contribution item row of the form. `rowId` is the saved row's id (GetOne's
 * contributionItems[].id; null for a row added on this screen), `savedItemId` the item it was
 * saved with, `itemId` the item chosen now (null: none yet).
 */
export interface ItemRow {
  key: string;
  rowId: string | null;
  savedItemId: string | null;
  itemId: string | null;
}

let nextKey = 0;
/** A new empty row with a key unique to this page load. */
export function emptyRow(): ItemRow {
  nextKey += 1;
  return { key: `new-${nextKey}`, rowId: null, savedItemId: null, itemId: null };
}

/** The rows of a saved form (one per item row), or one empty row for a new form. */
export function initialRows(form?: TPaymentForm): ItemRow[] {
  if (!form || form.contributionItems.length === 0) return [emptyRow()];
  return form.contributionItems.map((c) => ({
    key: c.id,
    rowId: c.id,
    savedItemId: c.financialContributionID,
    itemId: c.financialContributionID,
  }));
}

/** The item ids chosen in the rows other than `exceptKey` (an item appears on a form once). */
export function itemsChosenElsewhere(rows: ItemRow[], exceptKey: string): Set<string> {
  return new Set(rows.filter((r) => r.key !== exceptKey && r.itemId).map((r) => r.itemId!));
}

/**
 * Puts a just-created item in the first row without an item, or in a new row at the end when
 * every row has one.
 */
export function placeNewItem(rows: ItemRow[], itemId: string): ItemRow[] {
  if (rows.some((r) => r.itemId === itemId)) return rows;
  const i = rows.findIndex((r) => r.itemId === null);
  if (i < 0) return [...rows, { ...emptyRow(), itemId }];
  return rows.map((r, j) => (j === i ? { ...r, itemId } : r));
}

// ---------------------------------------------------------------- gateways

/** A gateway as the form will send it. `rowId` is the saved gateway row's id (null when new). */
export interface ChosenGateway {
  paymentGateWayID: number;
  subAccountID: string | null;
  rowId: string | null;
}

/** The gateways ticked, and (edit mode) the saved gateway rows unticked since the form was loaded. */
export interface GatewayState {
  chosen: ChosenGateway[];
  removedRowIds: string[];
}

/** The saved form's gateways, all ticked, nothing removed; nothing ticked for a new form. */
export function initialGateways(form?: TPaymentForm): GatewayState {
  return {
    chosen: (form?.paymentGateWays ?? []).map((g) => ({
      paymentGateWayID: g.paymentGateWayID,
      subAccountID: g.subAccountID,
      rowId: g.id,
    })),
    removedRowIds: [],
  };
}

/**
 * Ticks or unticks gateway `id` (spec §4): ticking adds it (a gateway saved on the form comes
 * back with its row and subaccount, and leaves the removal list); unticking removes it and, when
 * it was saved on the form, records its row id for removal.
 */
export function toggleGateway(
  state: GatewayState,
  id: number,
  checked: boolean,
  saved: TPaymentFormGateway[] = [],
): GatewayState {
  const savedRow = saved.find((g) => g.paymentGateWayID === id);
  if (checked) {
    if (state.chosen.some((g) => g.paymentGateWayID === id)) return state;
    return {
      chosen: [
        ...state.chosen,
        savedRow
          ? { paymentGateWayID: id, subAccountID: savedRow.subAccountID, rowId: savedRow.id }
          : { paymentGateWayID: id, subAccountID: null, rowId: null },
      ],
      removedRowIds: savedRow ? state.removedRowIds.filter((r) => r !== savedRow.id) : state.removedRowIds,
    };
  }
  const chosen = state.chosen.filter((g) => g.paymentGateWayID !== id);
  const removedRowIds =
    savedRow && !state.removedRowIds.includes(savedRow.id)
      ? [...state.removedRowIds, savedRow.id]
      : state.removedRowIds;
  return { chosen, removedRowIds };
}

/** Sets (or clears, with null) the subaccount of gateway `id` when it is ticked. */
export function withSubaccount(state: GatewayState, id: number, subAccountID: string | null): GatewayState {
  return {
    ...state,
    chosen: state.chosen.map((g) => (g.paymentGateWayID === id ? { ...g, subAccountID } : g)),
  };
}

// ---------------------------------------------------------------- the bank account

/** The account as last checked with the providers: the name belongs to this number at this bank. */
export interface ResolvedAccount {
  accountNumber: string;
  bankCode: string;
  accountName: string;
}

/** An account number as typed, without spaces (the server drops them too). */
export function normaliseAccountNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

/** True when `resolved` is the account now in the fields: 'Save and Continue' looks enabled (spec §5). */
export function isResolvedFor(
  resolved: ResolvedAccount | null,
  accountNumber: string | null | undefined,
  bankCode: string | null | undefined,
): boolean {
  return (
    resolved !== null &&
    resolved.accountNumber === normaliseAccountNumber(accountNumber) &&
    resolved.bankCode === (bankCode ?? '')
  );
}

/** The saved form's account as resolved when it was saved (spec §4: the account name is loaded from the form). */
export function initialResolved(form?: TPaymentForm): ResolvedAccount | null {
  if (!form?.accountNumber || !form.bankCode || !form.accountName) return null;
  return { accountNumber: form.accountNumber, bankCode: form.bankCode, accountName: form.accountName };
}

// ---------------------------------------------------------------- the body sent

/** The form's fields as the screen holds them. */
export interface PaymentFormValues {
  name: string;
  bankCode: string | null;
  accountNumber: string;
  accountName: string;
  isActive: boolean;
}

/**
 * The body of POST newpaymentform (existing-client-api §3.1): only rows with a chosen item, each
 * item once (spec §5); gateways with their subaccount and saved row id (`updateId`).
 */
export function toCreateBody(
  values: PaymentFormValues,
  rows: ItemRow[],
  gateways: GatewayState,
): TPaymentFormCreateInput {
  const items = [...new Set(rows.map((r) => r.itemId).filter((id): id is string => id !== null))];
  return {
    name: values.name.trim(),
    bankCode: values.bankCode,
    accountNumber: normaliseAccountNumber(values.accountNumber) || null,
    accountName: values.accountName || null,
    isActive: values.isActive,
    contributionItems: items.map((financialContributionID) => ({ financialContributionID })),
    paymentGateWays: gateways.chosen.map((g) => ({
      paymentGateWayID: g.paymentGateWayID,
      subAccountID: g.subAccountID,
      updateId: g.rowId,
    })),
  };
}

/**
 * The body of PUT update: the create body plus `id`, the unticked saved gateway rows
 * (`removePaymentGatewayIDs`) and, in `removeContributionIDs`, the saved item rows whose item was
 * changed on this screen (the server keeps items it is sent and removes only those listed; rows
 * deleted on this screen are already gone through DELETE .../contributionItem).
 */
export function toUpdateBody(
  id: string,
  values: PaymentFormValues,
  rows: ItemRow[],
  gateways: GatewayState,
): TPaymentFormUpdateInput {
  return {
    ...toCreateBody(values, rows, gateways),
    id,
    removeContributionIDs: rows
      .filter((r) => r.rowId !== null && r.savedItemId !== null && r.itemId !== r.savedItemId)
      .map((r) => r.rowId!),
    removePaymentGatewayIDs: gateways.removedRowIds,
  };
}

/** What stops a save, in the order a person fixes them, or null when the form can be saved. */
export function saveBlocker(
  values: Pick<PaymentFormValues, 'name'>,
  rows: ItemRow[],
  gateways: GatewayState,
  accountResolved: boolean,
): 'name' | 'items' | 'account' | 'gateways' | null {
  if (!values.name.trim()) return 'name';
  if (!rows.some((r) => r.itemId !== null)) return 'items';
  if (!accountResolved) return 'account';
  if (gateways.chosen.length === 0) return 'gateways';
  return null;
}
