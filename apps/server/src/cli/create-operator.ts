import { pathToFileURL } from 'node:url';
import { loadConfig, resolveDataDir } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkOperatorInput, upsertOperator } from '../modules/operators/service.ts';

/*
 * `npm run operator:create -- --email you@example.org`: creates a platform operator (issue 9
 * 'Sender IDs'), or gives an existing one a new password and signs it out everywhere. The
 * password comes from OPERATOR_PASSWORD, else it is asked for on the terminal (not echoed);
 * never from the command line, where it would stay in the shell history and the process list.
 * Opens the database as the server does (DATABASE_URL, else PGlite in DATA_DIR: stop a server
 * using that folder first, PGlite allows one process) and applies the migrations.
 */

/** The e-mail of `--email x` or `--email=x`, or null. */
export function emailArgument(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--email') return argv[i + 1] ?? null;
    if (arg.startsWith('--email=')) return arg.slice('--email='.length);
  }
  return null;
}

/** Reads a line from the terminal without echoing it (raw mode); Ctrl-C aborts. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (fn: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      fn();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(value));
        if (ch === '\u0003') return done(() => reject(new Error('Cancelled')));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on('data', onData);
  });
}

/** The password: OPERATOR_PASSWORD, else typed twice on a terminal. Throws when neither is possible. */
async function readPassword(env: NodeJS.ProcessEnv): Promise<string> {
  const fromEnv = env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new Error('Set OPERATOR_PASSWORD or run this command in a terminal to type the password');
  const first = await promptHidden('Password for the operator: ');
  const second = await promptHidden('The same password again: ');
  if (first !== second) throw new Error('The two passwords differ; nothing was changed');
  return first;
}

/**
 * Runs the command: `argv` after the script name, `env` the environment. Answers the line to print.
 * Throws Error (printed by main) on a missing or bad e-mail, a short password or a database error.
 */
export async function runCreateOperator(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const email = emailArgument(argv);
  if (!email)
    throw new Error('usage: npm run operator:create -- --email you@example.org (password in OPERATOR_PASSWORD)');
  const password = await readPassword(env);
  checkOperatorInput({ email, password });
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolveDataDir(config) });
  try {
    await database.migrate();
    const result = await upsertOperator(database.db, { email, password });
    return result.created
      ? `Created the platform operator ${result.email}; sign in at /operator/signin`
      : `Set a new password for the platform operator ${result.email} and signed it out everywhere`;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCreateOperator(process.argv.slice(2), process.env).then(
    (line) => console.log(line),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
