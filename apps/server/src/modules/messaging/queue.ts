import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/** The pg-boss queue of message deliveries: one job per recipient, its id the recipient's id. */
export const DELIVERY_QUEUE = 'message-delivery';

/** A delivery job's data. */
export interface DeliveryJob {
  tenantId: string;
  recipientId: string;
}

/** Runs SQL on a given connection (pg-boss's `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A job handed to the worker. */
export interface ClaimedJob {
  id: string;
  data: DeliveryJob;
}

/** What the worker answers for a batch: the ids to retry later (temporary failures) with why. */
export interface BatchOutcome {
  retry: { id: string; reason: string }[];
}

/** Tuning of the queue (issue 9 'Every recipient is a job'). */
export interface QueueOptions {
  /**
   * Seconds a recipient's job may stay active before pg-boss hands it to another worker (a
   * worker that was killed never finishes its jobs). Default 60.
   */
  jobExpireSeconds?: number;
  /** Attempts after the first for a temporary failure, with exponential backoff. Default 5. */
  retryLimit?: number;
  /** First retry delay in seconds (doubled each time by pg-boss). Default 5. */
  retryDelaySeconds?: number;
}

/**
 * The delivery job queue over pg-boss 10 on the app's database (PostgreSQL, or PGlite through
 * pg-boss's `db.executeSql` adapter). Jobs carry their recipient's id as the job id and are
 * inserted with ON CONFLICT DO NOTHING (pg-boss's insert), so enqueueing a recipient twice makes
 * one job.
 */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly options: Required<QueueOptions>,
  ) {}

  /** Starts pg-boss (creating or migrating its schema `pgboss`) and the delivery queue. */
  static async open(database: Database, options: QueueOptions = {}): Promise<JobQueue> {
    const opts: Required<QueueOptions> = {
      jobExpireSeconds: options.jobExpireSeconds ?? 60,
      retryLimit: options.retryLimit ?? 5,
      retryDelaySeconds: options.retryDelaySeconds ?? 5,
    };
    const maintenance = Math.max(1, Math.min(30, Math.floor(opts.jobExpireSeconds / 2)));
    const conn = database.jobConnection;
    const boss = new PgBoss({
      ...('connectionString' in conn
        ? { connectionString: conn.connectionString, max: 4 }
        : { db: { executeSql: (text: string, values: unknown[]) => conn.executeSql(text, values) } }),
      application_name: 'steward-jobs',
      maintenanceIntervalSeconds: maintenance,
      schedule: false,
    });
    // pg-boss reports its own background errors (a lost connection during maintenance) here;
    // the next poll retries, so they are logged by the runtime and not thrown.
    boss.on('error', (e) => queueErrors.forEach((f) => f(e)));
    await boss.start();
    await boss.createQueue(DELIVERY_QUEUE, {
      name: DELIVERY_QUEUE,
      retryLimit: opts.retryLimit,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: opts.jobExpireSeconds,
    });
    // requests enqueue their recipients' jobs inside their own transaction, as the app role
    await boss.getDb().executeSql(
      `grant usage on schema pgboss to steward_app;
       grant select on pgboss.queue to steward_app;
       grant insert on pgboss.job to steward_app`,
      [],
    );
    return new JobQueue(boss, opts);
  }

  /**
   * Enqueues one delivery job per recipient, inside `inTransaction` when given (a request's
   * transaction: the jobs exist exactly when its recipients do) (startAfter: not before that time, for scheduled
   * messages). Inserted in chunks of 1,000 (one statement each).
   */
  async enqueue(jobs: (DeliveryJob & { startAfter?: Date | null })[], inTransaction?: SqlExecutor): Promise<void> {
    for (let i = 0; i < jobs.length; i += 1000) {
      const insert = this.boss.insert.bind(this.boss) as (
        jobs: PgBoss.JobInsert[],
        options?: PgBoss.InsertOptions,
      ) => Promise<void>;
      await insert(
        jobs.slice(i, i + 1000).map((j) => ({
          id: j.recipientId,
          name: DELIVERY_QUEUE,
          data: { tenantId: j.tenantId, recipientId: j.recipientId },
          retryLimit: this.options.retryLimit,
          retryDelay: this.options.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: this.options.jobExpireSeconds,
          ...(j.startAfter ? { startAfter: j.startAfter.toISOString() } : {}),
        })),
        inTransaction ? { db: inTransaction } : undefined,
      );
    }
  }

  /**
   * Starts `workers` pollers; each takes up to `batchSize` jobs at a time and hands them to
   * `handle`. Jobs `handle` names in `retry` are failed (pg-boss retries them with backoff until
   * the retry limit); the rest of the batch is completed. If `handle` throws, the whole batch is
   * failed and retried.
   */
  async work(workers: number, batchSize: number, handle: (jobs: ClaimedJob[]) => Promise<BatchOutcome>): Promise<void> {
    for (let i = 0; i < workers; i++) {
      await this.boss.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        const outcome = await handle(jobs.map((j) => ({ id: j.id, data: j.data })));
        for (const r of outcome.retry) await this.boss.fail(DELIVERY_QUEUE, r.id, { reason: r.reason });
      });
    }
  }

  /** The state of a recipient's job ('created', 'retry', 'active', 'completed', 'failed', ...), or null. */
  async jobState(recipientId: string): Promise<string | null> {
    const job = await this.boss.getJobById(DELIVERY_QUEUE, recipientId, { includeArchive: true });
    return job?.state ?? null;
  }

  /** Stops polling; `graceful` waits for the batches in hand to finish. */
  async stop(graceful = true): Promise<void> {
    await this.boss.stop({ graceful, wait: true, close: true, timeout: 10_000 });
  }
}

const queueErrors = new Set<(e: Error) => void>();

/** Registers a listener of pg-boss's background errors (answers the function that removes it). */
export function onQueueError(f: (e: Error) => void): () => void {
  queueErrors.add(f);
  return () => queueErrors.delete(f);
}
