import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import { queryRows, withoutTenant, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Rate limits shared by every app process (issue 6 "Security"): the counters live in
 * PostgreSQL (table `rate_limits`, migration 0007), reached only through the security-definer
 * functions `rate_limit_hit` (fixed window: counts one hit, answers the count and the end of
 * the window) and `rate_limit_clear`. Nothing is counted in process memory.
 *
 * Buckets:
 * - `login:<sha256(e-mail|address)>`: sign-in attempts since the last success (LOGIN_RATE_*);
 *   the e-mail is never stored in clear.
 * - `signup:<address>`: sign-ups (SIGNUP_RATE_*).
 * - `public:<address>`: every other route marked `config.public` (PUBLIC_RATE_*).
 *
 * The address is the client address Fastify derives with TRUST_PROXY; an IPv6 client is
 * counted per /64 (one subscriber's usual allocation).
 */

/** What one counted hit answers. */
export interface RateCount {
  /** hits in the current window, this one included */
  hits: number;
  /** when the current window ends */
  resetAt: Date;
}

/** The shared counters; one per app, handed to the auth module. */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit on `key` in a fixed window of `windowSeconds`. One statement in a transaction
   * of its own (autocommit, one round trip), so a hit counts even when the request then fails, and
   * the counter's row is locked only while PostgreSQL runs the statement: every request of one
   * address counts on the same row, and a transaction held open across round trips made them
   * queue behind each other's network and event-loop waits (issue 10 'Speed': 50 givers behind
   * one address spent most of their time there). It runs as the connection's own role:
   * `rate_limit_hit` is a security-definer function with a fixed text, and it is the only thing
   * the statement does. The commit does not wait for the disk (synchronous_commit off for this
   * transaction only): a crash may forget the last counts of a window, which is harmless, and a
   * public page's lookups do not queue on a counter's flush (issue 11 'Speed': the check-in
   * phone lookup counts three).
   */
  async hit(key: string, windowSeconds: number): Promise<RateCount> {
    const rows = await queryRows<{ hits: number; reset_at: Date | string }>(
      this.db,
      sql`select h.hits, h.reset_at
            from (select set_config('synchronous_commit', 'off', true)) as s,
                 rate_limit_hit(${key}, ${Math.ceil(windowSeconds)}::int) as h`,
    );
    const row = rows[0];
    if (!row) throw new Error('rate_limit_hit answered no row');
    return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
  }

  /** Forgets `key` (a successful sign-in clears its failures). */
  async clear(key: string): Promise<void> {
    await withoutTenant(this.db, (tx) => tx.execute(sql`select rate_limit_clear(${key})`));
  }
}

/** A 429 that knows when the client may try again (sent as Retry-After, in seconds). */
export class RateLimited extends AppError {
  constructor(
    message: string,
    /** whole seconds until the window ends, at least 1 */
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** Whole seconds from now until `resetAt`, at least 1. */
export const secondsUntil = (resetAt: Date, now = Date.now()): number =>
  Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));

/**
 * The part of a client address a limit counts: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address as its /64 prefix ('2001:db8:1:2::/64'), anything else as given.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
  return `${prefix}::/64`;
}

/** The eight hex groups of a valid IPv6 address ('::' expanded, an IPv4 tail as two groups). */
function ipv6Groups(ip: string): string[] {
  let s = ip.split('%')[0]!.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}

/** The sign-in bucket of an e-mail and address: a SHA-256, so the e-mail is not stored. */
export const loginKey = (email: string, ip: string): string =>
  `login:${createHash('sha256')
    .update(`${email.trim().toLowerCase()}|${addressKey(ip)}`)
    .digest('hex')}`;

/** The bucket a public route counts in: sign-up has its own, stricter one. */
export type PublicBucket = 'signup' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** which per-address limit a `public` route counts in; 'public' when not given */
    rateBucket?: PublicBucket;
  }
}

/**
 * An onRequest hook limiting every route marked `config.public` per client address
 * (SIGNUP_RATE_* for `rateBucket: 'signup'`, PUBLIC_RATE_* for the rest). Over the limit it
 * answers 429 `{message}` with Retry-After and the route does not run.
 */
export function publicRateLimit(limiter: RateLimiter, config: TConfig) {
  const limits: Record<PublicBucket, { max: number; seconds: number }> = {
    signup: { max: config.SIGNUP_RATE_MAX, seconds: config.SIGNUP_RATE_WINDOW_MINUTES * 60 },
    public: { max: config.PUBLIC_RATE_MAX, seconds: config.PUBLIC_RATE_WINDOW_MINUTES * 60 },
  };
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const routeConfig = req.routeOptions.config;
    if (routeConfig?.public !== true) return;
    const bucket = routeConfig.rateBucket ?? 'public';
    const limit = limits[bucket];
    const count = await limiter.hit(`${bucket}:${addressKey(req.ip)}`, limit.seconds);
    if (count.hits <= limit.max) return;
    return reply
      .code(429)
      .header('retry-after', String(secondsUntil(count.resetAt)))
      .send({ message: 'Too many requests, please wait and try again' });
  };
}
