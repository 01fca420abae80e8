import nodemailer from 'nodemailer';
import { DeliveryError, type Receipt, type SendResult } from './gateway.ts';

/** One e-mail to one address (issue 9 'E-mail'). */
export interface EmailToSend {
  /** the recipient id: becomes the Message-ID `<key@steward.local>` and the X-Steward-Recipient header */
  idempotencyKey: string;
  tenantId: string;
  to: string;
  /** shown as the sender's name (the church's name) */
  fromName: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

/** An e-mail transport: SMTP through nodemailer (to a real server or to the local capture server). */
export interface EmailTransport {
  readonly name: string;
  send(message: EmailToSend): Promise<SendResult>;
  receipt(tenantId: string, idempotencyKey: string): Promise<Receipt>;
  close(): void;
}

/** SMTP settings (config SMTP_*). */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  /** the From address */
  from: string;
}

/** The Message-ID Steward gives the e-mail of recipient `key`. */
export function messageIdOf(key: string): string {
  return `<${key}@steward.local>`;
}

/**
 * An SMTP transport (nodemailer, pooled connections). Errors are classified: a 4xx reply, a
 * timeout or a refused/broken connection is temporary; a 5xx reply (mailbox unknown, rejected)
 * is permanent. `receipt` asks `lookup` when given (the local capture server keeps what it
 * received); a real SMTP server cannot be asked, so it answers 'unknown'.
 */
export function smtpTransport(
  settings: SmtpSettings,
  lookup?: (tenantId: string, key: string) => Promise<Receipt>,
): EmailTransport {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // the capture server on loopback offers no TLS; a real server gets STARTTLS when it offers it
    ignoreTLS: settings.host === '127.0.0.1' && !settings.secure,
  });
  return {
    name: lookup ? 'capture' : 'smtp',
    async send(m) {
      try {
        const info = await transporter.sendMail({
          from: { name: m.fromName, address: settings.from },
          to: m.to,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: messageIdOf(m.idempotencyKey),
          headers: { 'X-Steward-Tenant': m.tenantId, 'X-Steward-Recipient': m.idempotencyKey },
        });
        return { providerMessageId: info.messageId };
      } catch (e) {
        throw classifySmtpError(e);
      }
    },
    receipt: (tenantId, key) => (lookup ? lookup(tenantId, key) : Promise.resolve({ taken: 'unknown' as const })),
    close: () => transporter.close(),
  };
}

/** A nodemailer error as a DeliveryError (see smtpTransport). */
export function classifySmtpError(e: unknown): DeliveryError {
  const err = e as { responseCode?: number; code?: string };
  const code = err.responseCode;
  if (typeof code === 'number' && code >= 500) {
    return new DeliveryError('permanent', `The mail server refused the message (${code})`);
  }
  if (typeof code === 'number' && code >= 400) {
    return new DeliveryError('temporary', `The mail server asked to try later (${code})`);
  }
  // a connection that timed out or broke after the message was handed over may have delivered it
  const maybeTaken = err.code === 'ETIMEDOUT' || err.code === 'ESOCKET';
  return new DeliveryError('temporary', `The mail server could not be reached (${err.code ?? 'error'})`, maybeTaken);
}
