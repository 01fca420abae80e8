import { ZEnvelope, ZPaged, ZStatusAnswer } from '@steward/contracts/common';
import {
  ZContributionSummary,
  ZOfferingListItem,
  ZOfferingOne,
  ZOfferingReport,
  ZOfferingSaveResponse,
  type TOfferingRowInput,
} from '@steward/contracts/offerings';
import { z } from 'zod';
import { request } from './http.ts';
import type { OfferingFilter } from './query-keys.ts';

/** Offering list page size (spec §9). */
export const OFFERINGS_PAGE_SIZE = 50;

/** GET /api/Financials/Contributions/Transactions?page=N (1-based, 50 a page). */
export function getOfferingsPage(page: number) {
  return request('/api/Financials/Contributions/Transactions', ZPaged(ZOfferingListItem), { query: { page } });
}

/** GET .../FilteredTransactions?contribution=&eventname=&donor= (the search box sends only contribution). */
export function getFilteredOfferings(filter: OfferingFilter) {
  return request('/api/Financials/Contributions/FilteredTransactions', z.array(ZOfferingListItem), {
    query: { contribution: filter.contribution ?? '', eventname: filter.eventname ?? '', donor: filter.donor ?? '' },
  });
}

/** GET /api/financials/contributions/transactions/summary: totals and charts per period. */
export function getOfferingsSummary() {
  return request('/api/financials/contributions/transactions/summary', ZContributionSummary);
}

/** GET .../Transactions/One?ID= (edit load). */
export function getOffering(id: string) {
  return request('/api/Financials/Contributions/Transactions/One', ZOfferingOne, { query: { ID: id } });
}

/**
 * POST .../Transactions/Save (create) or PUT .../Transactions/Edit (the first row carries id).
 * `idempotencyKey` is one per submission attempt, reused when the same submission is retried.
 */
export function saveOfferings(rows: TOfferingRowInput[], idempotencyKey: string) {
  const edit = Boolean(rows[0]?.id);
  return request(
    edit ? '/api/Financials/Contributions/Transactions/Edit' : '/api/Financials/Contributions/Transactions/Save',
    edit ? ZEnvelope(z.unknown()) : ZOfferingSaveResponse,
    { method: edit ? 'PUT' : 'POST', body: rows, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** DELETE .../Transactions/Delete?ID= */
export function deleteOffering(id: string) {
  return request('/api/Financials/Contributions/Transactions/Delete', ZStatusAnswer, {
    method: 'DELETE',
    query: { ID: id },
  });
}

/** POST .../Transactions/DeleteMultiple with an array of ids. */
export function deleteOfferings(ids: string[]) {
  return request('/api/Financials/Contributions/Transactions/DeleteMultiple', ZStatusAnswer, {
    method: 'POST',
    body: ids,
  });
}

/** GET /api/Offering/contributionReport?date=YYYY-MM-DD[&activityId=] */
export function getOfferingReport(date: string, activityId: string | null) {
  return request('/api/Offering/contributionReport', ZEnvelope(ZOfferingReport), {
    query: { date, activityId: activityId ?? undefined },
  });
}
