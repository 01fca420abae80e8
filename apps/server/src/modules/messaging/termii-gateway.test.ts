import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError, type SendResult, type SmsToSend } from './gateway.ts';
import {
  isStopReply,
  parseTermiiWebhook,
  TERMII_REASONS,
  TermiiGateway,
  termiiRecipientKey,
  verifyTermiiSignature,
  type TermiiGatewayOptions,
} from './termii-gateway.ts';

/**
 * A local HTTP server answering as Termii's Messaging API documentation says
 * (developers.termii.com/messaging-api): POST /api/sms/send and /api/sms/send/bulk with a JSON
 * body, {code: 'ok', message_id, message, balance, user} on success, HTTP 4xx/5xx with {message}
 * otherwise. Tests replace `handler` to give the error answers.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}
type Handler = (req: Seen, res: ServerResponse) => void;

const API_KEY = 'TLk2test0key';
let server: Server;
let base: string;
let seen: Seen[] = [];
let handler: Handler;
let nextId: bigint;
let balance: number;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** Termii as documented: checks the key, the sender ID, the numbers and the balance. */
const termiiLike: Handler = (req, res) => {
  if (req.method !== 'POST' || !['/api/sms/send', '/api/sms/send/bulk'].includes(req.url)) {
    return json(res, 404, { message: 'Not Found' });
  }
  const b = req.body;
  if (b.api_key !== API_KEY) return json(res, 401, { code: 401, message: 'Unauthorized, invalid api key' });
  if (b.from !== 'GraceChurch') {
    return json(res, 404, {
      code: 404,
      message: `ApplicationSenderId not found for applicationId: 66189 and senderName: ${String(b.from)}`,
    });
  }
  const to = Array.isArray(b.to) ? (b.to as string[]) : [b.to as string];
  const bad = to.find((n) => !/^\d{11,15}$/.test(n) || n.startsWith('2340'));
  if (bad) return json(res, 400, { code: 400, message: `Invalid phone number ${bad}` });
  if (balance < to.length) return json(res, 400, { code: 400, message: 'Insufficient balance' });
  balance -= to.length;
  nextId += 1n;
  json(res, 200, {
    code: 'ok',
    message_id: String(nextId),
    message_id_str: String(nextId),
    message: 'Successfully Sent',
    balance,
    user: 'Grace Church',
  });
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const rec: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : {},
      };
      seen.push(rec);
      handler(rec, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  handler = termiiLike;
  nextId = 9122821270554876574n;
  balance = 10_000;
});

const gateway = (options: Partial<TermiiGatewayOptions> = {}) =>
  new TermiiGateway({ apiKey: API_KEY, baseUrl: base, timeoutMs: 2_000, ...options });

const TEXT = 'Grace Church: thank you for your offering of NGN 5,000.';
const number = (n: number) => `+23480300${String(n).padStart(5, '0')}`;
const msg = (n: number, over: Partial<SmsToSend> = {}): SmsToSend => ({
  idempotencyKey: `r-${n}`,
  tenantId: 't-1',
  to: number(n),
  from: 'GraceChurch',
  text: TEXT,
  ...over,
});
const body = (to: string | string[], channel = 'generic', sms = TEXT) => ({
  to,
  from: 'GraceChurch',
  sms,
  type: 'plain',
  channel,
  api_key: API_KEY,
});
const digits = (e164: string) => e164.slice(1);

/** Asserts a permanent failure with `reason`, and that no reason ever carries a number or the text. */
function expectPermanent(result: SendResult | DeliveryError | undefined, reason: string) {
  expect(result).toBeInstanceOf(DeliveryError);
  expect(result).toMatchObject({ kind: 'permanent', reason });
  expect((result as DeliveryError).reason).not.toMatch(/\d{7}|Grace Church:/);
}

async function thrown(p: Promise<unknown>): Promise<DeliveryError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DeliveryError);
  return e as DeliveryError;
}

describe('TermiiGateway.send: successes', () => {
  it('sends one message to /api/sms/send with the documented body', async () => {
    const results = await gateway().send([msg(1)]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/sms/send' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toEqual(body('2348030000001'));
    expect(Object.keys(seen[0]!.body)).toEqual(['to', 'from', 'sms', 'type', 'channel', 'api_key']);
    expect(results).toEqual([{ providerMessageId: '9122821270554876575:2348030000001' }]);
  });

  it("uses the 'dnd' route and a base URL with a trailing slash", async () => {
    await gateway({ channel: 'dnd', baseUrl: `${base}/` }).send([msg(1)]);
    expect(seen[0]).toMatchObject({ url: '/api/sms/send', body: body('2348030000001', 'dnd') });
  });

  it('groups the same sender and text into bulk requests of at most 100 numbers, answering in input order', async () => {
    const messages = Array.from({ length: 250 }, (_, i) => msg(i + 1));
    const results = await gateway().send(messages);
    expect(seen.map((s) => [s.url, (s.body.to as string[]).length])).toEqual([
      ['/api/sms/send/bulk', 100],
      ['/api/sms/send/bulk', 100],
      ['/api/sms/send/bulk', 50],
    ]);
    expect(seen[0]!.body).toEqual(body(messages.slice(0, 100).map((m) => digits(m.to))));
    expect(seen[2]!.body.to).toEqual(messages.slice(200).map((m) => digits(m.to)));
    // One message_id per batch, so each recipient's id is the batch id with its number.
    expect(results).toHaveLength(250);
    expect(results[0]).toEqual({ providerMessageId: `9122821270554876575:${digits(messages[0]!.to)}` });
    expect(results[99]).toEqual({ providerMessageId: `9122821270554876575:${digits(messages[99]!.to)}` });
    expect(results[100]).toEqual({ providerMessageId: `9122821270554876576:${digits(messages[100]!.to)}` });
    expect(results[249]).toEqual({ providerMessageId: `9122821270554876577:${digits(messages[249]!.to)}` });
    expect(new Set(results.map((r) => (r as SendResult).providerMessageId)).size).toBe(250);
    expect(balance).toBe(10_000 - 250);
  });

  it('sends different texts separately and a group of one to /api/sms/send', async () => {
    const results = await gateway().send([
      msg(1),
      msg(2, { text: 'Welcome, Ada' }),
      msg(3),
      msg(4, { text: 'Welcome, Bayo' }),
    ]);
    expect(seen.map((s) => [s.url, s.body.to, s.body.sms])).toEqual([
      ['/api/sms/send/bulk', ['2348030000001', '2348030000003'], TEXT],
      ['/api/sms/send', '2348030000002', 'Welcome, Ada'],
      ['/api/sms/send', '2348030000004', 'Welcome, Bayo'],
    ]);
    expect(results.map((r) => (r as SendResult).providerMessageId)).toEqual([
      '9122821270554876575:2348030000001',
      '9122821270554876576:2348030000002',
      '9122821270554876575:2348030000003',
      '9122821270554876577:2348030000004',
    ]);
  });

  it('never puts one number twice in a request', async () => {
    const results = await gateway().send([msg(1, { idempotencyKey: 'a' }), msg(1, { idempotencyKey: 'b' }), msg(2)]);
    expect(seen.map((s) => s.body.to)).toEqual([['2348030000001', '2348030000002'], '2348030000001']);
    expect(results.map((r) => (r as SendResult).providerMessageId)).toEqual([
      '9122821270554876575:2348030000001',
      '9122821270554876576:2348030000001',
      '9122821270554876575:2348030000002',
    ]);
  });

  it('with bulk: false sends every number alone', async () => {
    await gateway({ bulk: false }).send([msg(1), msg(2), msg(3)]);
    expect(seen.map((s) => [s.url, s.body.to])).toEqual([
      ['/api/sms/send', '2348030000001'],
      ['/api/sms/send', '2348030000002'],
      ['/api/sms/send', '2348030000003'],
    ]);
  });

  it('reads a numeric message_id beyond 2^53 exactly', async () => {
    handler = (_req, res) =>
      json(
        res,
        200,
        '{"code":"ok","message_id":9122821270554876574,"message":"Successfully Sent","balance":9,"user":"Peter"}',
      );
    expect(await gateway().send([msg(1)])).toEqual([{ providerMessageId: '9122821270554876574:2348030000001' }]);
  });

  it('answers receipt() unknown: Termii has no lookup by our key', async () => {
    expect(await gateway().receipt('t-1', 'r-1')).toEqual({ taken: 'unknown' });
    expect(seen).toHaveLength(0);
  });
});

describe('TermiiGateway.send: error answers, classified', () => {
  it('a sender ID Termii does not know (404 ApplicationSenderId not found) is permanent', async () => {
    const results = await gateway().send([msg(1, { from: 'OtherChurch' }), msg(2, { from: 'OtherChurch' })]);
    expect(seen).toHaveLength(1);
    for (const r of results) expectPermanent(r, TERMII_REASONS.senderId);
  });

  it('a wrong API key (401) is permanent', async () => {
    const results = await gateway({ apiKey: 'wrong' }).send([msg(1)]);
    expectPermanent(results[0], TERMII_REASONS.apiKey);
  });

  it('an insufficient balance (400) is permanent, for the request it hit only', async () => {
    balance = 100;
    const results = await gateway().send([
      ...Array.from({ length: 100 }, (_, i) => msg(i + 1)),
      msg(500, { text: 'Hi' }),
    ]);
    expect(results.slice(0, 100).every((r) => 'providerMessageId' in r)).toBe(true);
    expectPermanent(results[100], TERMII_REASONS.balance);
  });

  it('a bulk request refused for one invalid number is retried number by number: only that one fails', async () => {
    const results = await gateway().send([msg(1), msg(2, { to: '+23400000000001' }), msg(3)]);
    expect(seen.map((s) => [s.url, s.body.to])).toEqual([
      ['/api/sms/send/bulk', ['2348030000001', '23400000000001', '2348030000003']],
      ['/api/sms/send', '2348030000001'],
      ['/api/sms/send', '23400000000001'],
      ['/api/sms/send', '2348030000003'],
    ]);
    expect(results[0]).toEqual({ providerMessageId: '9122821270554876575:2348030000001' });
    expectPermanent(results[1], TERMII_REASONS.number);
    expect(results[2]).toEqual({ providerMessageId: '9122821270554876576:2348030000003' });
  });

  it('a 422 with a validation message, a 404 path and a 400 without a known cause are permanent', async () => {
    handler = (_req, res) => json(res, 422, { message: 'The sms field is required.', errors: { sms: ['required'] } });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.refused(422));
    handler = (_req, res) => json(res, 404, '<html><body>Not Found</body></html>');
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.notFound);
    handler = (_req, res) => json(res, 400, { message: 'Bad request' });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.refused(400));
    handler = (_req, res) => json(res, 400, { code: 400, message: 'Sender ID not whitelisted for DND' });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.senderId);
    seen = [];
    handler = (_req, res) => json(res, 400, { message: 'Failed to process the request' });
    const both = await gateway().send([msg(1), msg(2)]);
    expect(seen).toHaveLength(1); // not a number problem: not retried number by number
    for (const r of both) expectPermanent(r, TERMII_REASONS.refused(400));
    handler = (_req, res) => json(res, 400, { code: 400, message: 'DND route not activated on this account' });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.route);
  });

  it('a 200 that is not a success, or without a message id, is permanent (never sent twice)', async () => {
    handler = (_req, res) => json(res, 200, { code: 'error', message: 'Insufficient balance' });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.balance);
    handler = (_req, res) => json(res, 200, { message: 'Successfully Sent' });
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.noMessageId);
  });

  it('does not follow a redirect', async () => {
    handler = (_req, res) => {
      res.writeHead(301, { location: '/elsewhere' });
      res.end();
    };
    expectPermanent((await gateway().send([msg(1)]))[0], TERMII_REASONS.redirected);
    expect(seen).toHaveLength(1);
  });

  it('429 and 5xx are temporary: thrown when nothing was taken yet', async () => {
    for (const [status, reason] of [
      [429, TERMII_REASONS.rateLimited],
      [500, TERMII_REASONS.unavailable(500)],
      [502, TERMII_REASONS.unavailable(502)],
      [503, TERMII_REASONS.unavailable(503)],
    ] as const) {
      seen = [];
      handler = (_req, res) => json(res, status, { message: 'Too many requests' });
      const e = await thrown(gateway().send([msg(1), msg(2)]));
      expect(e).toMatchObject({ kind: 'temporary', reason });
      expect(seen).toHaveLength(1);
    }
  });

  it('a temporary failure after a taken request is answered, not thrown, and later requests wait', async () => {
    let calls = 0;
    handler = (req, res) => (++calls === 1 ? termiiLike(req, res) : json(res, 503, { message: 'Service Unavailable' }));
    const messages = [...Array.from({ length: 101 }, (_, i) => msg(i + 1)), msg(900, { text: 'Other' })];
    const results = await gateway().send(messages);
    expect(seen).toHaveLength(2); // the third request (the 'Other' text) was not attempted
    expect(results.slice(0, 100).every((r) => 'providerMessageId' in r)).toBe(true);
    for (const r of results.slice(100))
      expect(r).toMatchObject({ kind: 'temporary', reason: TERMII_REASONS.unavailable(503) });
  });

  it('a hanging answer times out as temporary', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    const e = await thrown(gateway({ timeoutMs: 200 }).send([msg(1)]));
    expect(e).toMatchObject({ kind: 'temporary', reason: TERMII_REASONS.timeout });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('an answer whose body never ends times out as temporary', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"code":"ok",');
    };
    const e = await thrown(gateway({ timeoutMs: 200 }).send([msg(1)]));
    expect(e).toMatchObject({ kind: 'temporary', reason: TERMII_REASONS.timeout });
  });

  it('a refused connection is temporary', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await thrown(gateway({ baseUrl: `http://127.0.0.1:${port}` }).send([msg(1)]));
    expect(e).toMatchObject({ kind: 'temporary', reason: TERMII_REASONS.unreachable });
  });

  it('refuses locally, without a request, a bad sender ID, an empty text and a number not in E.164', async () => {
    const results = await gateway().send([
      msg(1, { from: 'AB' }),
      msg(2, { from: 'GraceChurch12' }),
      msg(3, { from: 'Grace-Church' }),
      msg(4, { text: '  ' }),
      msg(5, { to: '08030000005' }),
      msg(6),
    ]);
    expect(seen.map((s) => s.body.to)).toEqual(['2348030000006']);
    expectPermanent(results[0], TERMII_REASONS.badSender);
    expectPermanent(results[1], TERMII_REASONS.badSender);
    expectPermanent(results[2], TERMII_REASONS.badSender);
    expectPermanent(results[3], TERMII_REASONS.emptyText);
    expectPermanent(results[4], TERMII_REASONS.badNumber);
    expect(results[5]).toEqual({ providerMessageId: '9122821270554876575:2348030000006' });
  });

  it('needs an API key', () => {
    expect(() => new TermiiGateway({ apiKey: '' })).toThrow(/API key/);
  });
});

describe('Termii webhooks', () => {
  const SECRET = 'termii-secret-key';
  const sign = (raw: string | Buffer, secret = SECRET) => createHmac('sha512', secret).update(raw).digest('hex');
  /** Termii's documented delivery report (developer.termii.com/events-and-reports). */
  const REPORT = JSON.stringify({
    type: 'outbound',
    message_id: '5964465985113503103',
    receiver: '2343459509389',
    sender: 'N-Alert',
    message: 'Your Termii confirmation code is 234u53.',
    sent_at: '2020-12-16 11:34:36',
    cost: '3.9',
    command: 'deliver',
    status: 'DELIVERED | Message delivered to handset',
    channel: 'Number Api',
  });

  it('verifies X-Termii-Signature, the HMAC-SHA512 of the raw body', () => {
    expect(verifyTermiiSignature(REPORT, sign(REPORT), SECRET)).toBe(true);
    expect(verifyTermiiSignature(Buffer.from(REPORT), sign(REPORT).toUpperCase(), SECRET)).toBe(true);
    expect(verifyTermiiSignature(REPORT, [sign(REPORT)], SECRET)).toBe(true);
    expect(verifyTermiiSignature(REPORT.replace('3.9', '0.1'), sign(REPORT), SECRET)).toBe(false);
    expect(verifyTermiiSignature(REPORT, sign(REPORT, 'other'), SECRET)).toBe(false);
    expect(verifyTermiiSignature(REPORT, sign(REPORT).slice(2), SECRET)).toBe(false);
    expect(verifyTermiiSignature(REPORT, `zz${sign(REPORT).slice(2)}`, SECRET)).toBe(false);
    expect(verifyTermiiSignature(REPORT, undefined, SECRET)).toBe(false);
    expect(verifyTermiiSignature(REPORT, sign(REPORT, ''), '')).toBe(false);
  });

  it('reads the documented delivery report into a DeliveryReport keyed by message id and receiver', () => {
    expect(parseTermiiWebhook(REPORT)).toEqual({
      kind: 'delivery',
      report: {
        providerMessageId: '5964465985113503103:2343459509389',
        status: 'delivered',
        detail: 'DELIVERED | Message delivered to handset',
      },
    });
    expect(parseTermiiWebhook(Buffer.from(REPORT))).toEqual(parseTermiiWebhook(REPORT));
  });

  it('maps each documented status', () => {
    const report = (status: string, extra: Record<string, unknown> = {}) =>
      parseTermiiWebhook(JSON.stringify({ message_id: '77', receiver: '2348030000001', status, ...extra }));
    for (const s of ['Delivered', 'Received', 'DELIVERED']) {
      expect(report(s)).toMatchObject({ kind: 'delivery', report: { status: 'delivered', detail: s } });
    }
    for (const s of ['DND Active on Phone Number', 'Message Failed', 'Rejected', 'Expired']) {
      expect(report(s)).toEqual({
        kind: 'delivery',
        report: { providerMessageId: '77:2348030000001', status: 'undelivered', detail: s },
      });
    }
    expect(report('Message Sent')).toEqual({
      kind: 'pending',
      providerMessageId: '77:2348030000001',
      detail: 'Message Sent',
    });
    expect(report('Teleported')).toMatchObject({ kind: 'ignored' });
    expect(report('Delivered', { receiver: undefined, phone_number: '+234 803 000 0001' })).toMatchObject({
      report: { providerMessageId: '77:2348030000001' },
    });
  });

  it('reads a numeric message_id exactly and ignores what it cannot use', () => {
    expect(
      parseTermiiWebhook(
        '{"type":"outbound","message_id":9122821270554876574,"receiver":"2348030000001","status":"Delivered"}',
      ),
    ).toMatchObject({ report: { providerMessageId: '9122821270554876574:2348030000001' } });
    expect(parseTermiiWebhook('{"type":"device_status","status":"disconnected","device_id":"x","name":"T"}')).toEqual({
      kind: 'ignored',
      reason: 'device status',
    });
    expect(parseTermiiWebhook('not json')).toMatchObject({ kind: 'ignored' });
    expect(parseTermiiWebhook('[1,2]')).toMatchObject({ kind: 'ignored' });
    expect(parseTermiiWebhook('{"message_id":"1","status":"Delivered"}')).toMatchObject({ kind: 'ignored' });
  });

  it('matches the id answered by send(): the same key for a bulk recipient and its report', async () => {
    const results = await gateway().send([msg(1), msg(2)]);
    const report = parseTermiiWebhook(
      JSON.stringify({
        type: 'outbound',
        message_id: '9122821270554876575',
        receiver: '2348030000002',
        status: 'Delivered',
      }),
    );
    expect(report).toMatchObject({
      kind: 'delivery',
      report: { providerMessageId: (results[1] as SendResult).providerMessageId },
    });
    expect(termiiRecipientKey('9122821270554876575', '+2348030000002')).toBe(
      (results[1] as SendResult).providerMessageId,
    );
  });

  it('reads the documented inbound message, flagging STOP replies', () => {
    const inbound = {
      type: 'inbound',
      id: '8248611476370959318',
      message_id: '3905204342778053556',
      receiver: '12022214836',
      sender: '2347069549231',
      message: 'Great ',
      received_at: '2020-12-16T10:51:03.000000Z',
      cost: null,
      command: 'Received',
      status: 'Received',
      channel: null,
    };
    expect(parseTermiiWebhook(JSON.stringify(inbound))).toEqual({
      kind: 'inbound',
      message: {
        providerMessageId: '3905204342778053556',
        from: '+2347069549231',
        text: 'Great ',
        receivedAt: '2020-12-16T10:51:03.000000Z',
        isStop: false,
      },
    });
    expect(parseTermiiWebhook(JSON.stringify({ ...inbound, message: ' stop ' }))).toMatchObject({
      kind: 'inbound',
      message: { isStop: true },
    });
  });

  it('recognises STOP replies and nothing else', () => {
    for (const t of [
      'STOP',
      'stop',
      ' Stop. ',
      'STOP ALL',
      'stopall',
      'Unsubscribe',
      'cancel',
      'END',
      'quit!',
      'opt out',
      'OPT-OUT',
    ]) {
      expect(isStopReply(t), t).toBe(true);
    }
    for (const t of ['', 'Please stop by the office', "don't stop", 'stopped', 'Thanks', 'the end of service']) {
      expect(isStopReply(t), t).toBe(false);
    }
  });
});
