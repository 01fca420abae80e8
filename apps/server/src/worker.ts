import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openMessaging } from './modules/messaging/runtime.ts';
import { openPayments, type PaymentsRuntime } from './modules/payments/runtime.ts';
import { DonationJobs } from './modules/giving/recheck-jobs.ts';
import { sendResetEmail } from './modules/giving/giver-service.ts';
import { installRegistrationHooks } from './modules/attendance/registration-payment.ts';

/**
 * `npm run worker`: delivery workers without the HTTP server (issue 9; DESIGN.md §5 'pg-boss
 * workers as separate processes'), and giving's jobs (issue 10: re-checks of unsettled online
 * gifts, the sweep, refunds, the registration hold upkeep, giver password-reset e-mails) when a provider key is configured (the local
 * provider sandbox lives in the app process). PostgreSQL only (DATABASE_URL): the embedded PGlite
 * database belongs to the one `npm start` process, whose own workers (MESSAGING_WORKERS) do
 * the sending. E-mail goes to SMTP_HOST (required here: the capture server runs in the app
 * process). Stops gracefully on SIGINT/SIGTERM, finishing the batches in hand.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  if (!config.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  DATABASE_URL: a worker process needs PostgreSQL');
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  const runtime = await openMessaging(config, database, {
    capture: false,
    queue: { jobExpireSeconds: config.MESSAGING_JOB_EXPIRE_SECONDS },
    log: (event, fields) => log.info({ event, ...fields }, 'messaging'),
  });
  await runtime.startWorkers(Math.max(1, config.MESSAGING_WORKERS));
  let payments: PaymentsRuntime | null = null;
  let donationJobs: DonationJobs | null = null;
  if (config.PAYSTACK_SECRET_KEY || config.FLUTTERWAVE_SECRET_KEY) {
    payments = await openPayments(config);
    // registration payments settled here (re-checks, the hold upkeep, refunds) need their hooks
    installRegistrationHooks(runtime.queue, (event, fields) => log.warn({ event, ...fields }, 'registration'));
    const giveLog = (event: string, fields: Record<string, unknown>) => log.info({ event, ...fields }, 'giving');
    donationJobs = await DonationJobs.open(
      config,
      {
        db: database.db,
        providers: payments.providers,
        abandonAfterSeconds: config.DONATION_ABANDON_AFTER_SECONDS,
        log: giveLog,
      },
      giveLog,
    );
    await donationJobs.startWorkers((job) => sendResetEmail(database.db, runtime.email, job));
  }
  log.info(donationJobs ? 'Steward delivery and giving worker started' : 'Steward delivery worker started');
  const stop = async () => {
    await donationJobs?.close();
    await payments?.close();
    await runtime.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
