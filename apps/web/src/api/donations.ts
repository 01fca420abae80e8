import { ZEnvelope, ZStatusAnswer, ZPaged } from '@steward/contracts/common';
import { ZDonationListItem, ZPaymentList, ZPaymentOutcome, type TPaymentStatus } from '@steward/contracts/donations';
import { ZContributionSummary } from '@steward/contracts/offerings';
import { z } from 'zod';
import { request } from './http.ts';

/*
 * The donation screens' calls (giving spec 2.4, 2.5, §7 'Donations'; existing-client-api §3.2),
 * one typed function each, answers checked against packages/contracts/src/donations.ts.
 */

/** Donation list page size (giving spec §9). */
export const DONATIONS_PAGE_SIZE = 50;

/** The donation screen's filter: the search box sends only `contribution`, the panel also `donor`. */
export interface DonationFilter {
  contribution?: string;
  donor?: string;
}

/** TanStack Query keys of the donation screens; a delete invalidates `all`. */
export const donationKeys = {
  all: ['donations'] as const,
  page: (page: number) => [...donationKeys.all, 'page', page] as const,
  filtered: (filter: DonationFilter) => [...donationKeys.all, 'filtered', filter] as const,
  summary: () => [...donationKeys.all, 'summary'] as const,
  payments: (status: TPaymentStatus | null, page: number) => [...donationKeys.all, 'payments', status, page] as const,
};

/** GET /api/Financials/Donation/Transactions?page=N (1-based, 50 a page, newest first): `{data, totalItems}`. */
export function getDonationsPage(page: number) {
  return request('/api/Financials/Donation/Transactions', ZPaged(ZDonationListItem), { query: { page } });
}

/** GET /api/Financials/Donation/FilteredTransactions?contribution=&donor=: the matching donations (bare array). */
export function getFilteredDonations(filter: DonationFilter) {
  return request('/api/Financials/Donation/FilteredTransactions', z.array(ZDonationListItem), {
    query: { contribution: filter.contribution || undefined, donor: filter.donor || undefined },
  });
}

/**
 * GET /api/financials/donation/transactions/summary: per period key (oneWeek ... oneYear) the
 * total income, the pie chart by item and the day totals, in the tenant currency.
 */
export function getDonationsSummary() {
  return request('/api/financials/donation/transactions/summary', ZContributionSummary);
}

/**
 * DELETE /api/Financials/Contributions/Transactions/Delete?ID= (existing-client-api §3.2): the
 * donation's journal entry is reversed, never erased; `response` says that the provider's money
 * is not refunded by it. `status` false: not deleted.
 */
export function deleteDonation(id: string) {
  return request('/api/Financials/Contributions/Transactions/Delete', ZStatusAnswer, {
    method: 'DELETE',
    query: { ID: id },
  });
}

/**
 * GET /api/Financials/Donation/Payments?page=&status=: the church's online payments (one per
 * gift) with their status, 50 a page; `flagged` ones carry the reason they were not posted and,
 * when being refunded, `refundStatus`/`refundedAt`; `needsAttention` counts the flagged ones not refunded;
 * `counts` per status over all pages.
 */
export function getPayments(status: TPaymentStatus | null, page = 1) {
  return request('/api/Financials/Donation/Payments', ZPaymentList, { query: { page, status: status ?? undefined } });
}

/**
 * POST /api/Financials/Donation/Payments/Recheck?reference=: asks the provider about one of the
 * church's payments now and settles it; answers the envelope with the payment's outcome. 404 for
 * a reference not the church's; 503 when the provider cannot be reached.
 */
export function recheckPayment(reference: string) {
  return request('/api/Financials/Donation/Payments/Recheck', ZEnvelope(ZPaymentOutcome), {
    method: 'POST',
    query: { reference },
  });
}
