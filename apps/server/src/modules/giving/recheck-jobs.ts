import PgBoss from 'pg-boss';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ProviderError } from '../payments/provider.ts';
import * as q from './donation-queries.ts';
import {
  onRefundNeeded,
  refundPayment,
  refundsDue,
  runPurposeUpkeep,
  settle,
  type RefundOutcome,
  type SettleDeps,
} from './settlement.ts';

/*
 * The re-check of online payments (issue 10 'A gift initialised but never confirmed is
 * re-checked with the provider by a job (pg-boss) and settled as success, failed or abandoned;
 * nothing stays pending forever'), and the giver password-reset e-mails, as pg-boss 10 jobs on
 * the app's database (PostgreSQL, or PGlite through pg-boss's `db.executeSql` adapter), in a
 * pg-boss instance of giving's own (messaging's JobQueue does not lend its instance).
 *
 * - Each initialised payment schedules a check `firstDelaySeconds` later; a check that finds it
 *   still pending schedules the next one, the delay doubling up to `maxDelaySeconds`, until it is
 *   settled or abandoned (`abandonAfterSeconds` after it began).
 * - A sweep (at most one per `sweepIntervalSeconds` over every app process: a pg-boss singleton)
 *   settles payments still pending `sweepAfterSeconds` after they began, whatever became of
 *   their own jobs (a process killed between the payment and its job), and asks again for the
 *   refunds still pending (a provider that was unreachable).
 * - A refund (issue 12: settlement flagged a payment whose money must go back) is a job queued
 *   after settlement's commit (onRefundNeeded): refundPayment() asks the provider outside any
 *   transaction.
 * - An upkeep (at most one per `upkeepIntervalSeconds`, default 60) runs each payment purpose's
 *   periodic work (PurposeHooks.upkeep): registration holds past their expiry whose payment is
 *   still pending are verified with the provider, then settled (paid) or ended (not paid).
 */

export const RECHECK_QUEUE = 'donation-recheck';
export const SWEEP_QUEUE = 'donation-sweep';
export const RESET_EMAIL_QUEUE = 'giver-reset-email';
export const REFUND_QUEUE = 'payment-refund';
export const UPKEEP_QUEUE = 'payment-upkeep';

/** The delays of the re-check (seconds). */
export interface RecheckSettings {
  /** first check after initialise; default 300 (5 minutes) */
  firstDelaySeconds: number;
  /** longest wait between two checks of a payment; default 3600 */
  maxDelaySeconds: number;
  /** how often a sweep runs; default 300 */
  sweepIntervalSeconds: number;
  /** a sweep settles payments pending longer than this; default 900 */
  sweepAfterSeconds: number;
  /** a payment not paid this long after it began becomes 'abandoned'; default 86400 (a day) */
  abandonAfterSeconds: number;
  /** how often the purposes' upkeep (expired registration holds) runs; default 60 */
  upkeepIntervalSeconds?: number;
}

/** A refund job's data. */
interface RefundJob {
  tenantId: string;
  reference: string;
}

/** The re-check delays from configuration (config.ts DONATION_*; seconds). */
export function recheckSettings(config: TConfig): RecheckSettings {
  return {
    firstDelaySeconds: config.DONATION_RECHECK_FIRST_SECONDS,
    maxDelaySeconds: config.DONATION_RECHECK_MAX_SECONDS,
    sweepIntervalSeconds: config.DONATION_SWEEP_INTERVAL_SECONDS,
    sweepAfterSeconds: config.DONATION_SWEEP_AFTER_SECONDS,
    abandonAfterSeconds: config.DONATION_ABANDON_AFTER_SECONDS,
  };
}

/** A re-check job's data. */
interface RecheckJob {
  tenantId: string;
  reference: string;
  /** 0 for the first check */
  attempt: number;
}

/** A reset e-mail job's data: the request to mail (its token is made by the job, never stored in clear). */
export interface ResetEmailJob {
  tenantId: string;
  resetId: string;
  origin: string;
}

/**
 * Runs SQL for pg-boss on the app's database: the PGlite instance or the pg pool behind Drizzle.
 * On the pool a statement goes as a query object, so the pool prepares it once per connection
 * when it repeats (db/client.ts prepareHotStatements): pg-boss's job insert is planned once, not
 * on every send (issue 10 'Speed').
 */
function executorOf(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (db as unknown as { $client: unknown }).$client as {
    exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
    query: (query: string | { text: string; values?: unknown[] }, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  };
  return {
    executeSql: async (text, values) => {
      // statements without parameters may hold several commands (pg-boss's migrations)
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      if (!client.exec) return { rows: (await client.query(values?.length ? { text, values } : text)).rows };
      const result = await client.query(text, values && values.length ? values : undefined);
      return { rows: result.rows };
    },
  };
}

/** Giving's background jobs in one process. */
export class DonationJobs {
  private workersStarted = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private upkeepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    /** where jobs are sent from: the app's own pool (10 connections, statements prepared), not pg-boss's 2 */
    private readonly sendDb: ReturnType<typeof executorOf>,
    readonly settings: RecheckSettings,
    private readonly deps: SettleDeps,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
  ) {}

  /**
   * Starts pg-boss on the app's database (`config.DATABASE_URL`'s own small pool on PostgreSQL,
   * the one PGlite instance otherwise) and creates the queues. Workers start with startWorkers().
   */
  static async open(
    config: TConfig,
    deps: SettleDeps,
    log: (event: string, fields: Record<string, unknown>) => void = () => {},
    settings: RecheckSettings = recheckSettings(config),
  ): Promise<DonationJobs> {
    const boss = new PgBoss({
      ...(config.DATABASE_URL ? { connectionString: config.DATABASE_URL, max: 2 } : { db: executorOf(deps.db) }),
      application_name: 'steward-giving-jobs',
      maintenanceIntervalSeconds: 30,
      schedule: false,
    });
    boss.on('error', (e: Error) => log('giving.jobs.error', { message: e.message.slice(0, 200) }));
    await boss.start();
    await boss.createQueue(RECHECK_QUEUE, {
      name: RECHECK_QUEUE,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, retryLimit: 0, expireInSeconds: 600 });
    await boss.createQueue(REFUND_QUEUE, {
      name: REFUND_QUEUE,
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await boss.createQueue(UPKEEP_QUEUE, { name: UPKEEP_QUEUE, retryLimit: 0, expireInSeconds: 600 });
    await boss.createQueue(RESET_EMAIL_QUEUE, {
      name: RESET_EMAIL_QUEUE,
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    const jobs = new DonationJobs(
      boss,
      executorOf(deps.db),
      settings,
      { ...deps, abandonAfterSeconds: settings.abandonAfterSeconds },
      log,
    );
    onRefundNeeded(deps.db, (tenantId, reference) => jobs.queueRefund(tenantId, reference));
    return jobs;
  }

  /** Queues the refund of payment `reference` of `tenantId` (one job per payment: singleton key). */
  async queueRefund(tenantId: string, reference: string): Promise<void> {
    await this.boss.send(REFUND_QUEUE, { tenantId, reference } satisfies RefundJob, {
      singletonKey: reference,
      db: this.sendDb,
    });
  }

  /** One refund job: refundPayment() (the provider is asked outside any transaction). */
  async refund(job: RefundJob): Promise<RefundOutcome> {
    return refundPayment(this.deps, job.tenantId, job.reference);
  }

  /**
   * One upkeep: each payment purpose's periodic work (registration: holds past their expiry
   * whose payment is still pending). Answers how many payments it looked at.
   */
  async upkeep(): Promise<number> {
    return runPurposeUpkeep(this.deps);
  }

  /** The settlement dependencies with this process's abandonment window. */
  get settleDeps(): SettleDeps {
    return this.deps;
  }

  /** Schedules a check of payment `reference` of `tenantId`: the first one (`attempt` 0) after firstDelaySeconds. */
  async scheduleCheck(tenantId: string, reference: string, attempt = 0): Promise<void> {
    const delay = Math.min(this.settings.firstDelaySeconds * 2 ** attempt, this.settings.maxDelaySeconds);
    await this.boss.send(RECHECK_QUEUE, { tenantId, reference, attempt } satisfies RecheckJob, {
      startAfter: delay,
      singletonKey: `${reference}:${attempt}`,
      db: this.sendDb,
    });
  }

  /** Queues a giver's password-reset e-mail (sent by `sendResetEmail` in a worker). */
  async queueResetEmail(job: ResetEmailJob): Promise<void> {
    await this.boss.send(RESET_EMAIL_QUEUE, job, { singletonKey: job.resetId, db: this.sendDb });
  }

  /**
   * One re-check: settles the payment; when it is still pending (or the provider could not be
   * asked) schedules the next check. Answers what became of it.
   */
  async recheck(job: RecheckJob): Promise<string> {
    let status: string;
    try {
      const done = await settle(this.deps, job.reference, { via: 'recheck' });
      if (!done) return 'unknown';
      status = done.payment.status;
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      status = 'pending';
      this.log('giving.recheck.provider_unavailable', { reference: job.reference, kind: e.kind });
    }
    if (status === 'pending') await this.scheduleCheck(job.tenantId, job.reference, job.attempt + 1);
    return status;
  }

  /**
   * One sweep: settles (up to `limit`) payments pending longer than sweepAfterSeconds, oldest
   * first. Answers how many it looked at. A provider that cannot be asked leaves its payments for
   * the next sweep.
   */
  async sweep(limit = 200): Promise<number> {
    const stale = await q.stalePayments(this.deps.db, this.settings.sweepAfterSeconds, limit);
    // one payment that fails (a provider down, a row that cannot be settled) never stops the rest
    for (const p of stale) {
      try {
        await settle(this.deps, p.reference, { via: 'sweep' });
      } catch (e) {
        if (e instanceof ProviderError)
          this.log('giving.sweep.provider_unavailable', { reference: p.reference, kind: e.kind });
        else this.log('giving.sweep.failed', { reference: p.reference, error: errorName(e) });
      }
    }
    // refunds whose provider could not be asked before
    for (const p of await refundsDue(this.deps.db, limit)) {
      try {
        await refundPayment(this.deps, p.tenant_id, p.reference);
      } catch (e) {
        this.log('giving.sweep.refund_failed', { reference: p.reference, error: errorName(e) });
      }
    }
    return stale.length;
  }

  /**
   * Starts the workers of this process: re-checks, refunds, upkeep, reset e-mails
   * (`sendResetEmail`), and the timers that ask for a sweep every sweepIntervalSeconds and an
   * upkeep every upkeepIntervalSeconds (one per interval over every process: pg-boss singleton keys).
   */
  async startWorkers(sendResetEmail: (job: ResetEmailJob) => Promise<void>): Promise<void> {
    if (this.workersStarted) return;
    this.workersStarted = true;
    await this.boss.work<RecheckJob>(RECHECK_QUEUE, { batchSize: 5, pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const j of jobs) await this.recheck(j.data);
    });
    await this.boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      await this.sweep();
    });
    await this.boss.work<ResetEmailJob>(RESET_EMAIL_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const j of jobs) await sendResetEmail(j.data);
    });
    await this.boss.work<RefundJob>(REFUND_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const j of jobs) await this.refund(j.data);
    });
    await this.boss.work(UPKEEP_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      await this.upkeep();
    });
    const askSweep = () => {
      if (this.stopped) return;
      this.boss
        .send(SWEEP_QUEUE, {}, { singletonKey: 'sweep', singletonSeconds: this.settings.sweepIntervalSeconds })
        .catch((e: Error) => this.log('giving.jobs.error', { message: e.message.slice(0, 200) }));
    };
    askSweep();
    this.sweepTimer = setInterval(askSweep, this.settings.sweepIntervalSeconds * 1000);
    this.sweepTimer.unref();
    const upkeepSeconds = this.settings.upkeepIntervalSeconds ?? 60;
    const askUpkeep = () => {
      if (this.stopped) return;
      this.boss
        .send(UPKEEP_QUEUE, {}, { singletonKey: 'upkeep', singletonSeconds: upkeepSeconds })
        .catch((e: Error) => this.log('giving.jobs.error', { message: e.message.slice(0, 200) }));
    };
    askUpkeep();
    this.upkeepTimer = setInterval(askUpkeep, upkeepSeconds * 1000);
    this.upkeepTimer.unref();
  }

  /** The state of a payment's check job `attempt` ('created', 'completed', ...), or null: for tests and diagnostics. */
  async checkJobState(reference: string, attempt = 0): Promise<{ state: string; startAfter: Date } | null> {
    return this.jobState(RECHECK_QUEUE, `${reference}:${attempt}`);
  }

  /** The state of a payment's refund job, or null when none was queued: for tests and diagnostics. */
  async refundJobState(reference: string): Promise<{ state: string; startAfter: Date } | null> {
    return this.jobState(REFUND_QUEUE, reference);
  }

  private async jobState(queue: string, key: string): Promise<{ state: string; startAfter: Date } | null> {
    const rows = (await this.boss.getDb().executeSql(
      `select state, start_after from pgboss.job where name = $1 and singleton_key = $2
       union all
       select state, start_after from pgboss.archive where name = $1 and singleton_key = $2
       limit 1`,
      [queue, key],
    )) as { rows: { state: string; start_after: Date }[] };
    const row = rows.rows[0];
    return row ? { state: row.state, startAfter: new Date(row.start_after) } : null;
  }

  /** Stops the workers and pg-boss, finishing the jobs in hand. */
  async close(): Promise<void> {
    this.stopped = true;
    onRefundNeeded(this.deps.db, null);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.upkeepTimer) clearInterval(this.upkeepTimer);
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  }
}

/** An error's class name and code only (never its message, which may quote a payer's data). */
function errorName(e: unknown): string {
  const err = e as { name?: string; code?: string } | null;
  return [err?.name ?? typeof e, err?.code].filter(Boolean).join(' ');
}
