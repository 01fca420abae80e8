import { expect } from 'vitest';
import { NGN } from './fixtures.ts';
import type { OfferingChurch } from './offering-setup.ts';

/**
 * What the contract tests of the existing web client's finance calls share
 * (contract-finance*.test.ts; existing-client-api §2).
 */

/** An id as the client receives it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** AddOffering.vue `post()`: one row as the client maps it (amount a number, personID '' or an id). */
export const clientRow = (c: OfferingChurch, extra: Record<string, unknown> = {}) => ({
  name: 'Sunday Offering',
  financialContributionID: c.sundayItem,
  date: '2026-11-23T10:15:00',
  amount: 2500.5,
  paymentChannel: 'Cash',
  activityID: c.eventId,
  personID: c.donorId,
  currencyID: NGN,
  ...extra,
});

/** Saves rows through the client's Save call and answers the returnObject rows. */
export async function save(c: OfferingChurch, rows: Record<string, unknown>[]) {
  const res = await c.api.post('/api/Financials/Contributions/Transactions/Save', rows);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string }[] }).returnObject;
}
