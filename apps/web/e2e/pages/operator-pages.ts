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

/**
 * A Steward server of the operator journey's own: the shared e2e server keeps its database in
 * its memory, where no command can reach it, so this one keeps PGlite in a folder of its own.
 * `npm run operator:create`'s script writes the operator there first (PGlite allows one process
 * at a time), then the server starts on a free port with the built web app. `stop()` ends the
 * process it started and removes the folders.
 */
export async function startOperatorServer(operator: { email: string; password: string }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-operator-'));
  const webDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-operator-web-'));
  cpSync(process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'), webDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    DEMO: 'never',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST: webDir,
    MESSAGING_WORKERS: '0',
  };
  const made = await runScript('apps/server/src/cli/create-operator.ts', ['--email', operator.email], {
    ...env,
    OPERATOR_PASSWORD: operator.password,
  });
  expect(made).toContain(`Created the platform operator ${operator.email}`);

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const port = /serving on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    server.on('exit', (code) => reject(new Error(`the operator server exited ${code}: ${out}`)));
  });
  return {
    baseURL,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDir, { recursive: true, force: true });
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
