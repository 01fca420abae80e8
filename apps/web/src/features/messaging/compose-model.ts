import { isAddress, type ContactChannel, type ContactsFromFile } from './contacts-file.ts';

/*
 * The compose page's rules without React (issue 9 'Composing'; giving spec 2.22;
 * existing-client-api §6.6): the destination options, what they send, the recipient estimate
 * behind the SMS cost, and the e-mail body as HTML. Unit-tested in compose-model.test.ts.
 */

export type DestinationKind = 'all' | 'group' | 'person' | 'typed' | 'upload';

/** Giving spec 2.22 / existing-client-api §6.6: the destination options of each channel, in order. */
export const DESTINATION_OPTIONS: Record<ContactChannel, { value: DestinationKind; label: string }[]> = {
  sms: [
    { value: 'all', label: 'All contacts' },
    { value: 'group', label: 'Select group from database' },
    { value: 'person', label: 'Select person from membership database' },
    { value: 'typed', label: 'Phone numbers' },
    { value: 'upload', label: 'Upload contacts' },
  ],
  email: [
    { value: 'all', label: 'All contacts' },
    { value: 'group', label: 'Select group from database' },
    { value: 'person', label: 'Select person from membership database' },
    { value: 'typed', label: 'Emails' },
  ],
};

/** A member chosen by name: `address` is the phone number (SMS) or e-mail address, '' when there is none. */
export interface PickedPerson {
  id: string;
  name: string;
  address: string;
}

/** Every destination of a message being composed; several kinds may be combined. */
export interface Destinations {
  kinds: DestinationKind[];
  /** checked groups of the group tree picker */
  groupIds: string[];
  people: PickedPerson[];
  /** typed numbers or addresses, separated by commas, semicolons or lines */
  typed: string;
  upload: { fileName: string; contacts: ContactsFromFile } | null;
}

export const NO_DESTINATIONS: Destinations = { kinds: [], groupIds: [], people: [], typed: '', upload: null };

/** The typed numbers or addresses: split at commas, semicolons, tabs and line ends, trimmed, blanks dropped. */
export function splitTyped(text: string): string[] {
  return text
    .split(/[,;\n\r\t]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The typed entries that do not look like a number (SMS) or an e-mail address: shown before sending. */
export function unusableTyped(channel: ContactChannel, text: string): string[] {
  return splitTyped(text).filter((v) => !isAddress(channel, v));
}

/** The destination fields of the sendSms / sendEmail body (existing-client-api §6.6). */
export interface DestinationFields {
  /** ['allcontacts_all'] or ['group_<id>', ...] */
  groupedContacts: string[];
  /** person ids, comma-joined */
  ToContacts: string;
  /** typed and uploaded numbers or addresses, comma-joined, each once */
  toOthers: string;
}

/**
 * What the chosen destinations send: 'All contacts' as ['allcontacts_all'] (which covers every
 * group), else each checked group as 'group_<id>'; the chosen people's ids in ToContacts; the
 * typed and uploaded numbers or addresses in toOthers. Only the checked kinds count.
 */
export function destinationFields(d: Destinations): DestinationFields {
  const has = (k: DestinationKind) => d.kinds.includes(k);
  const groupedContacts = has('all')
    ? ['allcontacts_all']
    : has('group')
      ? [...new Set(d.groupIds)].map((id) => `group_${id}`)
      : [];
  const ToContacts = has('person') ? [...new Set(d.people.map((p) => p.id))].join(',') : '';
  const others = [
    ...(has('typed') ? splitTyped(d.typed) : []),
    ...(has('upload') ? (d.upload?.contacts.values ?? []) : []),
  ];
  return { groupedContacts, ToContacts, toOthers: [...new Set(others)].join(',') };
}

/**
 * Why the destinations cannot be sent to, or null when they can: no kind chosen, or a chosen
 * kind left empty. `field` is where the message shows.
 */
export function destinationProblem(channel: ContactChannel, d: Destinations): string | null {
  if (d.kinds.length === 0) return 'Choose at least one destination';
  if (d.kinds.includes('group') && !d.kinds.includes('all') && d.groupIds.length === 0)
    return 'Choose at least one group';
  if (d.kinds.includes('person') && d.people.length === 0) return 'Choose at least one person';
  if (d.kinds.includes('typed') && splitTyped(d.typed).length === 0)
    return channel === 'sms' ? 'Enter at least one phone number' : 'Enter at least one e-mail address';
  if (d.kinds.includes('upload') && !d.upload?.contacts.values.length)
    return 'Upload a CSV file with at least one phone number';
  return null;
}

/** How many the message goes to, as far as the page knows before sending. */
export interface RecipientEstimate {
  /** the sum over the destinations; null while a count it needs is loading */
  count: number | null;
  /** true when destinations may overlap (a member in two groups, a typed number of a member), so `count` is at most */
  atMost: boolean;
}

/**
 * The recipients of the chosen destinations: all contacts (the church's member count), the
 * checked groups' member counts, the chosen people and the typed and uploaded values. The server
 * de-duplicates by address and leaves out the opted-out and invalid, so with more than one
 * source the sum is an upper bound (`atMost`).
 * @param counts member counts from getCommunicationGroups: `all` (null while loading) and per group id
 */
export function recipientEstimate(
  d: Destinations,
  counts: { all: number | null; groups: ReadonlyMap<string, number> | null },
): RecipientEstimate {
  const f = destinationFields(d);
  let count: number | null = 0;
  let sources = 0;
  if (f.groupedContacts[0] === 'allcontacts_all') {
    count = counts.all;
    sources += 1;
  } else if (f.groupedContacts.length) {
    const groups = counts.groups;
    count = groups ? f.groupedContacts.reduce((s, g) => s + (groups.get(g.slice('group_'.length)) ?? 0), 0) : null;
    sources += f.groupedContacts.length;
  }
  const people = f.ToContacts ? f.ToContacts.split(',').length : 0;
  const others = f.toOthers ? f.toOthers.split(',').length : 0;
  sources += (people ? 1 : 0) + (others ? 1 : 0);
  return { count: count === null ? null : count + people + others, atMost: sources > 1 };
}

/** True when the text holds a merge field ({firstName} or {churchName}, any case). */
export function hasMergeFields(text: string): boolean {
  return /\{(firstname|churchname)\}/i.test(text);
}

/** `text` with `insert` put in place of text[start..end), and where the caret goes after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insert + text.slice(b), caret: a + insert.length };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The e-mail body typed as plain text, as simple HTML: each block separated by a blank line is a
 * paragraph, single line ends are <br>, web addresses become links, and everything else is
 * escaped (so '<' typed shows as '<'). Merge fields pass through unchanged.
 */
export function emailHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs
    .map((p) => {
      const html = escapeHtml(p)
        .replace(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>');
      return `<p>${html}</p>`;
    })
    .join('\n');
}

/** A whole number with thousands separators ('12,500'). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);
}

/** '1 unit', '12,500 units' */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The text of an HTML body for a one-line summary: tags out, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` cut to `max` characters (by code point) with an ellipsis, and whether it was cut. */
export function cut(text: string, max: number): { text: string; cut: boolean } {
  const chars = Array.from(text);
  return chars.length > max ? { text: `${chars.slice(0, max).join('')}…`, cut: true } : { text, cut: false };
}
