// Makes a fresh clone ready for `npm start` / `npm test`: installs the locked
// dependencies when node_modules is missing or older than package-lock.json, and, for
// tests, Debian's Chromium when it is missing (the e2e tests never download a browser).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const want = new Set(process.argv.slice(2));
const run = (cmd) => {
  console.log(`[setup] ${cmd}`);
  execSync(cmd, { stdio: 'inherit' });
};

const lock = 'package-lock.json';
const installed = 'node_modules/.package-lock.json';
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  run('npm ci --no-audit --no-fund');
}

if (want.has('--browser') && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0) {
    run('apt-get update -qq && apt-get install -y -qq chromium');
  } else {
    console.error('[setup] The end-to-end tests need Chromium at /usr/bin/chromium: sudo apt-get install -y chromium');
    process.exit(1);
  }
}
