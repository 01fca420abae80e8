/**
 * What a delivery channel (an SMS gateway or an e-mail transport) offers the delivery worker
 * (issue 9 'Delivery'). Adapters: the Termii SMS gateway (termii-gateway.ts), the development
 * SMS gateway (dev-sms-gateway.ts, records into the Outbox), SMTP through nodemailer
 * (email-transport.ts) with the local capture server as its development stand-in.
 */

/** One SMS to one number. */
export interface SmsToSend {
  /** the recipient id: the key the gateway may use to tell whether it already took this message */
  idempotencyKey: string;
  tenantId: string;
  /** E.164, e.g. '+2348030000001' */
  to: string;
  /** an approved sender ID, 3-11 letters or digits */
  from: string;
  text: string;
}

/** What a gateway answers for one accepted message. */
export interface SendResult {
  /** the gateway's id of the message (delivery reports name it) */
  providerMessageId: string;
}

/**
 * A failed send, classified: `temporary` (timeout, 429, 5xx, connection refused: retried with
 * backoff) or `permanent` (invalid number, rejected sender ID, bad request: failed with `reason`).
 * `reason` is written for a church administrator and never carries the number or the text.
 */
export class DeliveryError extends Error {
  /**
   * @param maybeTaken for a temporary failure: the gateway may have taken the message anyway
   *   (the request timed out after it was sent), so the retry asks for a receipt first
   */
  constructor(
    readonly kind: 'temporary' | 'permanent',
    readonly reason: string,
    readonly maybeTaken = false,
  ) {
    super(reason);
    this.name = 'DeliveryError';
  }
}

/**
 * Whether the gateway already took the message sent under `idempotencyKey`: 'yes' (with its
 * id), 'no', or 'unknown' when the gateway cannot say (a real provider without such a lookup).
 */
export type Receipt = { taken: 'yes'; providerMessageId: string } | { taken: 'no' } | { taken: 'unknown' };

/** An SMS gateway adapter. */
export interface SmsGateway {
  /** 'termii' or 'dev' */
  readonly name: string;
  /**
   * Sends each message; answers one result per message, in order: a SendResult or the
   * DeliveryError of that message. Throws DeliveryError('temporary') when the whole request
   * failed in a way worth retrying. Termii takes up to 100 numbers per bulk request with one text.
   */
  send(messages: SmsToSend[]): Promise<(SendResult | DeliveryError)[]>;
  /** See Receipt. */
  receipt(tenantId: string, idempotencyKey: string): Promise<Receipt>;
}

/** A delivery report from the gateway, as the webhook parsed it. */
export interface DeliveryReport {
  providerMessageId: string;
  /** 'delivered' or 'undelivered' (also for Termii's 'Rejected', 'Expired', 'Message Failed') */
  status: 'delivered' | 'undelivered';
  /** the gateway's own status text, e.g. 'DND Active on Phone Number' */
  detail: string;
}
