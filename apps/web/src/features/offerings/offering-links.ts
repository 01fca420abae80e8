import { NIL_ID } from '@steward/contracts/common';
import { isoDatePart } from '../../components/dates.ts';

/**
 * The offering report route (spec 2.2): query report = the date part of the transaction date;
 * activityID only when set (omitted when empty or the all-zero id).
 */
export function offeringReportPath(date: string, activityId?: string | null): string {
  const params = new URLSearchParams({ report: isoDatePart(date) ?? date });
  if (activityId && activityId !== NIL_ID) params.set('activityID', activityId);
  return `/tenant/offeringreport?${params.toString()}`;
}

export const ADD_OFFERING_PATH = '/tenant/addoffering';
export const OFFERINGS_PATH = '/tenant/offering';
export const OFFERING_ITEMS_PATH = '/tenant/contributionCategory';

export function editOfferingPath(id: string): string {
  return `${ADD_OFFERING_PATH}/${id}`;
}
