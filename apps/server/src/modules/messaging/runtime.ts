import type { TConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { outboxReceipt, startCaptureServer, type CaptureServer } from './capture-server.ts';
import { applyDeliveryReports, deliverBatch } from './delivery-service.ts';
import { devSmsGateway } from './dev-sms-gateway.ts';
import { smtpTransport, type EmailTransport } from './email-transport.ts';
import type { SmsGateway } from './gateway.ts';
import { JobQueue, onQueueError, type QueueOptions } from './queue.ts';

/** Messaging's moving parts in one process (issue 9 'Delivery'). */
export interface MessagingRuntime {
  queue: JobQueue;
  sms: SmsGateway;
  email: EmailTransport;
  /** the capture server, when this process started it (SMTP_HOST unset) */
  capture: CaptureServer | null;
  /** starts `workers` delivery pollers in this process */
  startWorkers(workers: number): Promise<void>;
  close(): Promise<void>;
}

/** Options beyond config (tests tune the queue). */
export interface RuntimeOptions {
  queue?: QueueOptions;
  /** where the runtime logs (no personal data) */
  log?: (event: string, fields: Record<string, unknown>) => void;
  /** false: do not start a capture server even when SMTP_HOST is unset (a worker process sends to the given SMTP_HOST) */
  capture?: boolean;
}

/**
 * Opens the job queue, the e-mail transport and the SMS gateway from config:
 * - e-mail: SMTP_HOST set -> that server; unset -> a capture server started here on 127.0.0.1
 *   (SMTP_CAPTURE_PORT) and SMTP to it, with receipts answered from what it kept;
 * - SMS: SMS_GATEWAY 'dev' (records in the Outbox) or 'termii' (needs TERMII_API_KEY).
 * Throws an Error naming the setting when the configuration cannot work.
 */
export async function openMessaging(
  config: TConfig,
  database: Database,
  options: RuntimeOptions = {},
): Promise<MessagingRuntime> {
  const log = options.log ?? (() => {});
  const db = database.db;
  if (config.SMS_GATEWAY === 'termii' && !config.TERMII_API_KEY) {
    throw new Error('Invalid configuration:\n  TERMII_API_KEY: required when SMS_GATEWAY is termii');
  }
  const queue = await JobQueue.open(database, options.queue);
  const stopErrors = onQueueError((e) => log('queue.error', { message: e.message.slice(0, 200) }));
  let capture: CaptureServer | null = null;
  let email: EmailTransport;
  if (config.SMTP_HOST) {
    email = smtpTransport(
      {
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        user: config.SMTP_USER,
        password: config.SMTP_PASSWORD,
        from: config.SMTP_FROM,
      },
      // a worker process pointed at the capture server of another process (tests, npm run worker)
      config.SMTP_HOST === '127.0.0.1' && !config.SMTP_USER
        ? (tenantId, key) => outboxReceipt(db, tenantId, key, 'email')
        : undefined,
    );
  } else if (options.capture === false) {
    throw new Error('Invalid configuration:\n  SMTP_HOST: required for a worker process');
  } else {
    capture = await startCaptureServer(db, config.SMTP_CAPTURE_PORT);
    email = smtpTransport(
      { host: capture.host, port: capture.port, secure: false, from: config.SMTP_FROM },
      (tenantId, key) => outboxReceipt(db, tenantId, key, 'email'),
    );
  }
  const sms: SmsGateway =
    config.SMS_GATEWAY === 'termii'
      ? new (await import('./termii-gateway.ts')).TermiiGateway({
          apiKey: config.TERMII_API_KEY ?? '',
          baseUrl: config.TERMII_BASE_URL,
          channel: config.TERMII_CHANNEL,
        })
      : devSmsGateway(db, async (tenantId, reports) => {
          // a report may come before the worker recorded the gateway's id: try those again
          let pending = reports;
          for (let attempt = 0; pending.length && attempt < 20; attempt++) {
            if (attempt) await new Promise((r) => setTimeout(r, 500));
            pending = await applyDeliveryReports(db, tenantId, pending);
          }
        });
  const deps = { db, sms, email, log };
  return {
    queue,
    sms,
    email,
    capture,
    startWorkers: (workers) => queue.work(workers, 25, (jobs) => deliverBatch(deps, jobs)),
    async close() {
      await queue.stop(true);
      stopErrors();
      email.close();
      await capture?.close();
    },
  };
}
