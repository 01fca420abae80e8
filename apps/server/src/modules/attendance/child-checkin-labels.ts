import QRCode from 'qrcode';
import type { TChildCheckinLabels, TChildLabel } from '@steward/contracts/child-checkin';
import type { TenantCtx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  checkinChildren,
  checkinHead,
  isoTime,
  type CheckinChildRow,
  type CheckinHeadRow,
} from './child-checkin-queries.ts';

/*
 * The labels of a child check-in (issue 11 'Child check-in, for real'; spec 2.15 'Print Tag'):
 * one per child (church, event and date, photo, name, room, allergy / notes line, security code,
 * QR, parent name and phone) and one parent pickup label with the same code. The web app lays
 * them out for 62 mm label printers and A4 / Letter (features/child-checkin/labels-page.tsx).
 */

/**
 * The QR code of a security code as an SVG data URL (vector: sharp on a 300 dpi label printer at
 * any size). It encodes the code alone, so a scanner at check-out types the code and Enter.
 */
export async function securityCodeQr(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A child's line of the labels from its attendance record. */
export function toChildLabel(r: CheckinChildRow): TChildLabel {
  return {
    attendanceRecordId: r.id,
    personId: r.person_id,
    firstName: r.first_name,
    lastName: r.last_name,
    room: r.room,
    careNotes: r.care_notes?.trim() ? r.care_notes.trim() : null,
    pictureUrl: r.picture_url,
    checkedOutAt: isoTime(r.checked_out_at),
  };
}

/** The labels' head fields from a check-in row (everything but the QR code and the children). */
export function toLabelHead(h: CheckinHeadRow): Omit<TChildCheckinLabels, 'qrCode' | 'children'> {
  return {
    childCheckinId: h.id,
    securityCode: h.security_code,
    churchName: h.church_name,
    churchLogoUrl: h.logo_url,
    checkInAttendanceId: h.checkin_attendance_id,
    eventName: h.event_name,
    eventDate: h.event_date,
    checkedInAt: isoTime(h.created_at)!,
    familyId: h.family_id,
    familyName: h.family_name,
    checkedInBy: h.by_id
      ? { personId: h.by_id, name: `${h.by_first ?? ''} ${h.by_last ?? ''}`.trim(), phone: h.by_phone }
      : null,
  };
}

/**
 * GET /api/ChildCheckin/labels?childCheckinId= (and the check-in's answer): the labels' data of
 * one child check-in of the church. Two queries (the check-in with its church, event, family and
 * who brought the children; its children with rooms and care notes) and the QR code.
 * @throws 404 'Child check-in was not found' for an unknown id or another church's
 */
export async function checkinLabels(ctx: TenantCtx, childCheckinId: string): Promise<TChildCheckinLabels> {
  const [head, children] = await Promise.all([
    checkinHead(ctx.tx, ctx.tenantId, childCheckinId),
    checkinChildren(ctx.tx, ctx.tenantId, childCheckinId),
  ]);
  if (!head) throw notFound('Child check-in');
  return {
    ...toLabelHead(head),
    qrCode: await securityCodeQr(head.security_code),
    children: children.map(toChildLabel),
  };
}
