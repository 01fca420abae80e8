/**
 * Initialising a gift under load (issue 10 'Speed': "initialise answers p99 under 100 ms against
 * the sandbox with 50 concurrent givers"). On the bench's PostgreSQL server (bench/server.ts, with
 * provider keys and addresses pointing at the local provider sandbox, which runs in a process of
 * its own: bench/provider-sandbox.ts), signs up a church, makes an offering item and a payment form with both gateways through the
 * API, then runs BENCH_GIVE_INIT_CLIENTS (default 50) givers at once, each calling
 * POST /initailizedonationpayment BENCH_GIVE_INIT_CALLS times in a row (default 20) with a new
 * orderID each time, as the public giving page does: the payment row written, the provider's
 * initialise call made, the checkout link answered. Then the same number of calls as bursts: the
 * 50 givers start together, one gift each, round after round. Once for Paystack, once for
 * Flutterwave, after a warm-up of 10 calls per giver. Prints p50, p95, p99, the slowest call and calls/s.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { api, rawPool, signupBenchChurch } from './setup.ts';
import { ms, percentile, printTable, timeConcurrent } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_GIVE_INIT_CLIENTS ?? 50);
const CALLS = Number(process.env.BENCH_GIVE_INIT_CALLS ?? 20);

interface Option {
  id: string;
  text: string;
}

/** Signs up a church with a 'Sunday Offering' item and a payment form with both gateways; answers what a gift names. */
async function givingChurch(baseUrl: string) {
  const { token, tenantId } = await signupBenchChurch(baseUrl, {
    churchName: 'Bench Giving Church',
    part: 'give',
    phoneNumber: '+2348030000002',
  });
  const church = api(baseUrl, token);
  const income = (await church.get('/api/Financials/Accounts/GetIncomeAccounts')) as Option[];
  const cash = (await church.get('/api/financials/accounts/getcashbankaccounts')) as Option[];
  const byName = (list: Option[], name: string) => list.find((a) => a.text.replace(/^\d+ - /, '') === name)!.id;
  const item = (await church.post('/api/financials/contributions/items/save', {
    name: 'Sunday Offering',
    incomeAccountId: byName(income, 'Offering'),
    cashAccountId: byName(cash, 'Bank'),
    incomeRemittance: null,
  })) as { returnObject: { id: string } };
  const form = (await church.post('/api/PaymentForm/newpaymentform', {
    name: 'Sunday Giving',
    bankCode: '058',
    accountName: 'BENCH GIVING CHURCH',
    accountNumber: '0123456789',
    isActive: true,
    contributionItems: [{ financialContributionID: item.returnObject.id }],
    paymentGateWays: [
      { paymentGateWayID: 1, subAccountID: null, updateId: null },
      { paymentGateWayID: 2, subAccountID: null, updateId: null },
    ],
  })) as { id: string };
  return { tenantId, formId: form.id, itemId: item.returnObject.id };
}

/**
 * A giver's phone, as light as a client can be: node:http with keep-alive connections (one per
 * giver), the JSON body posted, the answer parsed. Fetch (undici) cost the bench's own process
 * about 2.7 ms of CPU per call, taken from the two cores the server and PostgreSQL share; this
 * client costs a fraction of that, so the figures are the server's. Throws on any status but 200.
 */
function lightClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  return (path: string, body: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) reject(new Error(`POST ${path}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve(JSON.parse(text));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

/** Runs the concurrent initialise calls through both providers and prints their latencies. */
export async function benchGiveInit(baseUrl: string): Promise<void> {
  const church = await givingChurch(baseUrl);
  const post = lightClient(baseUrl);
  let n = 0;
  const initialise = (gateway: 'Paystack' | 'Flutterwave') => async () => {
    n += 1;
    const res = (await post('/initailizedonationpayment', {
      paymentFormId: church.formId,
      tenantID: church.tenantId,
      orderID: crypto.randomUUID(),
      currencyID: 566,
      amount: 1500,
      contributionItems: [
        {
          contributionItemId: church.itemId,
          contributionItemName: 'Sunday Offering',
          amount: 1500,
          contributionCurrencyId: 566,
        },
      ],
      paymentGateway: gateway,
      isAnonymous: false,
      name: `Bench Giver ${n}`,
      phone: '08031234567',
      email: `giver${n}@bench.example`,
    })) as { status: boolean };
    if (!res.status) throw new Error('initialise answered status false');
  };
  const row = (label: string, samples: number[], seconds: number) => [
    label,
    String(samples.length),
    ms(percentile(samples, 0.5)),
    ms(percentile(samples, 0.95)),
    ms(percentile(samples, 0.99)),
    ms(Math.max(...samples)),
    (samples.length / seconds).toFixed(0),
  ];
  const loop: string[][] = [];
  const bursts: string[][] = [];
  for (const gateway of ['Paystack', 'Flutterwave'] as const) {
    await timeConcurrent(CLIENTS, 10, initialise(gateway)); // warm-up: connections, JIT, prepared statements
    await analysePaymentTables();
    let started = performance.now();
    const samples = await timeConcurrent(CLIENTS, CALLS, initialise(gateway));
    loop.push(row(gateway, samples, (performance.now() - started) / 1000));
    started = performance.now();
    const burst = await timeBursts(CLIENTS, CALLS, initialise(gateway));
    bursts.push(row(gateway, burst, (performance.now() - started) / 1000));
  }
  const columns = ['provider', 'calls', 'p50', 'p95', 'p99', 'max', 'calls/s'];
  printTable(
    `POST /initailizedonationpayment, ${CLIENTS} givers each calling again as soon as answered (${CALLS} calls each: the server's throughput), against the local provider sandbox (goal: p99 < 100 ms)`,
    columns,
    loop,
  );
  printTable(
    `POST /initailizedonationpayment, ${CLIENTS} givers at once, one gift each, ${CALLS} rounds (a round starts when the last answered), against the local provider sandbox (goal: p99 < 100 ms)`,
    columns,
    bursts,
  );
}

/**
 * ANALYZE of the tables initialise writes, as autovacuum does on a maintained server once a table
 * has grown by 50 rows (this machine's PostgreSQL runs with autovacuum off). Without statistics
 * the planner may check each payment item's foreign key through an index on the church alone:
 * at 12,000 payments that read 73 million index entries, and PostgreSQL's time per call grew with
 * every payment. A server that never analyses its tables is warned at start-up (main.ts).
 */
async function analysePaymentTables(): Promise<void> {
  const pool = rawPool();
  try {
    await pool.query('analyze payments, payment_items');
  } finally {
    await pool.end();
  }
}

/**
 * `rounds` bursts of `clients` calls started together, one burst after another: 50 givers
 * pressing Give at the same moment. Answers each call's milliseconds.
 */
async function timeBursts(clients: number, rounds: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const t = performance.now();
        await fn();
        out.push(performance.now() - t);
      }),
    );
  }
  return out;
}
