import { isIP } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { z } from 'zod';

/** A secret that may be unset; an empty value (`KEY=` in a .env file) counts as unset. */
function optionalSecret() {
  return z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined));
}

/** An http(s) base URL without its trailing slash, with a default. */
function baseUrl(fallback: string) {
  return z
    .url({ protocol: /^https?$/, error: 'expected an http(s) address' })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ''));
}

/**
 * The one place that reads process.env (DESIGN.md §3). Every setting is documented
 * in .env.example at the repository root.
 */
export const ZConfig = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; when empty the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /**
   * PGlite data folder ('memory://' for an in-memory database). A relative path is taken from
   * the folder npm was started in (INIT_CWD), so `npm start` at the root uses ./data there.
   */
  DATA_DIR: z.string().default('./data'),
  INIT_CWD: z.string().optional(),
  /** Session lifetime in hours. */
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Failed sign-ins allowed per e-mail and address within LOGIN_RATE_WINDOW_MINUTES. */
  LOGIN_RATE_MAX: z.coerce.number().int().min(1).default(5),
  LOGIN_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Sign-ups allowed per client address within SIGNUP_RATE_WINDOW_MINUTES (issue 6). */
  SIGNUP_RATE_MAX: z.coerce.number().int().min(1).default(20),
  SIGNUP_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * Requests allowed per client address within PUBLIC_RATE_WINDOW_MINUTES, counted over every
   * route that answers without a session (sign-in, lookups, public pages) but sign-up. A church's
   * Wi-Fi puts the whole congregation behind one address, and a gift takes 3 to 9 public calls
   * (the form, initialise, the confirm and its polls): 600 a minute lets 70 or more givers a minute
   * through one address (at 120, a collection of 20 givers in a minute could be refused). What
   * could leak data keeps a stricter limit of its own: failed sign-ins (LOGIN_RATE_*), sign-ups
   * (SIGNUP_RATE_*), the check-in phone search (CHECKIN_SEARCH_*).
   */
  PUBLIC_RATE_MAX: z.coerce.number().int().min(1).default(600),
  PUBLIC_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(1),
  /**
   * The public check-in's phone search (issue 11; modules/attendance/public-checkin-routes.ts):
   * searches allowed per client address (CHECKIN_SEARCH_RATE_MAX) and per check-in set-up
   * (CHECKIN_SEARCH_EVENT_RATE_MAX) within CHECKIN_SEARCH_RATE_WINDOW_MINUTES, so that the page
   * cannot be used to list a church's members. A church's Wi-Fi puts the whole congregation
   * behind one address: the per-address limit allows a queue at the door.
   */
  CHECKIN_SEARCH_RATE_MAX: z.coerce.number().int().min(1).default(30),
  CHECKIN_SEARCH_EVENT_RATE_MAX: z.coerce.number().int().min(1).default(300),
  CHECKIN_SEARCH_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(1),
  /**
   * The address people open Steward at (e.g. https://steward.example.org), used for links
   * written into e-mails ('View full report'). Unset: taken from the request (its Host, and
   * HTTPS when the request came over HTTPS), which is right for `npm start` on a machine.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) address such as https://steward.example.org' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * Which proxies in front of Steward to believe about the client (X-Forwarded-For, -Proto,
   * -Host): 'false' (none; the default), 'true' (any), a hop count, or a comma-separated list
   * of addresses and CIDRs (also 'loopback', 'linklocal', 'uniquelocal'). Passed to Fastify's
   * `trustProxy`; the client address keys the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: "expected 'true', 'false', a hop count, or a comma-separated list of addresses or CIDRs",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Folder of the built web app served at /; empty to serve the API only. */
  WEB_DIST: z.string().default(''),
  /** Set to 'true' behind HTTPS so the session cookie is marked Secure. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Demo church: 'auto' creates it on an empty embedded database only; 'always' also on
   * PostgreSQL (when no church exists); 'never' skips it. `--demo` on the command line, or
   * `npm start -- --demo` (npm passes it on as npm_config_demo), means 'always'.
   */
  DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  npm_config_demo: z.string().optional(),
  /**
   * E-mail (issue 9). SMTP_HOST set: e-mail goes out through that server (nodemailer). Unset:
   * Steward starts its local SMTP capture server on 127.0.0.1 (SMTP_CAPTURE_PORT, 0 = any free
   * port) and sends there; the Outbox page shows what it received. SMTP_SECURE 'true' = TLS from
   * the start (port 465); otherwise STARTTLS is used when the server offers it.
   */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The From address of every e-mail; the church's name is its display name. */
  SMTP_FROM: z.string().default('no-reply@steward.local'),
  SMTP_CAPTURE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * SMS (issue 9): 'dev' records every SMS in the Outbox (the development gateway); 'termii'
   * sends through Termii with TERMII_API_KEY (TERMII_BASE_URL, TERMII_CHANNEL 'generic' or
   * 'dnd'; TERMII_SECRET_KEY checks the signature of its delivery reports).
   */
  SMS_GATEWAY: z.enum(['dev', 'termii']).default('dev'),
  TERMII_API_KEY: z.string().optional(),
  TERMII_SECRET_KEY: z.string().optional(),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_CHANNEL: z.enum(['generic', 'dnd']).default('generic'),
  /**
   * Delivery workers in this process (pg-boss; issue 9): how many recipients are sent at
   * once. 0 = none here: run `npm run worker` (one or more processes) instead.
   */
  MESSAGING_WORKERS: z.coerce.number().int().min(0).max(64).default(4),
  /**
   * Seconds a recipient's delivery may run before another worker takes it over (a worker that
   * was killed never finishes; the next one asks the gateway before sending again).
   */
  MESSAGING_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * Card payments (issue 10; modules/payments/README.md). PAYSTACK_SECRET_KEY and
   * FLUTTERWAVE_SECRET_KEY both unset: Steward starts its local provider sandbox on
   * PAYMENTS_SANDBOX_HOST:PAYMENTS_SANDBOX_PORT (0 = any free port) and points both adapters at
   * it; a key set: that provider's real API at its base URL, and no sandbox. Flutterwave webhooks
   * are checked with FLUTTERWAVE_SECRET_HASH (required with FLUTTERWAVE_SECRET_KEY).
   * PAYMENTS_SANDBOX_WEBHOOKS: how the sandbox delivers webhooks (once, late, twice,
   * out-of-order, none).
   */
  PAYSTACK_SECRET_KEY: optionalSecret(),
  PAYSTACK_BASE_URL: baseUrl('https://api.paystack.co'),
  FLUTTERWAVE_SECRET_KEY: optionalSecret(),
  FLUTTERWAVE_SECRET_HASH: optionalSecret(),
  FLUTTERWAVE_BASE_URL: baseUrl('https://api.flutterwave.com'),
  PAYMENTS_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PAYMENTS_SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
  PAYMENTS_SANDBOX_WEBHOOKS: z.enum(['once', 'late', 'twice', 'out-of-order', 'none']).default('once'),
  /**
   * Re-checks of online gifts not yet settled (issue 10; modules/giving/donations-README.md), in
   * seconds: the first check after DONATION_RECHECK_FIRST_SECONDS, then doubling up to
   * DONATION_RECHECK_MAX_SECONDS; a sweep every DONATION_SWEEP_INTERVAL_SECONDS settles gifts
   * pending longer than DONATION_SWEEP_AFTER_SECONDS; one still unpaid after
   * DONATION_ABANDON_AFTER_SECONDS becomes abandoned.
   */
  DONATION_RECHECK_FIRST_SECONDS: z.coerce.number().int().min(1).default(300),
  DONATION_RECHECK_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  DONATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  DONATION_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(1).default(900),
  DONATION_ABANDON_AFTER_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type TConfig = z.infer<typeof ZConfig>;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Fastify's `trustProxy` function form: trust the address at `hop` (0 = the nearest peer). */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false/true; a hop count n as the function
 * trusting the n nearest hops (what Fastify does with a number, which its types do not
 * accept); or a list of addresses, CIDRs and proxy-addr names. Null when `value` is none of these.
 */
export function parseTrustProxy(value: string): boolean | string[] | TrustProxyFn | null {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = v.split(',').map((s) => s.trim());
  const valid = (s: string) => {
    if (PROXY_NAMES.has(s)) return true;
    const [addr = '', bits, extra] = s.split('/');
    const family = isIP(addr);
    if (family === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return list.every(valid) ? list : null;
}

/** Parses and validates the environment; throws a readable error naming bad settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The PGlite data folder: relative paths are taken from where npm was started (INIT_CWD). */
export function resolveDataDir(config: TConfig): string {
  return config.DATA_DIR.startsWith('memory://')
    ? config.DATA_DIR
    : resolvePath(config.INIT_CWD ?? '.', config.DATA_DIR);
}
