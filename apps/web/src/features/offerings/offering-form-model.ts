import { PAYMENT_CHANNELS, type TOfferingOne, type TOfferingRowInput } from '@steward/contracts/offerings';
import { convertMinor, type FxRates } from '@steward/money/fx';
import { parseAmount, stripToAmountText } from '@steward/money/parse';

export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** A donor chosen for a row. */
export interface RowDonor {
  id: string;
  name: string;
}

/** One row of the recording screen (spec 2.3). */
export interface OfferingRow {
  key: string;
  /** The saved transaction id (edit mode, first row). */
  id?: string;
  itemId: string | null;
  channel: PaymentChannel;
  /** ISO 4217 numeric code (the API's currencyID). */
  currencyId: number | null;
  /** What the user typed, reduced to digits and a dot. */
  amountText: string;
  donor: RowDonor | null;
}

let rowSeq = 0;

/** A new row: Cash (spec §9), the tenant currency, no amount, no donor. */
export function newRow(currencyId: number | null): OfferingRow {
  rowSeq += 1;
  return { key: `row-${rowSeq}`, itemId: null, channel: 'Cash', currencyId, amountText: '', donor: null };
}

export function isPaymentChannel(v: string): v is PaymentChannel {
  return (PAYMENT_CHANNELS as readonly string[]).includes(v);
}

/** The row of a transaction loaded for edit. */
export function rowFromOne(one: TOfferingOne): OfferingRow {
  return {
    ...newRow(one.currencyID),
    id: one.id,
    itemId: one.financialContributionID,
    channel: isPaymentChannel(one.paymentChannel) ? one.paymentChannel : 'Cash',
    amountText: String(one.amount),
    donor:
      one.personID && one.person
        ? { id: one.personID, name: `${one.person.firstName} ${one.person.lastName}`.trim() }
        : null,
  };
}

/** The amount input rule (spec §5): keep digits and one dot. */
export function cleanAmountText(text: string): string {
  return stripToAmountText(text);
}

/** The amount a row sends (spec §3): a number, 0 when unparseable. */
export function rowAmount(row: Pick<OfferingRow, 'amountText'>): number {
  const n = Number(cleanAmountText(row.amountText));
  return Number.isFinite(n) ? n : 0;
}

export type RowProblem = 'amount' | 'item' | 'currency';

/** The first problem that blocks saving, checked row by row: an amount, then an item, then a currency. */
export function firstRowProblem(rows: readonly OfferingRow[]): RowProblem | null {
  if (rows.some((r) => rowAmount(r) <= 0)) return 'amount';
  if (rows.some((r) => !r.itemId)) return 'item';
  if (rows.some((r) => r.currencyId === null)) return 'currency';
  return null;
}

export interface PayloadContext {
  /** 'YYYY-MM-DD'. */
  date: string;
  activityId: string | null;
  itemName: (id: string) => string | undefined;
}

/**
 * The save payload (spec §3): one entry per row with name, financialContributionID, date,
 * amount (number), paymentChannel, activityID, personID (or empty), currencyID; a row loaded for
 * edit carries its id. Call only when `firstRowProblem` is null.
 */
export function toPayload(rows: readonly OfferingRow[], ctx: PayloadContext): TOfferingRowInput[] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: (r.itemId && ctx.itemName(r.itemId)) || '',
    financialContributionID: r.itemId ?? '',
    date: ctx.date,
    amount: rowAmount(r),
    paymentChannel: r.channel,
    activityID: ctx.activityId ?? '',
    personID: r.donor?.id ?? '',
    currencyID: r.currencyId ?? 0,
  }));
}

export type GrandTotal = { ok: true; minor: bigint } | { ok: false; missing: string };

/**
 * The sum of the rows in `target` (ISO code), in minor units: each row converted from its own
 * currency with the USD-based rates (exact, half-even, @steward/money/fx). Rows without an amount
 * count 0. `{ok:false}` names the first currency that cannot be converted.
 */
export function grandTotal(
  rows: readonly OfferingRow[],
  codeOf: (currencyId: number | null) => string | undefined,
  target: string,
  rates: FxRates | undefined,
): GrandTotal {
  let sum = 0n;
  for (const r of rows) {
    const code = codeOf(r.currencyId);
    if (!code) return { ok: false, missing: String(r.currencyId ?? '') };
    let minor: bigint;
    try {
      minor = parseAmount(cleanAmountText(r.amountText) || '0', code);
    } catch {
      minor = 0n;
    }
    if (code === target) {
      sum += minor;
      continue;
    }
    if (!rates) return { ok: false, missing: code };
    try {
      sum += convertMinor(minor, code, target, rates).amount;
    } catch {
      return { ok: false, missing: code };
    }
  }
  return { ok: true, minor: sum };
}
