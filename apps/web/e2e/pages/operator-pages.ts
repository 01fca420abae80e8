import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** Runs `script` (a TypeScript file of apps/server) with node and tsx; resolves with its output or rejects. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}: ${out}`))));
  });
}

/** An operator journey's own Steward server: see `startOperatorServer`. */
export interface OperatorServer {
  /** Where the server answers, e.g. `http://127.0.0.1:40123`; a new port after each `restart`. */
  readonly baseURL: string;
  /**
   * Runs `script` (a TypeScript file of apps/server, e.g. `apps/server/src/cli/grant-sms-units.ts`)
   * on this server's database, with `env` added to the server's settings; resolves with its
   * output or rejects. Only while the server is stopped (inside `restart`): PGlite serves one
   * process at a time.
   */
  run(script: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string>;
  /** Stops the server, awaits `whileStopped` (given `run`, for scripts), then starts it again. */
  restart(whileStopped: (run: OperatorServer['run']) => Promise<void>): Promise<void>;
  /** Ends the process it started, if still running, and removes its folders. */
  stop(): Promise<void>;
}

/**
 * A Steward server of the operator journey's own: the shared e2e server keeps its database in
 * its memory, where no command can reach it, so this one keeps PGlite in a folder of its own
 * and serves a copy of the built web app on a free port. With `operator`,
 * `npm run operator:create`'s script writes that operator there before the first start.
 * `workers` runs the delivery workers (the development SMS gateway); off by default, as
 * nothing is sent. `restart` lets scripts (`npm run sms:units`, `npm run operator:create`)
 * reach the database between two runs. Rejects if the server does not start (its folders
 * removed).
 */
export async function startOperatorServer(
  options: { operator?: { email: string; password: string }; workers?: boolean } = {},
): Promise<OperatorServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-operator-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-operator-web-'));
  const removeFolders = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    DEMO: 'never',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST: webDir,
    MESSAGING_WORKERS: options.workers ? '1' : '0',
  };
  let server: ChildProcess | undefined;
  let baseURL = '';
  const running = () => server !== undefined && server.exitCode === null && server.signalCode === null;
  const start = async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
    const child = server;
    baseURL = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const port = /serving on http:\/\/localhost:(\d+)/.exec(out)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', (code) => reject(new Error(`the operator server exited ${code}: ${out}`)));
    });
  };
  const end = async () => {
    const child = server;
    if (!child || !running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const run = (script: string, args: string[], extra: NodeJS.ProcessEnv = {}) => {
    if (running()) return Promise.reject(new Error(`${script}: stop the server first (PGlite serves one process)`));
    return runScript(script, args, { ...env, ...extra });
  };

  try {
    cpSync(process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'), webDir, { recursive: true });
    if (options.operator) {
      const { email, password } = options.operator;
      const made = await run('apps/server/src/cli/create-operator.ts', ['--email', email], {
        OPERATOR_PASSWORD: password,
      });
      expect(made).toContain(`Created the platform operator ${email}`);
    }
    await start();
  } catch (error) {
    await end();
    removeFolders();
    throw error;
  }
  return {
    get baseURL() {
      return baseURL;
    },
    run,
    restart: async (whileStopped) => {
      await end();
      await whileStopped(run);
      await start();
    },
    stop: async () => {
      await end();
      removeFolders();
    },
  };
}

/** /operator/signin. */
export class OperatorSignInPage {
  readonly heading: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Operator sign in' });
    this.error = page.getByRole('alert');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/operator\/signin$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText('Steward operator', { exact: true })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** /operator: the sender ID requests of every church. */
export class OperatorSenderIdsPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sender ID requests' });
  }

  async expectShown(email: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/operator(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(email, { exact: true })).toBeVisible();
  }

  /** Picks a status filter ('Pending', 'Processing', 'Approved', 'Not approved', 'All'). */
  async filter(label: string): Promise<void> {
    const group = this.page.getByRole('radiogroup', { name: 'Status' });
    await group.getByText(label, { exact: true }).click();
    await expect(group.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }

  /** The table row of sender ID `mask`. */
  row(mask: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: mask, exact: true }) });
  }

  button(action: 'Approve' | 'Processing' | 'Reject', mask: string, church: string): Locator {
    return this.page.getByRole('button', { name: `${action} ${mask} of ${church}`, exact: true });
  }
}
