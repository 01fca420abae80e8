import { ZSendEmailRequest, ZSendSmsRequest } from '@steward/contracts/messaging';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobQueue } from '../messaging/queue.ts';
import { acceptMessage, htmlToText } from '../messaging/send-service.ts';

/*
 * The check-in SMS and e-mail of a set-up (spec 2.9 'SMS' and 'Email' tabs, Checkin panes;
 * issue 11: 'sends the configured check-in SMS and e-mail through messaging, once'). They go
 * through messaging's own send service (send-service.ts acceptMessage): units, the sender ID,
 * opt-outs, one recipient row and one delivery job each, in the check-in's transaction, so a
 * message exists exactly when the check-in that caused it was committed.
 */

/** The set-up's check-in texts (checkin_sms / checkin_sms_subject = the sender ID, checkin_email / subject). */
export interface CheckinTexts {
  eventName: string;
  checkinSms: string | null;
  checkinSmsSubject: string | null;
  checkinEmail: string | null;
  checkinEmailSubject: string | null;
}

/** Why a message was not sent: logged as an event, never with the person's details. */
export type MessageLog = (event: string, fields: Record<string, unknown>) => void;

/** True when a set-up's e-mail text is HTML already (a rich-text editor's: it has tags). */
export const isHtml = (text: string): boolean =>
  /<\/?(p|br|div|span|b|i|strong|em|a|ul|ol|li|h[1-6]|table)\b[^>]*>/i.test(text);

/** The plain text of a set-up's e-mail as HTML: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '<br>');
}

/**
 * Sends the set-up's check-in SMS to the person's mobile phone and its check-in e-mail to the
 * person's address (each only when the set-up has the text and the person has the phone or
 * address), personalised ({firstName}, {churchName}). Call it only for the check-in that made
 * the person present (recordCheckIn's `checkedInNow`), so each goes out once.
 *
 * Each send runs in a savepoint of the caller's transaction: a message the church cannot send
 * (no approved sender ID, too few SMS units: messaging's 400s) is left out and logged
 * ('checkin_sms_not_sent' / 'checkin_email_not_sent' with messaging's reason), and the check-in
 * goes on. Any other error is thrown (the check-in then rolls back whole).
 */
export async function sendCheckinMessages(
  ctx: TenantCtx,
  queue: JobQueue,
  texts: CheckinTexts,
  person: { id: string; hasPhone: boolean; hasEmail: boolean },
  log: MessageLog,
): Promise<{ sms: boolean; email: boolean }> {
  const sent = { sms: false, email: false };
  const sms = texts.checkinSms?.trim() ?? '';
  if (sms && person.hasPhone) {
    const input = ZSendSmsRequest.parse({
      subject: texts.checkinSmsSubject?.trim() ?? '',
      message: sms,
      ToContacts: person.id,
      isPersonalized: true,
      source: 'checkin',
    });
    sent.sms = await inSavepoint(ctx, log, 'checkin_sms_not_sent', (sp) => acceptMessage(sp, queue, 'sms', input));
  }
  const email = texts.checkinEmail?.trim() ?? '';
  if (email && person.hasEmail) {
    const input = ZSendEmailRequest.parse({
      subject: texts.checkinEmailSubject?.trim() || `${texts.eventName}: you are checked in`,
      // the church's own text: HTML as written, or plain text made HTML
      message: isHtml(email) ? email : textToHtml(email),
      messageText: isHtml(email) ? htmlToText(email) : email,
      ToContacts: person.id,
      isPersonalized: true,
      source: 'checkin',
    });
    sent.email = await inSavepoint(ctx, log, 'checkin_email_not_sent', (sp) =>
      acceptMessage(sp, queue, 'email', input),
    );
  }
  return sent;
}

/** Runs `fn` in a savepoint; a refusal (AppError) rolls the savepoint back and answers false. */
async function inSavepoint(
  ctx: TenantCtx,
  log: MessageLog,
  event: string,
  fn: (sp: TenantCtx) => Promise<unknown>,
): Promise<boolean> {
  try {
    await ctx.tx.transaction(async (sp) => {
      await fn({ ...ctx, tx: sp as unknown as TenantCtx['tx'] });
    });
    return true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    log(event, { reason: e.message.slice(0, 200), field: e.field ?? null });
    return false;
  }
}
