import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { openPayments, paymentsWebhookUrls, type PaymentsRuntime } from '../src/modules/payments/runtime.ts';
import { completeCheckout, type CheckoutChoice } from '../src/modules/payments/sandbox/checkout-driver.ts';
import type { OutgoingWebhook, Sandbox } from '../src/modules/payments/sandbox/server.ts';
import { client, signupChurch, type Client } from './helpers.ts';
import { acc, accountsByName, createItem, type AccountRef } from './fixtures.ts';

/**
 * The harness of the online-donation tests (issue 10): a real database (PostgreSQL with
 * DATABASE_URL, else PGlite), the app built as `npm start` builds it, and the real Paystack and
 * Flutterwave adapters speaking to the local provider sandbox, whose signed webhooks are
 * delivered to the app through inject (as the providers would POST them).
 */
export interface GivingHarness {
  app: BuiltApp;
  database: Database;
  payments: PaymentsRuntime;
  sandbox: Sandbox;
  config: TConfig;
  /** while `hold` is true the sandbox's webhooks are kept in `held` instead of being delivered */
  webhooks: { hold: boolean; held: OutgoingWebhook[] };
  close(): Promise<void>;
}

export const PUBLIC_URL = 'https://give.grace.example';

/** `env` overrides settings; `extra` adds settings config.ts does not know yet (the re-check delays). */
export async function startGivingHarness(
  env: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Promise<GivingHarness> {
  const config = {
    ...loadConfig({
      ...process.env,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WEB_DIST: '',
      SIGNUP_RATE_MAX: '1000000',
      PUBLIC_RATE_MAX: '1000000',
      LOGIN_RATE_MAX: '1000',
      PUBLIC_URL,
      PAYSTACK_SECRET_KEY: '',
      FLUTTERWAVE_SECRET_KEY: '',
      ...env,
    }),
    ...extra,
  } as TConfig;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  let app: BuiltApp | null = null;
  const webhooks: GivingHarness['webhooks'] = { hold: false, held: [] };
  const payments = await openPayments(config, {
    appUrl: null,
    sandbox: {
      webhookMode: 'once',
      webhookRetries: 0,
      deliverWebhook: async (w) => {
        if (webhooks.hold) {
          webhooks.held.push(w);
          return 200;
        }
        if (!app) return 503;
        const res = await app.inject({
          method: 'POST',
          url: new URL(w.url).pathname,
          headers: w.headers,
          payload: w.body,
        });
        return res.statusCode;
      },
    },
  });
  if (!payments.sandbox) throw new Error('expected the local provider sandbox (no provider keys)');
  payments.sandbox.setWebhookUrls(paymentsWebhookUrls(PUBLIC_URL));
  app = await buildApp({ config, database, payments });
  await app.ready();
  const built = app;
  return {
    app: built,
    database,
    payments,
    sandbox: payments.sandbox,
    config,
    webhooks,
    close: async () => {
      await payments.sandbox?.idle();
      await built.close();
      await payments.close();
      await database.close();
    },
  };
}

/** A church ready to take online gifts: items, and a form offering both providers. */
export interface GivingChurch {
  tenantId: string;
  token: string;
  api: Client;
  accounts: Record<string, AccountRef>;
  /** 'Sunday Offering': Offering income, 10% remitted to Tithe income (another fund-free income) */
  offering: string;
  /** 'Tithe': Tithe income, no remittance */
  tithe: string;
  /** 'Building Fund': on no form */
  building: string;
  formId: string;
}

/** Signs a church up and sets it up through the API (payment form with Paystack and Flutterwave). */
export async function givingChurch(app: BuiltApp, overrides: Record<string, string> = {}): Promise<GivingChurch> {
  const c = await signupChurch(app, overrides);
  const api = client(app, c.token);
  const accounts = await accountsByName(api);
  const offering = await createItem(api, {
    name: 'Sunday Offering',
    incomeAccountId: acc(accounts, 'Offering').id,
    cashAccountId: acc(accounts, 'Cash').id,
    incomeRemittance: [{ percentage: '10', distinationIncomeAccount: acc(accounts, 'Thanksgiving').id }],
  });
  const tithe = await createItem(api, {
    name: 'Tithe',
    incomeAccountId: acc(accounts, 'Tithe').id,
    cashAccountId: acc(accounts, 'Bank').id,
    incomeRemittance: null,
  });
  const building = await createItem(api, {
    name: 'Building Fund',
    incomeAccountId: acc(accounts, 'Donations').id,
    cashAccountId: acc(accounts, 'Bank').id,
    incomeRemittance: null,
  });
  const res = await api.post('/api/PaymentForm/newpaymentform', {
    name: 'Sunday Giving',
    bankCode: '058',
    accountName: 'GRACE CHAPEL INTERNATIONAL',
    accountNumber: '0123456789',
    isActive: true,
    contributionItems: [{ financialContributionID: offering }, { financialContributionID: tithe }],
    paymentGateWays: [
      { paymentGateWayID: 1, subAccountID: null, updateId: null },
      { paymentGateWayID: 2, subAccountID: null, updateId: null },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const formId = (res.json() as { id: string }).id;
  return { tenantId: c.tenantId, token: c.token, api, accounts, offering, tithe, building, formId };
}

/** The existing client's initialise body (existing-client-api §3.3) for two items. */
export function giftBody(c: GivingChurch, extra: Record<string, unknown> = {}) {
  return {
    paymentFormId: c.formId,
    churchLogoUrl: '',
    churchName: 'Test Church',
    tenantID: c.tenantId,
    merchantID: null,
    orderID: crypto.randomUUID(),
    currencyID: 566,
    amount: 1500.5,
    contributionItems: [
      {
        contributionItemId: c.offering,
        contributionItemName: 'Sunday Offering',
        amount: 1000.5,
        contributionCurrencyId: 566,
      },
      { contributionItemId: c.tithe, contributionItemName: 'Tithe', amount: 500, contributionCurrencyId: 566 },
    ],
    contributionItem: null,
    paymentGateway: 'Paystack',
    isAnonymous: false,
    name: 'Chidi Okafor',
    phone: '08031234567',
    email: 'chidi@example.com',
    ...extra,
  };
}

/** The public calls need no session: a client without a token. */
export const publicApi = (app: BuiltApp) => client(app, null);

export interface Initialised {
  reference: string;
  authorizationUrl: string;
  body: Record<string, unknown>;
}

/** POST /initailizedonationpayment; expects 200 and answers the reference and checkout. */
export async function initialise(app: BuiltApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await publicApi(app).post('/initailizedonationpayment', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as {
    status: boolean;
    transactionReference: string;
    initializePaymentResponseDTO: { data: { authorization_url: string } };
  };
  expect(json.status).toBe(true);
  return {
    reference: json.transactionReference,
    authorizationUrl: json.initializePaymentResponseDTO.data.authorization_url,
    body: json as unknown as Record<string, unknown>,
  } satisfies Initialised;
}

/** Presses a button of the sandbox's hosted checkout, as the payer's browser does; waits for its webhooks. */
export async function pay(h: GivingHarness, init: Initialised, choice: CheckoutChoice = 'success') {
  const result = await completeCheckout(init.authorizationUrl, choice);
  await h.sandbox.idle();
  return result;
}

/** The payer's return: POST /ConfirmDonationPayment with the query the provider's redirect carried. */
export async function confirmFromRedirect(app: BuiltApp, redirectTo: string) {
  const u = new URL(redirectTo);
  const id = u.searchParams.get('transaction_id') ?? u.searchParams.get('trxref') ?? '';
  const txnref = u.searchParams.get('tx_ref') ?? u.searchParams.get('trxref') ?? '';
  return publicApi(app).post(
    `/ConfirmDonationPayment?id=${encodeURIComponent(id)}&txnref=${encodeURIComponent(txnref)}`,
  );
}

/** Rows of a table for a church whose column equals a value, as the migration role. */
export async function rowsWhere<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(database.db, query);
}

/** The journal entries posted for a payment (its donation rows' entries and its fee entry), reversals excluded. */
export async function entriesOfPayment(database: Database, tenantId: string, reference: string) {
  return queryRows<{ id: string; source_type: string; memo: string }>(
    database.db,
    sql`select e.id, e.source_type, e.memo from journal_entries e
        where e.tenant_id = ${tenantId} and e.reverses_entry_id is null and e.source_type = 'donation'
          and (e.source_id in (select pi.offering_transaction_id from payment_items pi
                               join payments p on p.tenant_id = pi.tenant_id and p.id = pi.payment_id
                               where p.tenant_id = ${tenantId} and p.reference = ${reference})
               or e.source_id in (select id from payments where tenant_id = ${tenantId} and reference = ${reference}))`,
  );
}

/** A payment row by reference, as the migration role. */
export async function paymentRow(database: Database, reference: string) {
  const [row] = await queryRows<{
    id: string;
    tenant_id: string;
    status: string;
    status_reason: string | null;
    fee_minor: string | null;
    amount_minor: string;
    giver_id: string | null;
    provider_status: string | null;
  }>(
    database.db,
    sql`select id, tenant_id, status, status_reason, fee_minor::text as fee_minor, amount_minor::text as amount_minor,
               giver_id, provider_status
        from payments where reference = ${reference}`,
  );
  return row;
}

/** The balance (minor units, debits positive) of the church's account with this system key. */
export async function systemBalance(database: Database, tenantId: string, key: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    database.db,
    sql`select sum(l.amount_minor)::text as total from journal_lines l
        join accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
        where l.tenant_id = ${tenantId} and a.system_key = ${key}`,
  );
  return BigInt(row?.total ?? '0');
}

/** Delivers a webhook (held or made up) to the app as the provider would POST it. */
export function deliver(app: BuiltApp, w: Pick<OutgoingWebhook, 'url' | 'headers' | 'body'>) {
  return app.inject({ method: 'POST', url: new URL(w.url).pathname, headers: w.headers, payload: w.body });
}
