import type { ContactChannel } from './contacts-file.ts';

/*
 * The way to a message's report (/tenant/messages/:id). Links from the messaging screens pass the
 * message's channel as the location's state, so that the side menu highlights 'Sent SMS' or 'Sent
 * E-mails' at once; the report page names the same entry from the message itself once it has
 * loaded (links from elsewhere need not pass anything).
 */

/** The location state a link to a report passes. */
interface ReportLinkState {
  channel: ContactChannel;
}

/** The path of a message's report and the state to navigate with: `navigate(path, { state })`. */
export function reportLink(id: string, channel: ContactChannel): { path: string; state: ReportLinkState } {
  return { path: `/tenant/messages/${encodeURIComponent(id)}`, state: { channel } };
}

/** The channel a link passed as the location's state (see reportLink), if any. */
export function linkedChannel(state: unknown): ContactChannel | undefined {
  const channel = typeof state === 'object' && state !== null ? (state as Partial<ReportLinkState>).channel : undefined;
  return channel === 'sms' || channel === 'email' ? channel : undefined;
}

/** The side menu's sent list of a channel: '/tenant/sms/sent' or '/tenant/email/sent'. */
export function sentListPath(channel: ContactChannel): string {
  return channel === 'sms' ? '/tenant/sms/sent' : '/tenant/email/sent';
}
