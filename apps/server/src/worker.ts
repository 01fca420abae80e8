import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openMessaging } from './modules/messaging/runtime.ts';

/**
 * `npm run worker`: delivery workers without the HTTP server (issue 9; DESIGN.md §5 'pg-boss
 * workers as separate processes'). PostgreSQL only (DATABASE_URL): the embedded PGlite
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
  log.info('Steward delivery worker started');
  const stop = async () => {
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
