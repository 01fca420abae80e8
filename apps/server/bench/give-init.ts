/**
 * Initialising a gift under load (issue 10 'Speed': "initialise answers p99 under 100 ms against
 * the sandbox with 50 concurrent givers"). On the bench's PostgreSQL server (bench/server.ts: no
 * provider keys, so the app starts the local provider sandbox and both adapters speak HTTP to it),
 * signs up a church, makes an offering item and a payment form with both gateways through the
 * API, then runs BENCH_GIVE_INIT_CLIENTS (default 50) givers at once, each calling
 * POST /initailizedonationpayment BENCH_GIVE_INIT_CALLS times in a row (default 20) with a new
 * orderID each time, as the public giving page does: the payment row written, the provider's
 * initialise call made, the checkout link answered. Once for Paystack, once for Flutterwave,
 * after a warm-up of 50 calls. Prints p50, p95, p99 and the slowest call.
 */
import { performance } from 'node:perf_hooks';
import { api } from './setup.ts';
import { ms, percentile, printTable, timeConcurrent } from './stats.ts';

const CLIENTS = Number(process.env.BENCH_GIVE_INIT_CLIENTS ?? 50);
const CALLS = Number(process.env.BENCH_GIVE_INIT_CALLS ?? 20);

interface Option {
  id: string;
  text: string;
}

/** Signs up a church with a 'Sunday Offering' item and a payment form with both gateways; answers what a gift names. */
async function givingChurch(baseUrl: string) {
  const runId = Date.now().toString(36);
  const signup = (await api(baseUrl, null).post('/api/onboarding/signup', {
    churchName: 'Bench Giving Church',
    firstName: 'Ada',
    lastName: 'Obi',
    email: `bench-give-${runId}@bench.example`,
    phoneNumber: '+2348030000002',
    password: 'bench password 1',
    countryCode: 'NG',
    currency: 'NGN',
  })) as { returnObject: { token: string; tenantId: string } };
  const { token, tenantId } = signup.returnObject;
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

/** Runs the concurrent initialise calls through both providers and prints their latencies. */
export async function benchGiveInit(baseUrl: string): Promise<void> {
  const church = await givingChurch(baseUrl);
  const giver = api(baseUrl, null);
  let n = 0;
  const initialise = (gateway: 'Paystack' | 'Flutterwave') => async () => {
    n += 1;
    const res = (await giver.post('/initailizedonationpayment', {
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
  const rows: string[][] = [];
  for (const gateway of ['Paystack', 'Flutterwave'] as const) {
    await timeConcurrent(10, 5, initialise(gateway)); // warm-up: connections, JIT
    const started = performance.now();
    const samples = await timeConcurrent(CLIENTS, CALLS, initialise(gateway));
    const seconds = (performance.now() - started) / 1000;
    rows.push([
      gateway,
      String(samples.length),
      ms(percentile(samples, 0.5)),
      ms(percentile(samples, 0.95)),
      ms(percentile(samples, 0.99)),
      ms(Math.max(...samples)),
      (samples.length / seconds).toFixed(0),
    ]);
  }
  printTable(
    `POST /initailizedonationpayment, ${CLIENTS} concurrent givers x ${CALLS} calls, against the local provider sandbox (goal: p99 < 100 ms)`,
    ['provider', 'calls', 'p50', 'p95', 'p99', 'max', 'calls/s'],
    rows,
  );
}
