/**
 * The bench's sizes, from environment variables (defaults: the data set of issue 7 'Speed').
 * Every count can be lowered for a quick run; see bench/README.md.
 */
function int(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return n;
}

function intList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw.split(',').map((s, i) => {
    const n = Number(s.trim().replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name}[${i}] must be a positive integer, got '${s}'`);
    return n;
  });
}

const measured = intList('BENCH_MEASURED', [500_000, 100_000, 10_000]).sort((a, b) => b - a);

export const sizes = {
  /** churches signed up through the API (at least one per measured church) */
  churches: Math.max(int('BENCH_CHURCHES', 1000, 1), measured.length),
  /** offerings in all churches together (at least the measured churches' offerings) */
  offerings: Math.max(
    int('BENCH_OFFERINGS', 1_000_000, 1),
    measured.reduce((a, b) => a + b, 0),
  ),
  /** offerings of the churches whose endpoints are measured, largest first (the first is 'the big church') */
  measured,
  /** years of history the offerings are spread over, ending today */
  years: int('BENCH_YEARS', 3, 1),
  /** finance documents (income, expense, journal) per offering, in tenths: 1 = one document per ten offerings */
  documentTenths: int('BENCH_DOCUMENT_TENTHS', 1),
  /** extra expense accounts in each measured church, so its chart has about 500 accounts */
  extraAccounts: int('BENCH_EXTRA_ACCOUNTS', 480),
  /** sequential requests per endpoint (after 3 warm-up requests) */
  samples: int('BENCH_SAMPLES', 40, 1),
  /** concurrent clients */
  clients: int('BENCH_CLIENTS', 50, 1),
  /** requests each concurrent client makes in a row */
  perClient: int('BENCH_PER_CLIENT', 10, 1),
  /** offering rows posted through the API in the posting part */
  postRows: int('BENCH_POST_ROWS', 20_000, 50),
  /** rows per save request */
  postBatch: int('BENCH_POST_BATCH', 50, 1),
  /** concurrent posting clients */
  postClients: int('BENCH_POST_CLIENTS', 4, 1),
};

/** Which part runs: seed, reads, posting, bundle; unset runs all of them. */
export const only = process.env.BENCH_ONLY ?? '';

/** Keep the seeded database of an earlier run when its sizes match (BENCH_REUSE=1). */
export const reuse = process.env.BENCH_REUSE === '1';
