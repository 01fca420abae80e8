import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../../db/client.ts';
import type { Receipt } from './gateway.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Attachments larger than this are listed without their content. */
const MAX_KEPT_ATTACHMENT = 1024 * 1024;
/** Messages larger than this are refused (552). */
const MAX_MESSAGE = 20 * 1024 * 1024;

/** The running capture server. */
export interface CaptureServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The local SMTP capture server (issue 9 'E-mail'; DESIGN.md §1.5 local stand-ins): speaks
 * SMTP on 127.0.0.1 (smtp-server), parses each message (mailparser) and keeps it in
 * outbox_messages of the church named by its X-Steward-Tenant header, keyed by its
 * X-Steward-Recipient header, before answering 250. Mail without those headers is refused
 * (550): it is not Steward's. Started when SMTP_HOST is not set.
 */
export async function startCaptureServer(db: Db, port = 0): Promise<CaptureServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE,
    logger: false,
    banner: 'Steward capture server',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const tenantId = headerText(mail.headers.get('x-steward-tenant'));
          const key = headerText(mail.headers.get('x-steward-recipient'));
          if (!UUID.test(tenantId) || !key) {
            const err = new Error('Only mail sent by Steward is accepted here') as Error & { responseCode: number };
            err.responseCode = 550;
            return callback(err);
          }
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ') || addressText(mail.to);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : addressText(mail.from);
          const attachments = mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            size: a.size,
            content: a.size <= MAX_KEPT_ATTACHMENT ? a.content.toString('base64') : null,
          }));
          await withTenant(db, tenantId, (tx) =>
            tx.execute(sql`insert into outbox_messages
                (tenant_id, channel, idempotency_key, from_address, to_address, subject, text_body, html_body, headers, attachments)
              values (${tenantId}, 'email', ${key}, ${from}, ${to}, ${mail.subject ?? ''}, ${mail.text ?? ''},
                      ${typeof mail.html === 'string' ? mail.html : null},
                      ${JSON.stringify(mail.headerLines.map((h) => h.line))}::jsonb, ${JSON.stringify(attachments)}::jsonb)`),
          );
          callback();
        })
        .catch((e: unknown) => {
          const err = new Error('The message could not be kept; try again') as Error & { responseCode: number };
          err.responseCode = 451;
          void e;
          callback(err);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // a client that goes away mid-message is that client's problem, not the server's
  server.on('error', () => {});
  const address = server.server.address();
  const actualPort = address && typeof address === 'object' ? address.port : port;
  return {
    host: '127.0.0.1',
    port: actualPort,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Whether the capture server (or the development SMS gateway, which records in the same table)
 * took the message of recipient `key` of church `tenantId`.
 */
export async function outboxReceipt(db: Db, tenantId: string, key: string, channel: 'email' | 'sms'): Promise<Receipt> {
  const rows = await withTenant(db, tenantId, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select id from outbox_messages
           where tenant_id = ${tenantId} and idempotency_key = ${key} and channel = ${channel}
           order by received_at limit 1`,
    ),
  );
  return rows[0] ? { taken: 'yes', providerMessageId: rows[0].id } : { taken: 'no' };
}

function headerText(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return '';
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');
}
