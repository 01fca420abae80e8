import { MESSAGE_TYPE } from '@steward/contracts/default-messages';
import { SENDER_ID_STATUS } from '@steward/contracts/sender-ids';
import type { TenantCtx } from '../lib/context.ts';
import { defaultMessages, senderIds } from '../modules/messaging/schema.ts';

/** The demo church's sender IDs (finance spec 2.7, §4): one approved, one waiting, one refused. */
const SENDER_IDS: { mask: string; status: number; reviewNote: string | null }[] = [
  { mask: 'GraceChurch', status: SENDER_ID_STATUS.approved, reviewNote: null },
  { mask: 'GraceYouth', status: SENDER_ID_STATUS.pending, reviewNote: null },
  {
    mask: 'GRACEPROMO',
    status: SENDER_ID_STATUS.notApproved,
    reviewNote: 'Promotional sender IDs are not allowed on the DND route; request one with your church name',
  },
];

/**
 * Its default messages (finance spec 2.9, §3; giving spec 2.17), newest first: category 0
 * Birthday, 1 Wedding Anniversary, 2 First Timer Welcome, 3 New Convert Welcome, 5 Membership
 * Information Update, 6 Meeting Absentee; Sms ones come from the approved sender ID.
 */
const MESSAGES: { category: number; messageType: number; subject: string; message: string }[] = [
  {
    category: 0,
    messageType: MESSAGE_TYPE.sms,
    subject: 'GraceChurch',
    message:
      'Happy birthday! The family of Grace Church celebrates you today. May the Lord crown your new year with His goodness (Psalm 65:11).',
  },
  {
    category: 1,
    messageType: MESSAGE_TYPE.email,
    subject: 'Happy wedding anniversary!',
    message:
      'Dear friends,\n\nCongratulations on another year of marriage! We thank God for your home and pray that your love keeps growing stronger.\n\nWith love,\nThe pastors of Grace Church',
  },
  {
    category: 2,
    messageType: MESSAGE_TYPE.sms,
    subject: 'GraceChurch',
    message:
      'Thank you for worshipping with us at Grace Church today! We were glad to have you. Join us again on Sunday at 8am.',
  },
  {
    category: 2,
    messageType: MESSAGE_TYPE.email,
    subject: 'Welcome to Grace Church',
    message:
      'Thank you for visiting Grace Church! It was a joy to worship with you.\n\nOur Sunday service starts at 8am and midweek Bible study is on Wednesdays at 6pm. If you would like someone to pray with you or to visit, simply reply to this e-mail.\n\nGod bless you.',
  },
  {
    category: 3,
    messageType: MESSAGE_TYPE.email,
    subject: 'Welcome to the family of God',
    message:
      'Congratulations on your decision to follow Jesus! Our new believers class meets every Sunday after service; we would love to walk this journey with you.',
  },
  {
    category: 6,
    messageType: MESSAGE_TYPE.sms,
    subject: 'GraceChurch',
    message: 'We missed you at church on Sunday. We hope all is well with you; reply if we can pray with you.',
  },
];

/**
 * Seeds the demo church's sender IDs (approved GraceChurch, pending GraceYouth, refused
 * GRACEPROMO with the operator's note) and six default messages of several categories, Sms and
 * Email, one minute apart so the list's newest-first order is fixed. Runs inside the demo seed's
 * tenant transaction.
 */
export async function seedDemoMessagingSettings(ctx: TenantCtx): Promise<void> {
  const now = Date.now();
  await ctx.tx.insert(senderIds).values(
    SENDER_IDS.map((s) => ({
      tenantId: ctx.tenantId,
      mask: s.mask,
      status: s.status,
      reviewNote: s.reviewNote,
      reviewedAt: s.status === SENDER_ID_STATUS.pending ? null : new Date(now - 86_400_000),
    })),
  );
  await ctx.tx.insert(defaultMessages).values(
    MESSAGES.map((m, i) => ({
      tenantId: ctx.tenantId,
      category: m.category,
      messageType: m.messageType,
      subject: m.subject,
      message: m.message,
      createdAt: new Date(now - (MESSAGES.length - i) * 60_000),
    })),
  );
}
