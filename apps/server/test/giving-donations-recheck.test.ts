import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { donationJobsOf } from '../src/modules/giving/donations-routes.ts';
import { waitFor } from './helpers.ts';
import {
  entriesOfPayment,
  giftBody,
  givingChurch,
  initialise,
  paymentRow,
  startGivingHarness,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';

/**
 * Nothing stays pending forever (issue 10): each initialised payment schedules a re-check with
 * the provider (pg-boss), repeated with backoff until it is settled, or abandoned once the
 * abandonment window has passed; a sweep settles what is still pending after a while whatever
 * became of its jobs. The delays are shortened here (DONATION_RECHECK_FIRST_SECONDS 1,
 * DONATION_ABANDON_AFTER_SECONDS 6); no webhook is delivered and no payer comes back.
 */

let h: GivingHarness;
let a: GivingChurch;
beforeAll(async () => {
  h = await startGivingHarness(
    {},
    {
      DONATION_RECHECK_FIRST_SECONDS: 1,
      DONATION_RECHECK_MAX_SECONDS: 2,
      DONATION_ABANDON_AFTER_SECONDS: 6,
      DONATION_SWEEP_AFTER_SECONDS: 3600,
      DONATION_SWEEP_INTERVAL_SECONDS: 3600,
    },
  );
  a = await givingChurch(h.app);
}, 120_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.sandbox.setWebhookMode('none');
});

const jobs = () => {
  const j = donationJobsOf(h.app);
  if (!j) throw new Error('the donation jobs are not running');
  return j;
};

describe('the re-check job', () => {
  it('is scheduled when a payment is initialised, and settles a gift paid without webhook or return', async () => {
    const init = await initialise(h.app, giftBody(a));
    const job = await jobs().checkJobState(init.reference, 0);
    expect(job).not.toBeNull();
    // the payer pays; the provider sends nothing and the payer never comes back
    expect(h.sandbox.complete('paystack', init.reference, 'success')).toBe(true);
    const row = await waitFor(
      () => paymentRow(h.database, init.reference),
      (r) => r?.status !== 'pending',
    );
    expect(row!.status).toBe('succeeded');
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);
  });

  it('records a failed payment as failed', async () => {
    const init = await initialise(h.app, giftBody(a, { paymentGateway: 'Flutterwave' }));
    // Flutterwave knows the transaction only once the checkout is open
    expect(h.sandbox.complete('flutterwave', init.reference, 'failed')).toBe(true);
    const row = await waitFor(
      () => paymentRow(h.database, init.reference),
      (r) => r?.status !== 'pending',
    );
    expect(row!.status).toBe('failed');
  });

  it('marks a payment never paid as abandoned once the window has passed, checking again meanwhile', async () => {
    const init = await initialise(h.app, giftBody(a));
    const row = await waitFor(
      () => paymentRow(h.database, init.reference),
      (r) => r?.status !== 'pending',
    );
    expect(row!.status).toBe('abandoned');
    expect(row!.status_reason).toMatch(/^Not paid within/);
    const [checks] = await queryRows<{ check_count: number }>(
      h.database.db,
      sql`select check_count from payments where reference = ${init.reference}`,
    );
    expect(checks!.check_count).toBeGreaterThan(1);
    expect(await jobs().checkJobState(init.reference, 1)).not.toBeNull();
    // a payer who finishes the abandoned checkout later is still counted, once
    expect(h.sandbox.complete('paystack', init.reference, 'success')).toBe(true);
    const late = await h.app.inject({
      method: 'POST',
      url: `/ConfirmDonationPayment?id=${init.reference}&txnref=${init.reference}`,
    });
    expect(late.json()).toMatchObject({ status: true, returnObject: { status: 'succeeded' } });
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);
  });
});

describe('the sweep', () => {
  it('settles payments pending longer than the sweep delay, whatever became of their jobs', async () => {
    const init = await initialise(h.app, giftBody(a));
    h.sandbox.complete('paystack', init.reference, 'success');
    // as if it began two hours ago and its jobs were lost
    await h.database.db.execute(
      sql`update payments set created_at = now() - interval '2 hours' where reference = ${init.reference}`,
    );
    const looked = await jobs().sweep();
    expect(looked).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('succeeded');
  });
});
