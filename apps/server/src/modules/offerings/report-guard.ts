import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { NIL_UUID } from '../../db/columns.ts';
import { activities } from '../events/schema.ts';
import { offeringReports } from './schema.ts';

/** Where an offering sits: its date, event and source, as offering_transactions has them. */
export interface OfferingPlace {
  /** YYYY-MM-DD */
  transactionDate: string;
  activityId: string | null;
  /** only 'offering' rows belong to offering reports */
  source: string;
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Refuses to change offerings that an approved offering report shows (issue 7; spec §4
 * 'Offering report'): an offering of date D and event E is in the report (D, E) and in the
 * whole day's report (D, no event), so it is locked while either is approved. Called by the
 * offering edit (for the row as it was and as it will be) and delete before they change anything.
 * Rows of another source (donations) are not in offering reports and pass.
 * @throws AppError 409 naming the first approved report: 'The offering report of MM/DD/YYYY
 *   (event) is approved: unapprove it before changing its offerings'.
 */
export async function assertReportsOpen(ctx: TenantCtx, places: readonly OfferingPlace[]): Promise<void> {
  const offerings = places.filter((p) => p.source === 'offering');
  if (offerings.length === 0) return;
  const dates = [...new Set(offerings.map((p) => p.transactionDate))];
  const events = [...new Set(offerings.map((p) => p.activityId ?? NIL_UUID))];
  const candidates = await ctx.tx
    .select({ date: offeringReports.reportDate, activityId: offeringReports.activityId, eventName: activities.name })
    .from(offeringReports)
    .leftJoin(
      activities,
      and(eq(activities.tenantId, offeringReports.tenantId), eq(activities.id, offeringReports.activityId)),
    )
    .where(
      and(
        eq(offeringReports.tenantId, ctx.tenantId),
        isNotNull(offeringReports.approvedAt),
        inArray(offeringReports.reportDate, dates),
        or(eq(offeringReports.activityId, NIL_UUID), inArray(offeringReports.activityId, events)),
      ),
    )
    // a report being approved or unapproved at this moment is waited for
    .for('share', { of: offeringReports });
  const hit = candidates
    .filter((r) =>
      offerings.some(
        (p) =>
          p.transactionDate === r.date && (r.activityId === NIL_UUID || r.activityId === (p.activityId ?? NIL_UUID)),
      ),
    )
    .sort((a, b) => (a.date + a.activityId < b.date + b.activityId ? -1 : 1))[0];
  if (!hit) return;
  const which = hit.activityId === NIL_UUID ? '' : ` (${hit.eventName ?? 'event'})`;
  throw new AppError(
    409,
    `The offering report of ${usDate(hit.date)}${which} is approved: unapprove it before changing its offerings`,
  );
}
