import {
  ZCommReport,
  ZCommunicationGroups,
  ZOutboxPage,
  ZSendResponse,
  ZSentMessagesPage,
  type TSendEmailRequest,
  type TSendSmsRequest,
} from '@steward/contracts/messaging';
import { z } from 'zod';
import { request } from './http.ts';

/*
 * Messaging calls (issue 9 'Composing'; existing-client-api §2.4, §6.6): sending SMS and e-mail,
 * the sent lists, one message's per-recipient report, the destination groups, the church's SMS
 * units and the Outbox of the development stand-ins. Query keys: `messagingKeys` in query-keys.ts.
 */

export type MessageChannel = 'sms' | 'email';

/** The sendSms body as the compose page builds it (flags as booleans). */
export type SmsBody = Partial<Omit<TSendSmsRequest, 'message'>> & { message: string };
/** The sendEmail body as the compose page builds it. */
export type EmailBody = Partial<Omit<TSendEmailRequest, 'message'>> & { message: string };

/**
 * POST /api/Messaging/sendSms: `subject` the sender ID mask, `message` the text; destinations
 * `groupedContacts` (['allcontacts_all'] or ['group_<id>', ...]), `ToContacts` ('id1,id2'),
 * `toOthers` ('n1,n2'); `isPersonalized`, `scheduledAt` (ISO), `isDraft`.
 * @returns the answer: queued recipients, invalid ones with reasons, opted-out count, units used.
 * @throws HttpError 400 naming the field (subject: sender not approved; message: too few units;
 *   destinations: none), NetworkError, TimeoutError, ContractError.
 */
export function sendSms(body: SmsBody) {
  return request('/api/Messaging/sendSms', ZSendResponse, { method: 'POST', body });
}

/** POST /api/Messaging/sendEmail: `subject`, `message` (HTML), `messageText`; destinations as sendSms. */
export function sendEmail(body: EmailBody) {
  return request('/api/Messaging/sendEmail', ZSendResponse, { method: 'POST', body });
}

/** GET /api/Messaging/getAllSentSms or getAllSentEmails?page=N: 50 messages a page, newest first, with progress. */
export function getSentMessages(channel: MessageChannel, page: number) {
  const path = channel === 'sms' ? '/api/Messaging/getAllSentSms' : '/api/Messaging/getAllSentEmails';
  return request(path, ZSentMessagesPage, { query: { page } });
}

/**
 * GET /api/Messaging/getSentSMSbyId?CommReportId=&page=&status=: one message (SMS or e-mail), its
 * counts by status and page `page` (50) of its recipients, optionally of one status. 404 for an
 * id of no message of the church.
 */
export function getCommReport(id: string, page: number, status: string | null) {
  return request('/api/Messaging/getSentSMSbyId', ZCommReport, {
    query: { CommReportId: id, page, status: status ?? undefined },
  });
}

/** GET /api/Messaging/getCommunicationGroups: `{allcontacts: [{id:'all', count}], group: [{id, name, count}]}`. */
export function getCommunicationGroups() {
  return request('/api/Messaging/getCommunicationGroups', ZCommunicationGroups);
}

/** GET /api/Messaging/units: the church's SMS units (a whole number). */
export async function getSmsUnits(): Promise<number> {
  const answer = await request('/api/Messaging/units', z.object({ units: z.number() }));
  return answer.units;
}

/** GET /api/Messaging/outbox?page=&channel=: 50 of what the development stand-ins received, newest first. */
export function getOutbox(page: number, channel: MessageChannel | null) {
  return request('/api/Messaging/outbox', ZOutboxPage, { query: { page, channel: channel ?? undefined } });
}
