/**
 * The Termii SMS gateway adapter (issue 9 'Delivery': "a real adapter for Termii ... its
 * documented send API, bulk up to 100 numbers a request, sender ID 3-11 characters, the 'dnd' and
 * 'generic' routes, its delivery-report webhook and its error answers").
 *
 * Termii's Messaging API (developers.termii.com/messaging-api), JSON in and out:
 * - POST {baseUrl}/api/sms/send       {to, from, sms, type: 'plain', channel, api_key}, `to` one number
 * - POST {baseUrl}/api/sms/send/bulk  the same with `to` an array of at most 100 numbers
 * Numbers go in international format without '+' (2348030000001). Both answer
 * {code: 'ok', message_id, message_id_str?, message: 'Successfully Sent', balance, user}; errors
 * use the HTTP status (400, 401, 404, 422, 500, ...) with a body such as {message: '...'}.
 *
 * Message ids. A bulk request answers ONE message_id for its whole batch, and the delivery-report
 * webhook names a message_id and the `receiver` number. So the id this adapter answers for each
 * recipient is `termiiRecipientKey(message_id, number)` ('<message_id>:<digits>'), and the webhook
 * parser builds the same key from the report: unique per recipient whether the message went
 * alone or in a batch, and matched exactly by the delivery-report lookup. Termii's documentation
 * does not say whether a report for a bulk recipient carries the batch's message_id or one of its
 * own (its history API shows per-recipient ids); if it is its own, the report finds no recipient
 * and that recipient stays 'sent' (never wrongly 'delivered'). `bulk: false` sends every number
 * alone, so every report matches, at one request per recipient.
 *
 * Receipts. Termii takes no client reference and offers no lookup by one, so `receipt` answers
 * 'unknown' and the worker must decide how to treat a recipient found mid-send.
 *
 * Webhooks (developers.termii.com/events-and-reports): each event is signed in the
 * `X-Termii-Signature` header, the hex HMAC-SHA512 of the raw body with the account's secret key
 * (verifyTermiiSignature). Outbound delivery reports and inbound messages (replies, e.g. STOP)
 * are read by parseTermiiWebhook.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DeliveryError,
  type DeliveryReport,
  type Receipt,
  type SendResult,
  type SmsGateway,
  type SmsToSend,
} from './gateway.ts';

export const TERMII_DEFAULT_BASE_URL = 'https://api.ng.termii.com';
/** Termii's limit of numbers in one bulk request. */
export const TERMII_BULK_MAX = 100;

export interface TermiiGatewayOptions {
  /** the account's API key (Termii dashboard) */
  apiKey: string;
  /** default https://api.ng.termii.com (each account's base URL is shown on its dashboard) */
  baseUrl?: string;
  /** Termii's route: 'generic' (promotional, not to DND numbers) or 'dnd' (transactional, reaches DND numbers); default 'generic' */
  channel?: 'generic' | 'dnd';
  /** time allowed for one request, answer included, in milliseconds; default 15000 */
  timeoutMs?: number;
  /** group messages with the same sender and text into bulk requests; default true (see the file's note) */
  bulk?: boolean;
  /** the fetch to use; default the global fetch */
  fetch?: typeof fetch;
}

/** The reasons a message fails, written for a church administrator: never the number or the text. */
export const TERMII_REASONS = {
  senderId: 'The SMS gateway rejected the sender ID: it is not registered or not approved on the Termii account',
  balance: 'The Termii account does not have enough balance to send this message',
  number: 'The SMS gateway rejected the phone number as invalid',
  route: 'The SMS gateway refused the route (dnd or generic) set for this account',
  apiKey: 'The SMS gateway refused the API key: check the Termii settings',
  notFound: 'The SMS gateway address is wrong (HTTP 404): check the Termii base URL',
  redirected: 'The SMS gateway address has moved: check the Termii base URL',
  refused: (status: number) => `The SMS gateway refused the message (HTTP ${status})`,
  noMessageId:
    'The SMS gateway accepted the request but answered no message id; the message may have gone out, so it is not sent again',
  timeout: 'The SMS gateway did not answer in time',
  unreachable: 'Could not reach the SMS gateway',
  rateLimited: 'The SMS gateway asked to slow down (HTTP 429)',
  unavailable: (status: number) => `The SMS gateway had a temporary error (HTTP ${status})`,
  badSender: 'The sender ID must be 3 to 11 letters or digits',
  emptyText: 'The message is empty',
  badNumber: 'The phone number is not in international format',
} as const;

/** The id of one recipient's message: Termii's message_id and the number's digits ('123:2348030000001'). */
export function termiiRecipientKey(messageId: string, phone: string): string {
  return `${messageId}:${phone.replace(/\D/g, '')}`;
}

type Outcome =
  { kind: 'ok'; messageId: string } | { kind: 'temporary' | 'permanent'; error: DeliveryError; numberProblem: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Termii's message_id as text; a JSON number is read from the raw text, as it may exceed 2^53. */
function messageIdOf(raw: string, body: unknown, key = 'message_id'): string | null {
  if (!isRecord(body)) return null;
  for (const k of [`${key}_str`, key]) {
    const v = body[k];
    if (typeof v === 'string' && /^[\w.:-]{1,100}$/.test(v.trim())) return v.trim();
  }
  if (typeof body[key] === 'number') return new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(raw)?.[1] ?? null;
  return null;
}

/** Classifies a refused request; Termii's text is matched, never repeated (it may carry the number). */
function refusal(status: number, body: unknown, raw: string): Outcome {
  if (status === 408 || status === 429 || status >= 500) {
    const reason =
      status === 429
        ? TERMII_REASONS.rateLimited
        : status === 408
          ? TERMII_REASONS.timeout
          : TERMII_REASONS.unavailable(status);
    return { kind: 'temporary', error: new DeliveryError('temporary', reason), numberProblem: false };
  }
  const said = (isRecord(body) ? JSON.stringify(body) : raw).toLowerCase();
  let reason: string;
  let numberProblem = false;
  if (/sender/.test(said)) reason = TERMII_REASONS.senderId;
  else if (/balance|insufficient|credit|fund/.test(said)) reason = TERMII_REASONS.balance;
  else if (/api[\s_-]?key|unauthori[sz]ed|unauthenticated|authenticat/.test(said) || status === 401 || status === 403)
    reason = TERMII_REASONS.apiKey;
  else if (/phone|number|receiver|recipient|msisdn|destination|"to"/.test(said)) {
    reason = TERMII_REASONS.number;
    numberProblem = true;
  } else if (/\bdnd\b|channel|route/.test(said)) reason = TERMII_REASONS.route;
  else if (status === 404) reason = TERMII_REASONS.notFound;
  else if (status >= 300 && status < 400) reason = TERMII_REASONS.redirected;
  else reason = TERMII_REASONS.refused(status);
  return { kind: 'permanent', error: new DeliveryError('permanent', reason), numberProblem };
}

/** Splits indices (same sender and text) into requests of at most `max` numbers, never one number twice in a request. */
function chunk(indices: number[], numberOf: (i: number) => string, max: number): number[][] {
  const out: { idx: number[]; numbers: Set<string> }[] = [];
  for (const i of indices) {
    const n = numberOf(i);
    let target = out.find((c) => c.idx.length < max && !c.numbers.has(n));
    if (!target) out.push((target = { idx: [], numbers: new Set() }));
    target.idx.push(i);
    target.numbers.add(n);
  }
  return out.map((c) => c.idx);
}

/**
 * The Termii adapter of SmsGateway (issue 9 'Delivery'). See the file's note for ids and receipts.
 *
 * send(): checks each message locally (sender ID 3-11 letters or digits, a non-empty text, an
 * E.164 number: else a permanent DeliveryError without a request), groups messages with the same
 * sender and text into bulk requests of at most 100 distinct numbers (a group of one, or every
 * message with `bulk: false`, goes to /api/sms/send) and sends the requests one after another.
 * Answers one SendResult or DeliveryError per message, in order. A timeout, a connection error,
 * 408, 429 or 5xx is temporary: thrown as DeliveryError('temporary') when the gateway has taken
 * nothing yet in this call, else answered for that request's messages and every later one
 * (which are not attempted). Any other refusal is permanent, with a reason from TERMII_REASONS;
 * a bulk request refused for a bad number is retried number by number, so only the bad one fails.
 */
export class TermiiGateway implements SmsGateway {
  readonly name = 'termii';
  private readonly baseUrl: string;
  private readonly channel: 'generic' | 'dnd';
  private readonly timeoutMs: number;
  private readonly bulk: boolean;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: TermiiGatewayOptions) {
    if (!options.apiKey) throw new Error('TermiiGateway needs an API key');
    this.baseUrl = (options.baseUrl ?? TERMII_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.channel = options.channel ?? 'generic';
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.bulk = options.bulk ?? true;
    this.fetchFn = options.fetch ?? fetch;
  }

  async send(messages: SmsToSend[]): Promise<(SendResult | DeliveryError)[]> {
    const results: (SendResult | DeliveryError | undefined)[] = messages.map(() => undefined);
    const groups = new Map<string, number[]>();
    messages.forEach((m, i) => {
      if (!/^[A-Za-z0-9]{3,11}$/.test(m.from)) results[i] = new DeliveryError('permanent', TERMII_REASONS.badSender);
      else if (m.text.trim() === '') results[i] = new DeliveryError('permanent', TERMII_REASONS.emptyText);
      else if (!/^\+[1-9]\d{6,14}$/.test(m.to)) results[i] = new DeliveryError('permanent', TERMII_REASONS.badNumber);
      else {
        const key = JSON.stringify([m.from, m.text]);
        const group = groups.get(key);
        if (group) group.push(i);
        else groups.set(key, [i]);
      }
    });
    const queue = [...groups.values()].flatMap((idx) =>
      chunk(idx, (i) => messages[i]!.to, this.bulk ? TERMII_BULK_MAX : 1),
    );

    let taken = false;
    for (let r = 0; r < queue.length; r += 1) {
      const idx = queue[r]!;
      const outcome = await this.post(idx.map((i) => messages[i]!));
      if (outcome.kind === 'ok') {
        taken = true;
        for (const i of idx) results[i] = { providerMessageId: termiiRecipientKey(outcome.messageId, messages[i]!.to) };
      } else if (outcome.kind === 'temporary') {
        if (!taken) throw outcome.error;
        for (const i of queue.slice(r).flat()) results[i] = outcome.error;
        break;
      } else if (outcome.numberProblem && idx.length > 1) {
        queue.splice(r + 1, 0, ...idx.map((i) => [i]));
      } else {
        for (const i of idx) results[i] = outcome.error;
      }
    }
    // Every index was answered: checked locally, or by its request, or by the temporary stop above.
    return results.map((r) => r!);
  }

  /** Termii offers no lookup by our key: always 'unknown'. */
  async receipt(_tenantId: string, _idempotencyKey: string): Promise<Receipt> {
    return { taken: 'unknown' };
  }

  /** One request to Termii for messages sharing sender and text; one message goes to /send, more to /send/bulk. */
  private async post(batch: SmsToSend[]): Promise<Outcome> {
    const first = batch[0]!;
    const numbers = batch.map((m) => m.to.replace(/^\+/, ''));
    const path = batch.length === 1 ? '/api/sms/send' : '/api/sms/send/bulk';
    const body = {
      to: batch.length === 1 ? numbers[0] : numbers,
      from: first.from,
      sms: first.text,
      type: 'plain',
      channel: this.channel,
      api_key: this.options.apiKey,
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const res = await this.fetchFn(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: controller.signal,
      });
      const raw = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      if (res.status < 200 || res.status >= 300) return refusal(res.status, parsed, raw);
      const messageId = messageIdOf(raw, parsed);
      if (messageId) return { kind: 'ok', messageId };
      // A 2xx without an id: a refusal if it says so (code other than 'ok'), else it may have gone out.
      if (isRecord(parsed) && typeof parsed.code === 'string' && parsed.code.toLowerCase() !== 'ok') {
        return refusal(res.status, parsed, raw);
      }
      return {
        kind: 'permanent',
        error: new DeliveryError('permanent', TERMII_REASONS.noMessageId),
        numberProblem: false,
      };
    } catch {
      // a request that timed out may have been taken; one that never connected was not
      const timedOut = controller.signal.aborted;
      const reason = timedOut ? TERMII_REASONS.timeout : TERMII_REASONS.unreachable;
      return { kind: 'temporary', error: new DeliveryError('temporary', reason, timedOut), numberProblem: false };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Checks Termii's `X-Termii-Signature` header: the hex HMAC-SHA512 of the raw request body with
 * the account's secret key, compared in constant time.
 *
 * @param rawBody the body exactly as received (not re-serialised JSON)
 * @param signature the header's value (the first one if repeated)
 * @returns false for a missing, malformed or wrong signature, or an empty secret
 */
export function verifyTermiiSignature(
  rawBody: string | Uint8Array,
  signature: string | string[] | undefined,
  secret: string,
): boolean {
  const given = (Array.isArray(signature) ? signature[0] : signature)?.trim() ?? '';
  if (!secret || !/^[0-9a-fA-F]{128}$/.test(given)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** Termii's final delivery statuses; 'Message Sent' (handed to the network) is not final. */
export function termiiDeliveryStatus(status: string): 'delivered' | 'undelivered' | 'pending' | 'unknown' {
  const s = (status.split('|')[0] ?? '').trim().toLowerCase();
  if (['delivered', 'delivrd', 'received'].includes(s)) return 'delivered';
  if (
    [
      'dnd active on phone number',
      'message failed',
      'rejected',
      'expired',
      'failed',
      'undelivered',
      'undeliverable',
    ].includes(s)
  )
    return 'undelivered';
  if (['message sent', 'sent', 'pending', 'queued', 'accepted', 'submitted'].includes(s)) return 'pending';
  return 'unknown';
}

/** True for a reply asking to stop messages: STOP, STOP ALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPT OUT (any case). */
export function isStopReply(text: string): boolean {
  return /^\s*(stop\s*all|stop|unsubscribe|cancel|end|quit|opt[\s-]?out)\s*[.!]*\s*$/i.test(text);
}

/** A member's SMS to the church's number (Termii's inbound webhook). */
export interface TermiiInboundMessage {
  providerMessageId: string;
  /** the member's number, '+' and digits */
  from: string;
  text: string;
  /** as Termii gives it (e.g. '2020-12-16T10:51:03.000000Z'), or null */
  receivedAt: string | null;
  isStop: boolean;
}

/** What a Termii webhook event means for Steward. */
export type TermiiWebhookEvent =
  | { kind: 'delivery'; report: DeliveryReport }
  | { kind: 'pending'; providerMessageId: string; detail: string }
  | { kind: 'inbound'; message: TermiiInboundMessage }
  | { kind: 'ignored'; reason: string };

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null;

/**
 * Reads a Termii webhook body (verify its signature first). An outbound delivery report
 * (type 'outbound' or any event with message_id, receiver and status) becomes a DeliveryReport
 * whose providerMessageId is termiiRecipientKey(message_id, receiver): 'Delivered' and
 * 'Received' are delivered; 'DND Active on Phone Number', 'Message Failed', 'Rejected' and
 * 'Expired' undelivered; 'Message Sent' is pending. An inbound message (type 'inbound') becomes
 * a TermiiInboundMessage. Anything else (device status, unknown statuses, bad JSON) is ignored
 * with a reason.
 *
 * @param rawBody the body as received
 */
export function parseTermiiWebhook(rawBody: string | Uint8Array): TermiiWebhookEvent {
  const raw = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'ignored', reason: 'not JSON' };
  }
  if (!isRecord(body)) return { kind: 'ignored', reason: 'not a JSON object' };
  const type = str(body.type)?.toLowerCase() ?? '';
  const messageId = messageIdOf(raw, body);

  if (type === 'inbound') {
    const from = str(body.sender)?.replace(/\D/g, '') ?? '';
    if (!messageId || from.length < 7)
      return { kind: 'ignored', reason: 'inbound message without message_id or sender' };
    const message = typeof body.message === 'string' ? body.message : '';
    const receivedAt = str(body.received_at) || null;
    return {
      kind: 'inbound',
      message: {
        providerMessageId: messageId,
        from: `+${from}`,
        text: message,
        receivedAt,
        isStop: isStopReply(message),
      },
    };
  }
  if (type === 'device_status') return { kind: 'ignored', reason: 'device status' };

  const receiver = str(body.receiver ?? body.phone_number ?? body.to)?.replace(/\D/g, '') ?? '';
  const status = str(body.status);
  if (!messageId || !receiver || !status) {
    return { kind: 'ignored', reason: 'event without message_id, receiver and status' };
  }
  const providerMessageId = termiiRecipientKey(messageId, receiver);
  const meaning = termiiDeliveryStatus(status);
  if (meaning === 'pending') return { kind: 'pending', providerMessageId, detail: status };
  if (meaning === 'unknown') return { kind: 'ignored', reason: `unknown status '${status}'` };
  return { kind: 'delivery', report: { providerMessageId, status: meaning, detail: status } };
}
