/**
 * The public giving page on a phone on a slow network (issue 10 'Speed': usable on 3G in under
 * 3 s). Starts the app as `npm start` does (embedded PGlite, the demo church, the local payment
 * sandbox) on an ephemeral port of 127.0.0.1, serving a web build; reads the demo church's
 * payment form id through the admin API (GET /api/PaymentForm/GetAll as admin@grace.example);
 * then opens /give/{id} in Debian's Chromium (/usr/bin/chromium through Playwright) with a
 * phone's screen (390 x 844, touch) and Chrome DevTools' throttling over CDP:
 *
 * - network 'Regular 3G' (DevTools' former preset): 750 kbit/s down, 250 kbit/s up, 100 ms
 *   latency added to every request (Network.emulateNetworkConditions; kbit = 1,024 bits);
 * - CPU slowed 4 times (Emulation.setCPUThrottlingRate 4), a mid-range phone.
 *
 * Time to usable: from the navigation's start (performance.timeOrigin) until every amount input
 * and the Give button are visible and enabled, read in the page (performance.now() at the first
 * change of the document after which they are). Each cold run has an empty cache (a new browser context); the
 * warm run opens the page again in a context that has loaded it once (the hashed assets come
 * from the cache, the page and the form's answer from the network). Then the waterfall of the
 * cold run nearest the median (each request's start, headers and end, from CDP's Network
 * events), and the parts: the network throttling alone, the CPU slow-down alone, both with a
 * 400 ms latency (a slower mobile network), and /signin (the same entry chunk) under both.
 * Figures, never test assertions (DESIGN.md §4).
 *
 * BENCH_GIVE_RUNS (default 5) cold runs. The web build is BENCH_WEB_DIST (made with
 * `--manifest`) or the one the caller passes, else a fresh build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { buildWeb } from './bundle.ts';

/** The network profile (CDP Network.emulateNetworkConditions), DevTools' 'Regular 3G'. */
export const REGULAR_3G = {
  name: 'Regular 3G (750 kbit/s down, 250 kbit/s up, 100 ms latency)',
  offline: false,
  latency: 100,
  downloadThroughput: (750 * 1024) / 8,
  uploadThroughput: (250 * 1024) / 8,
};
/** CPU slow-down (CDP Emulation.setCPUThrottlingRate). */
export const CPU_SLOWDOWN = 4;
/**
 * The latency of the extra part run (ms added to every request): a mobile network whose round
 * trips are slower than Regular 3G's 100 ms (DevTools' former 'Slow 3G' added 400 ms), where each
 * request that waits for another costs more.
 */
const HIGH_LATENCY = 400;
/** The goal of issue 10, in seconds. */
const GOAL_SECONDS = 3;

interface Run {
  label: string;
  usableMs: number;
  fcpMs: number | null;
  documentMs: number | null;
  /** main-thread script time (CDP Performance ScriptDuration), throttled */
  scriptMs: number;
  bytes: number;
  requests: number;
  /** every request of the run, in the order they started */
  waterfall: Fetched[];
}

/** One request of a run, its times in ms from the start of the page's own request (CDP Network events). */
interface Fetched {
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, Fetch, … */
  type: string;
  /** Chromium's priority of the request as sent (VeryHigh … VeryLow) */
  priority: string;
  start: number;
  /** the answer's headers arrived */
  headers: number | null;
  end: number | null;
  bytes: number;
}

/** Starts `npm start`'s server (demo church on PGlite in memory) on a free port; resolves its URL. */
async function startDemoServer(webDist: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // PUBLIC_URL unset: the links and the payment return use the address the request came to
  const { PUBLIC_URL: _unset, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      DEMO: 'auto',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      // the bench opens the page many times from 127.0.0.1
      PUBLIC_RATE_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /serving on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`the demo server exited with ${code} before listening`)));
  });
  return { baseUrl, child };
}

/** The demo church's first payment form id, read as its administrator (GET /api/PaymentForm/GetAll). */
async function demoFormId(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-steward-csrf': '1' },
    body: JSON.stringify({ userName: 'admin@grace.example', password: 'stewardship' }),
  });
  if (!login.ok) throw new Error(`demo sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${baseUrl}/api/PaymentForm/GetAll`, { headers: { cookie, accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/PaymentForm/GetAll answered ${res.status}`);
  const forms = (await res.json()) as { id: string; name: string; isActive: boolean }[];
  const form = forms.find((f) => f.isActive);
  if (!form) throw new Error('the demo church has no active payment form');
  return form.id;
}

/** What 'usable' means on a page: a function of the page answering true once it is usable. */
interface Probe {
  name: string;
  path: string;
  usable: string;
}

/** The giving page: every amount input and the Give button visible and enabled. */
const GIVE_USABLE = `() => {
  const shown = (el) => !!el && !el.disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const amounts = [...document.querySelectorAll('input[inputmode="decimal"]')];
  const give = [...document.querySelectorAll('button[type="submit"]')].find((b) => /^Give\\b/.test(b.textContent.trim()));
  return amounts.length > 0 && amounts.every(shown) && shown(give);
}`;

/** The church sign-in page (/signin, the same entry chunk): its e-mail input and Sign in button. */
const SIGN_IN_USABLE = `() => {
  const shown = (el) => !!el && !el.disabled && el.getClientRects().length > 0;
  const email = document.querySelector('input[type="email"]');
  const button = [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent.trim() === 'Sign in');
  return shown(email) && shown(button);
}`;

/**
 * The page's own watch, installed before its first script: on every change of the document
 * (a MutationObserver, so the watch costs the throttled main thread almost nothing, unlike
 * polling each frame) it asks `usable` and keeps performance.now() of the first yes in
 * `window.__usableAt`.
 */
const watch = (usable: string) => `(() => {
  const usable = ${usable};
  const observer = new MutationObserver(() => {
    if (window.__usableAt !== undefined) return;
    if (usable()) {
      window.__usableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})()`;

/** The throttling of a run: the network profile or none, and the CPU slow-down. */
interface Throttle {
  network: boolean;
  cpu: number;
  /** the network profile's added latency in ms instead of REGULAR_3G's (a slower mobile network) */
  latency?: number;
}
const FULL: Throttle = { network: true, cpu: CPU_SLOWDOWN };

/** Opens `baseUrl + probe.path` once in `context` under `throttle`; answers the run's figures. */
async function measure(
  context: BrowserContext,
  baseUrl: string,
  probe: Probe,
  label: string,
  throttle: Throttle = FULL,
): Promise<Run> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  let requests = 0;
  const fetched = new Map<string, Fetched>();
  let zero: number | null = null;
  const at = (timestamp: number) => (timestamp - (zero ?? timestamp)) * 1000;
  cdp.on(
    'Network.requestWillBeSent',
    (e: {
      requestId: string;
      timestamp: number;
      type?: string;
      request: { url: string; initialPriority?: string };
    }) => {
      zero ??= e.timestamp;
      if (!fetched.has(e.requestId))
        fetched.set(e.requestId, {
          url: e.request.url,
          type: e.type ?? '',
          priority: e.request.initialPriority ?? '',
          start: at(e.timestamp),
          headers: null,
          end: null,
          bytes: 0,
        });
    },
  );
  cdp.on('Network.responseReceived', (e: { requestId: string; timestamp: number }) => {
    const f = fetched.get(e.requestId);
    if (f) f.headers = at(e.timestamp);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests += 1;
    const f = fetched.get(e.requestId);
    if (f) {
      f.end = at(e.timestamp);
      f.bytes = e.encodedDataLength;
    }
  });
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  if (throttle.network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: REGULAR_3G.offline,
      latency: throttle.latency ?? REGULAR_3G.latency,
      downloadThroughput: REGULAR_3G.downloadThroughput,
      uploadThroughput: REGULAR_3G.uploadThroughput,
    });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpu });
  await page.addInitScript(watch(probe.usable));
  await page.goto(`${baseUrl}${probe.path}`, { waitUntil: 'commit', timeout: 60_000 });
  const handle = await page.waitForFunction('window.__usableAt === undefined ? null : window.__usableAt', undefined, {
    polling: 100,
    timeout: 60_000,
  });
  const usableMs = (await handle.jsonValue()) as number;
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  // the form's answer, any late request and the first paint (just after usable) are counted too
  await page.waitForTimeout(300);
  const timing = (await page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const nav = performance.getEntriesByType('navigation')[0];
    return { fcp: fcp ? fcp.startTime : null, doc: nav ? nav.responseEnd : null };
  })()`)) as { fcp: number | null; doc: number | null };
  await cdp.detach();
  await page.close();
  const waterfall = [...fetched.values()].sort((a, b) => a.start - b.start);
  return { label, usableMs, fcpMs: timing.fcp, documentMs: timing.doc, scriptMs, bytes, requests, waterfall };
}

const seconds = (ms: number | null) => (ms === null ? '' : (ms / 1000).toFixed(2));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Prints `rows` under `header`, the first column left-aligned. */
function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  rows.forEach((r) => console.log(line(r)));
}

/**
 * Prints the requests of `run` in the order they started: path (without `baseUrl`, long names
 * cut), CDP type, Chromium's priority, when it started, when its headers and its last byte
 * arrived (seconds from the page's own request), and KB on the wire.
 */
function printWaterfall(run: Run, baseUrl: string): void {
  const short = (url: string) => {
    const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url.slice(0, 40);
    return path.length > 48 ? `${path.slice(0, 45)}...` : path;
  };
  table(
    ['request', 'type', 'priority', 'start', 'headers', 'end', 'KB'],
    run.waterfall.map((f) => [
      short(f.url),
      f.type,
      f.priority,
      seconds(f.start),
      seconds(f.headers),
      seconds(f.end),
      (f.bytes / 1000).toFixed(1),
    ]),
  );
}

/**
 * Prints the giving page's time to usable on Regular 3G with the CPU slowed 4x: each cold run,
 * the warm run, the median and the goal (under 3 s); the waterfall of the cold run nearest the
 * median; then, to tell the parts apart (medians of 3 cold runs each): the network throttling
 * alone, the CPU slow-down alone, both with HIGH_LATENCY, and /signin under both (the app's
 * shell: the same entry chunk, a page with nothing to fetch). The machine's load
 * average is printed too: CPU throttling multiplies whatever else the machine is doing.
 * `webDist`: a build to serve (else BENCH_WEB_DIST, else a fresh build). Throws if the server,
 * the sign-in or the page fails.
 */
export async function benchGivePage(webDist?: string): Promise<void> {
  const runs = Number(process.env.BENCH_GIVE_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_GIVE_RUNS must be a positive integer');
  const given = webDist ?? process.env.BENCH_WEB_DIST;
  const dir = given ?? buildWeb();
  let server: { baseUrl: string; child: ChildProcess } | null = null;
  let browser: Browser | null = null;
  try {
    server = await startDemoServer(dir);
    const { baseUrl } = server;
    const formId = await demoFormId(baseUrl);
    const give: Probe = { name: '/give/{id}', path: `/give/${formId}`, usable: GIVE_USABLE };
    const signIn: Probe = { name: '/signin', path: '/signin', usable: SIGN_IN_USABLE };
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    // bypassCSP: the page's CSP (script-src 'self') would refuse the bench's own probes in the page
    const phone = {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    };
    const b = browser;
    /** One cold run: a new context (empty cache), closed afterwards. */
    const cold = async (probe: Probe, label: string, throttle: Throttle = FULL) => {
      const context = await b.newContext(phone);
      try {
        return await measure(context, baseUrl, probe, label, throttle);
      } finally {
        await context.close();
      }
    };
    // one unthrottled visit of each page first: the server's first answers (its caches, PGlite's plans) are not the network's
    await cold(give, 'warm-up', { network: false, cpu: 1 });
    await cold(signIn, 'warm-up', { network: false, cpu: 1 });
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');

    const results: Run[] = [];
    for (let i = 1; i <= runs; i++) results.push(await cold(give, `cold ${i}`));
    const context = await b.newContext(phone);
    await measure(context, baseUrl, give, 'fill the cache', { network: false, cpu: 1 });
    const warm = await measure(context, baseUrl, give, 'warm (cached assets)');
    await context.close();

    console.log(
      `\nGiving page /give/{demo form} on a phone (390 x 844), network ${REGULAR_3G.name}, CPU slowed ${CPU_SLOWDOWN}x, Debian Chromium; load average ${load}`,
    );
    const coldMs = results.map((r) => r.usableMs);
    const med = median(coldMs);
    table(
      ['run', 'usable s', 'first paint s', 'HTML s', 'script s', 'KB transferred', 'requests'],
      [
        ...[...results, warm].map((r) => [
          r.label,
          seconds(r.usableMs),
          seconds(r.fcpMs),
          seconds(r.documentMs),
          seconds(r.scriptMs),
          (r.bytes / 1000).toFixed(1),
          String(r.requests),
        ]),
        ['median of cold runs', seconds(med), '', '', '', '', ''],
      ],
    );
    const worst = Math.max(...coldMs);
    const verdict =
      worst / 1000 < GOAL_SECONDS
        ? 'met'
        : med / 1000 < GOAL_SECONDS
          ? 'met by the median, not by every run'
          : 'not met';
    console.log(
      `goal (usable in under ${GOAL_SECONDS} s on 3G): ${verdict} (median ${seconds(med)} s, slowest ${seconds(worst)} s)`,
    );

    // where the time of a typical cold run goes: the cold run nearest the median
    const typical = results.reduce((a, b) => (Math.abs(b.usableMs - med) < Math.abs(a.usableMs - med) ? b : a));
    console.log(
      `\nWaterfall of ${typical.label} (usable at ${seconds(typical.usableMs)} s), seconds from the page's request`,
    );
    printWaterfall(typical, baseUrl);

    const parts: [string, Probe, Throttle][] = [
      [`/give/{id}, ${REGULAR_3G.name.split(' (')[0]} only (CPU 1x)`, give, { network: true, cpu: 1 }],
      [`/give/{id}, CPU ${CPU_SLOWDOWN}x only (no network throttling)`, give, { network: false, cpu: CPU_SLOWDOWN }],
      [`/give/{id}, both, latency ${HIGH_LATENCY} ms`, give, { ...FULL, latency: HIGH_LATENCY }],
      [`/signin (same entry chunk), both`, signIn, FULL],
    ];
    const partRows: string[][] = [];
    for (const [label, probe, throttle] of parts) {
      const r: Run[] = [];
      for (let i = 1; i <= 3; i++) r.push(await cold(probe, label, throttle));
      partRows.push([
        label,
        seconds(median(r.map((x) => x.usableMs))),
        seconds(median(r.map((x) => x.fcpMs ?? 0))),
        seconds(median(r.map((x) => x.scriptMs))),
        (median(r.map((x) => x.bytes)) / 1000).toFixed(1),
      ]);
    }
    console.log('\nThe parts, medians of 3 cold runs');
    table(['pages and throttling', 'usable s', 'first paint s', 'script s', 'KB transferred'], partRows);
  } finally {
    await browser?.close();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((r) => server!.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    if (!given) rmSync(dir, { recursive: true, force: true });
  }
}
