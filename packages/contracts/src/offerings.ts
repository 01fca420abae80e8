import { z } from 'zod';
import { ZAmount, ZDate, ZEnvelope, ZId, ZOptionalId } from './common.ts';

/** Payment channels (spec §9); a new row defaults to Cash. */
export const PAYMENT_CHANNELS = ['Cheque', 'Cash', 'POS', 'Online', 'Bank Transfer', 'USSDText'] as const;
export const ZPaymentChannel = z.enum(PAYMENT_CHANNELS, { message: `must be one of ${PAYMENT_CHANNELS.join(', ')}` });

/** A percentage as free text or number: 0 < p <= 100, up to 4 decimals. */
export const ZPercentage = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^\d+(\.\d{1,4})?$/.test(s) || Number(s) <= 0 || Number(s) > 100) {
    ctx.addIssue({ code: 'custom', message: 'must be a percentage above 0 and at most 100' });
    return z.NEVER;
  }
  return s;
});

/**
 * One remittance split of an offering item (spec §3; existing-client-api §2.2, §2.3): exactly one
 * destination, a cash/bank account or an income account; the unused side may be absent, '' or
 * the all-zero id. `id` (sent back by an edit) is accepted and ignored: an edit replaces the splits.
 */
export const ZRemittanceInput = z.object({
  id: ZOptionalId.optional(),
  percentage: ZPercentage,
  distinationCashBankAccount: ZOptionalId.optional(),
  distinationIncomeAccount: ZOptionalId.optional(),
  financialFundID: ZOptionalId.optional(),
});

/**
 * POST /api/financials/contributions/items/save and PUT .../Items/edit body (spec 2.5;
 * existing-client-api §2.2, §2.3). Percentages total at most 100 (spec §5); a remittance may
 * not go to the item's own cash or income account (400 naming that destination field).
 */
export const ZContributionItemSave = z
  .object({
    id: ZId.optional(),
    name: z.string().trim().min(1, 'Name is required').max(120),
    incomeAccountId: ZId,
    cashAccountId: ZId,
    incomeRemittance: z.array(ZRemittanceInput).max(20).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const rows = v.incomeRemittance ?? [];
    rows.forEach((r, i) => {
      const n = Number(Boolean(r.distinationCashBankAccount)) + Number(Boolean(r.distinationIncomeAccount));
      if (n !== 1)
        ctx.addIssue({ code: 'custom', path: ['incomeRemittance', i], message: 'choose one destination account' });
      // a share sent back to the item's own account would move nothing (issue 7)
      if (r.distinationCashBankAccount && r.distinationCashBankAccount === v.cashAccountId)
        ctx.addIssue({
          code: 'custom',
          path: ['incomeRemittance', i, 'distinationCashBankAccount'],
          message: "cannot be the item's own cash account",
        });
      if (r.distinationIncomeAccount && r.distinationIncomeAccount === v.incomeAccountId)
        ctx.addIssue({
          code: 'custom',
          path: ['incomeRemittance', i, 'distinationIncomeAccount'],
          message: "cannot be the item's own income account",
        });
    });
    const total = rows.reduce((s, r) => s + Math.round(Number(r.percentage) * 10_000), 0);
    if (total > 100 * 10_000)
      ctx.addIssue({
        code: 'custom',
        path: ['incomeRemittance'],
        message: 'the sum of percentages should not exceed 100%',
      });
  });
export type TContributionItemSave = z.input<typeof ZContributionItemSave>;

/** GET /api/financials/contributions/items item (list and pickers). */
export const ZContributionItem = z.object({
  id: z.uuid(),
  name: z.string(),
  cashBankAccount: z.string(),
  incomeAccount: z.string(),
  incomeAccountID: z.uuid(),
  cashAccountID: z.uuid(),
});
export type TContributionItem = z.infer<typeof ZContributionItem>;

export const ZRemittance = z.object({
  id: z.uuid(),
  percentage: z.number(),
  distinationCashBankAccount: z.string(),
  distinationIncomeAccount: z.string(),
  financialFundID: z.string(),
});

/** GET /api/Financials/Contributions/Items/One?ID= answer (edit load). */
export const ZContributionItemDetail = z.object({
  id: z.uuid(),
  name: z.string(),
  incomeAccountID: z.uuid(),
  cashAccountID: z.uuid(),
  incomeRemittance: z.array(ZRemittance),
});
export type TContributionItemDetail = z.infer<typeof ZContributionItemDetail>;

/**
 * The answer of an item save and edit: the envelope with `{id, name}`, and the item's `id` at the
 * top level too (the existing client's quick-create reads `data.id`; existing-client-api §2.2).
 */
export const ZContributionItemSaveResponse = ZEnvelope(z.object({ id: z.uuid(), name: z.string() })).extend({
  id: z.uuid(),
});

/** One row of POST .../Transactions/Save and PUT .../Transactions/Edit (spec §3). */
export const ZOfferingRowInput = z.object({
  id: ZId.optional(),
  name: z.string().max(200).optional(),
  financialContributionID: ZId,
  date: ZDate,
  amount: ZAmount.refine((v) => Number(String(v).replace(/,/g, '')) > 0, { message: 'Enter amount for Offering item' }),
  paymentChannel: ZPaymentChannel,
  activityID: ZOptionalId.optional(),
  personID: ZOptionalId.optional(),
  currencyID: z.coerce.number().int().positive('must be a currency id'),
  /**
   * the row's own note (existing-client-api §2.2), kept and answered by Save, Edit and One; an
   * edit without it keeps the row's memo
   */
  memo: z.string().trim().max(500, 'Use at most 500 characters for the memo').optional(),
});
export type TOfferingRowInput = z.input<typeof ZOfferingRowInput>;

export const ZOfferingSaveRequest = z.array(ZOfferingRowInput).min(1, 'add at least one offering row').max(200);

/** An offering row as a save answers it (spec §3). */
export const ZOfferingSaved = z.object({
  id: z.uuid(),
  amount: z.number(),
  contribution: z.object({ name: z.string() }),
  date: z.string(),
  person: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  paymentChannel: z.string(),
  currencyID: z.number(),
  activityID: z.string().nullable(),
  memo: z.string(),
});
export const ZOfferingSaveResponse = ZEnvelope(z.array(ZOfferingSaved));

/** An offering transaction in the list (spec §3). */
export const ZOfferingListItem = z.object({
  id: z.uuid(),
  date: z.string(),
  eventDate: z.string().nullable(),
  eventName: z.string().nullable(),
  contribution: z.string(),
  amount: z.number(),
  currencyName: z.string(),
  channel: z.string(),
  donor: z.string(),
  activityId: z.string().nullable(),
});
export type TOfferingListItem = z.infer<typeof ZOfferingListItem>;

/** GET .../Transactions/One?ID= (spec §3 "Offering transaction (one, for edit)"). */
export const ZOfferingOne = z.object({
  id: z.uuid(),
  date: z.string(),
  activity: z.object({ name: z.string() }).nullable(),
  activityID: z.string().nullable(),
  contribution: z.object({ name: z.string() }),
  financialContributionID: z.uuid(),
  paymentChannel: z.string(),
  currencyID: z.number(),
  amount: z.number(),
  currency: z.object({ shortCode: z.string() }),
  personID: z.string().nullable(),
  person: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  memo: z.string(),
});
export type TOfferingOne = z.infer<typeof ZOfferingOne>;

/**
 * GET /api/People/GetPersonInfoWithAssignments/{personId}: the donor of an offering being edited
 * (existing-client-api §2.2 reads `firstName, lastName`).
 */
export const ZPersonInfo = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type TPersonInfo = z.infer<typeof ZPersonInfo>;

/** GET /api/Offering/contributionReport?date=&activityId= returnObject (spec §3). */
export const ZOfferingReport = z.object({
  activityName: z.string(),
  activityDate: z.string(),
  tenantCurrency: z.string(),
  totalToday: z.number(),
  totalLastWeek: z.number(),
  totalLastMonth: z.number(),
  totalLastYear: z.number(),
  todayVsLastWeek: z.number(),
  todayVsLastMonth: z.number(),
  todayVsLastYear: z.number(),
  todayContributions: z.array(
    z.object({
      id: z.uuid(),
      contribution: z.string(),
      name: z.string(),
      channel: z.string(),
      currencyName: z.string(),
      amount: z.number(),
      /** the event's name ('' without one): the default message reads `[0].eventName` */
      eventName: z.string(),
      /** the offering's date, 'YYYY-MM-DD' */
      date: z.string(),
      /** church-currency units per unit of `currencyName`, the stored rate the total uses (1 for the church currency); null without one (issue 7) */
      rate: z.number().nullable(),
      /** `amount` in the church currency (decimal); the rows add up exactly to totalToday; null without a rate (issue 7) */
      convertedAmount: z.number().nullable(),
    }),
  ),
  activityToday: z.object({ id: z.string() }).nullable(),
  /** the OFFERING area chart: 12 months ending with the report's month, same event category */
  monthly: z.array(z.object({ month: z.string(), name: z.string(), value: z.number() })),
});
export type TOfferingReport = z.infer<typeof ZOfferingReport>;

/** Period keys of the offering and donation summaries (spec §3, §9), in the dropdown's order. */
export const PERIOD_KEYS = [
  'oneWeek',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'lastThirtyDays',
  'lastNinetyDays',
  'oneYear',
] as const;
export type TPeriodKey = (typeof PERIOD_KEYS)[number];

/**
 * One period of the summary (existing-client-api §2.1): `income` and the charts in decimal major
 * units of the tenant currency. `barChart.data` is a plain array of numbers, one per day with
 * offerings in date order (the existing client hands it to Highcharts as a series);
 * `barChart.categories` holds those days as 'MM/DD/YYYY', index for index.
 */
export const ZPeriodSummary = z.object({
  name: z.string(),
  income: z.number(),
  pieChart: z.array(z.object({ name: z.string(), value: z.number() })),
  barChart: z.object({ data: z.array(z.number()), categories: z.array(z.string()) }),
});
export type TPeriodSummary = z.infer<typeof ZPeriodSummary>;

/** GET /api/financials/contributions/transactions/summary answer. */
export const ZContributionSummary = z.object({
  oneWeek: ZPeriodSummary,
  thisWeek: ZPeriodSummary,
  lastWeek: ZPeriodSummary,
  thisMonth: ZPeriodSummary,
  lastMonth: ZPeriodSummary,
  lastThirtyDays: ZPeriodSummary,
  lastNinetyDays: ZPeriodSummary,
  oneYear: ZPeriodSummary,
});
export type TContributionSummary = z.infer<typeof ZContributionSummary>;
