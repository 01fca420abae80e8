import { ZStatusAnswer } from '@steward/contracts/common';
import {
  ZContributionItem,
  ZContributionItemDetail,
  ZContributionItemSaveResponse,
  type TContributionItemSave,
} from '@steward/contracts/offerings';
import { z } from 'zod';
import { request } from './http.ts';

/** GET /api/financials/contributions/items: list and pickers. */
export function getOfferingItems() {
  return request('/api/financials/contributions/items', z.array(ZContributionItem));
}

/** GET /api/Financials/Contributions/Items/One?ID= */
export function getOfferingItem(id: string) {
  return request('/api/Financials/Contributions/Items/One', ZContributionItemDetail, { query: { ID: id } });
}

/** POST .../items/save (no id) or PUT .../Items/edit (with id); answers `{id, name}`. */
export function saveOfferingItem(body: TContributionItemSave) {
  return body.id
    ? request('/api/Financials/Contributions/Items/edit', ZContributionItemSaveResponse, { method: 'PUT', body })
    : request('/api/financials/contributions/items/save', ZContributionItemSaveResponse, { method: 'POST', body });
}

/** DELETE /api/Financials/Contributions/Delete?ID= */
export function deleteOfferingItem(id: string) {
  return request('/api/Financials/Contributions/Delete', ZStatusAnswer, { method: 'DELETE', query: { ID: id } });
}
