import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (apps/server/src/main.ts under tsx), for the crash suite
 * (issue 6): started on a free port against a given database, killed with SIGKILL or stopped
 * with SIGTERM. Every process started here is remembered so `stopAll` can end it.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const started = new Set<ChildProcess>();

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  base: string;
  /** stdout and stderr so far, for failure messages */
  output(): string;
  /** resolves with the exit code or signal once the process has ended */
  exited: Promise<string>;
}

/**
 * Starts the server with `env` added (PORT is chosen here) and waits until GET /health answers
 * 200; throws with the server's output when it exits first or takes over `timeoutMs`.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--no-demo'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      DEMO: 'never',
      // every test file signs up from 127.0.0.1 and the counts live in the shared database
      SIGNUP_RATE_MAX: '1000000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve(signal ?? `exit ${code}`);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let gone: string | null = null;
  void exited.then((how) => (gone = how));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server ended (${gone}) before it was ready:\n${out}`);
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return { child, base, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${out}`);
}

/** Kills one server with `signal` and waits until it has ended. */
export async function stop(server: Server, signal: NodeJS.Signals): Promise<string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** Kills (SIGKILL) every server this module started that is still running. */
export async function stopAll(): Promise<void> {
  const waits = [...started].map(
    (child) =>
      new Promise<void>((resolve) =>
        child.exitCode !== null || child.signalCode !== null
          ? resolve()
          : (child.once('exit', () => resolve()), child.kill('SIGKILL')),
      ),
  );
  await Promise.all(waits);
}

export interface Call {
  status: number;
  json: unknown;
}

/** A JSON call with fetch; network failures throw (the caller decides what a lost answer means). */
export async function call(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Call> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json };
}
