import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { queryRows, type Db } from '../src/db/client.ts';
import { client, signupChurch, type Client } from './helpers.ts';
import { acc, accountsByName, createItem, NGN } from './fixtures.ts';
import {
  CHART,
  EXPENSE,
  INCOME,
  JOURNAL,
  createAccount,
  createFund,
  expenseBody,
  getChart,
  headNamed,
  incomeBody,
  journalBody,
  named,
  saved,
} from './ledger-support.ts';
import type { IdPools } from './api-generate-support.ts';

/**
 * A church with one of everything the API can create (issue 6), made through the API with a
 * marker in every name and one distinctive amount, so an answer that leaks it is easy to spot;
 * the requests that succeeded are kept as examples of well-formed calls. Plus what the owner
 * role sees of the tenant tables: row counts, content hashes and ids.
 */

export interface Recorded {
  method: string;
  url: string;
  payload?: string;
}

/** A client (same shape as helpers' client) that records every request answered 2xx. */
export function recordingClient(app: BuiltApp, token: string, log: Recorded[]): Client {
  const base = client(app, token);
  const keep =
    (
      method: string,
      call: (url: string, payload?: unknown, headers?: Record<string, string>) => ReturnType<Client['get']>,
    ) =>
    async (url: string, payload?: unknown, headers?: Record<string, string>) => {
      const res = await call(url, payload, headers);
      if (res.statusCode < 300)
        log.push({
          method,
          url,
          ...(payload === undefined || method === 'GET' || method === 'DELETE'
            ? {}
            : { payload: JSON.stringify(payload) }),
        });
      return res;
    };
  return {
    get: keep('GET', (u) => base.get(u)),
    post: keep('POST', (u, p, h) => base.post(u, p, h)),
    put: keep('PUT', (u, p, h) => base.put(u, p, h)),
    delete: keep('DELETE', (u) => base.delete(u)),
  };
}

export interface ChurchData {
  tenantId: string;
  email: string;
  password: string;
  token: string;
  api: Client;
  marker: string;
  /** the distinctive amount, as JSON shows it */
  amount: string;
  /** the ids this church created, by what they are */
  ids: Record<string, string>;
  idempotencyKeys: string[];
  examples: Recorded[];
}

type Answer = { returnObject?: { id?: string } & Record<string, unknown> } & Record<string, unknown>;
/** Asserts a 2xx answer and answers its JSON ({} for a file). */
const ok = async (res: Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return (String(r.headers['content-type']).includes('json') ? JSON.parse(r.body) : {}) as Answer;
};

/**
 * Signs up a church named after `marker` and creates, through the API: an event category and
 * an event, a member, a restricted fund with its income account, a cash account, a deactivated
 * account, an offering item with a 10% remittance (then edited), offerings (then edited), an
 * approved income, an expense from the fund, a journal, and a deleted offering, item and document.
 */
export async function churchWithEverything(app: BuiltApp, marker: string, amount: number): Promise<ChurchData> {
  const c = await signupChurch(app, { churchName: `${marker} Church`, firstName: marker, lastName: `${marker}son` });
  const examples: Recorded[] = [];
  const api = recordingClient(app, c.token, examples);
  const text = amount.toFixed(2);
  const ids: Record<string, string> = { tenant: c.tenantId };
  const need = (k: string): string => {
    const v = ids[k];
    if (!v) throw new Error(`no id for ${k}`);
    return v;
  };
  const keys = [`${marker}-key-offering`, `${marker}-key-income`, `${marker}-key-expense`, `${marker}-key-journal`];
  const accounts = await accountsByName(api);
  const chart = await getChart(api);
  for (const n of ['Cash', 'Bank', 'Offering', 'Tithe']) ids[n] = acc(accounts, n).id;
  ids.repairs = named(chart, 'Maintenance and Repairs').id;

  const cats = (await ok(api.post(`/api/EventCategory?name=${encodeURIComponent(`${marker} Vigil`)}`))) as unknown as {
    id: string;
    name: string;
  }[];
  ids.category = cats.find((x) => x.name === `${marker} Vigil`)!.id;
  const event = await ok(
    api.post('/api/Events/CreateActivity', { activity: { date: '2026-11-22', eventCategoryId: need('category') } }),
  );
  ids.event = (event.returnObject as { currentEvent: { id: string } }).currentEvent.id;
  const member = {
    firstName: marker,
    lastName: 'Member',
    email: `${marker.toLowerCase()}@example.org`,
    mobilePhone: '08031234567',
  };
  ids.member = (await ok(api.post('/api/People/CreateMember', member))).returnObject!.id!;
  await ok(api.get(`/api/Membership/GetSearchedUSers?searchText=${marker}`));

  // settings (issue 8): a custom field (edited, reordered; a second one deleted) and a group tree
  ids.customField = (
    (await ok(
      api.post('/api/CustomFields/SaveCustomFields', {
        entityType: 'Member',
        tenantID: c.tenantId,
        label: `${marker} Field`,
        parameterValues: `${marker} A,${marker} B`,
        controlType: 'DropdownList',
      }),
    )) as unknown as { id: string }
  ).id;
  await ok(
    api.put(`/api/CustomFields/EditCustomFields?customAttributeID=${need('customField')}`, {
      entityType: '0',
      tenantID: c.tenantId,
      label: `${marker} Field`,
      controlType: '1',
      parameterValues: `${marker} A,${marker} B`,
    }),
  );
  await ok(api.post('/api/CustomFields/ReorderCustomFields', [{ id: need('customField'), order: 0 }]));
  const spareField = (
    (await ok(
      api.post('/api/CustomFields/SaveCustomFields', {
        entityType: 'Activity',
        label: `${marker} Spare`,
        controlType: 'Text',
        parameterValues: '',
      }),
    )) as unknown as { id: string }
  ).id;
  await ok(api.delete(`/api/CustomFields/EditCustomFields?customAttributeID=${spareField}`));
  const stage = await ok(
    api.post('/firsttimercycle/create', { name: `${marker} Stage`, isDefault: true, createAsAGroup: false }),
  );
  ids.stage = stage.returnObject!.id!;
  await ok(
    api.put(`/firsttimercycle/${need('stage')}/edit`, {
      id: need('stage'),
      name: `${marker} Stage`,
      isDefault: true,
      order: 1,
      index: 0,
    }),
  );
  await ok(api.put('/firsttimercycle/orderstages', [{ id: need('stage'), order: 1, name: `${marker} Stage` }]));
  const spareStage = (await ok(api.post('/firsttimercycle/create', { name: `${marker} Spare`, isDefault: false })))
    .returnObject!.id!;
  await ok(api.delete(`/firsttimercycle/${spareStage}/delete`));
  ids.branchLevel = (
    await ok(api.post('/branching/newhierarchy', { name: `${marker} Region`, level: 0 }))
  ).returnObject!.id!;
  await ok(
    api.put(`/branching/${need('branchLevel')}/edit`, { id: need('branchLevel'), name: `${marker} Region`, level: 0 }),
  );
  await ok(api.put('/branching/reorderlevels', [{ id: need('branchLevel'), level: 0, name: `${marker} Region` }]));
  const spareLevel = (await ok(api.post('/branching/newhierarchy', { name: `${marker} Spare`, level: 1 })))
    .returnObject!.id!;
  await ok(api.delete(`/branching/${spareLevel}/delete`));
  ids.group = ((await ok(api.post('/api/CreateGroup', { name: `${marker} Youth` }))) as unknown as { id: string }).id;
  ids.subgroup = (
    (await ok(api.post('/api/CreateGroup', { name: `${marker} Choir`, parentId: need('group') }))) as unknown as {
      id: string;
    }
  ).id;

  // messaging (issue 9): a sender ID request, a default message, an e-mail sent and a draft
  const mask = `${marker.replace(/[^A-Za-z0-9]/g, '').slice(0, 6)}Sid`;
  ids.senderId = (await ok(api.post('/api/Messaging/RequestSenderID', { mask }))).returnObject!.id!;
  ids.defaultMessage = (
    await ok(
      api.post('/api/Settings/CreateDefaultMessage', {
        category: 2,
        messageType: 1,
        subject: `${marker} welcome`,
        message: 'Thank you for worshipping with us',
      }),
    )
  ).returnObject!.id!;
  ids.commReport = (
    await ok(
      api.post('/api/Messaging/sendEmail', {
        subject: `${marker} news`,
        message: '<p>News</p>',
        toOthers: `${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.org`,
      }),
    )
  ).returnObject!.id!;
  await ok(api.post('/api/Messaging/sendEmail', { subject: 'Draft', message: '<p>Later</p>', isDraft: true }));

  ids.fund = (await createFund(api, `${marker} Fund`, 1)).id;
  const otherIncome = await headNamed(api, 'Other Income');
  const cashHead = await headNamed(api, 'Cash and Bank');
  ids.head = otherIncome.id;
  ids.restricted = (
    await createAccount(api, {
      name: `${marker} Gifts`,
      financialAccountGroupID: otherIncome.id,
      financialFundID: need('fund'),
    })
  ).id;
  ids.box = (
    await createAccount(api, { name: `${marker} Box`, code: '1077', financialAccountGroupID: cashHead.id })
  ).id;
  ids.old = (await createAccount(api, { name: `${marker} Old`, financialAccountGroupID: cashHead.id })).id;
  await ok(api.post(`/api/Financials/Accounts/Deactivate?id=${need('old')}`));
  await ok(
    api.put('/api/Financials/Accounts/Save', {
      id: need('box'),
      name: `${marker} Box`,
      code: '1077',
      financialAccountGroupID: cashHead.id,
    }),
  );

  const item = { name: `${marker} Harvest`, incomeAccountId: need('Offering'), cashAccountId: need('Cash') };
  const remit = [{ percentage: '10', distinationCashBankAccount: need('Bank') }];
  ids.item = await createItem(api, { ...item, incomeRemittance: remit });
  await ok(api.put('/api/Financials/Contributions/Items/edit', { ...item, id: need('item'), incomeRemittance: remit }));
  await ok(api.get(`/api/Financials/Contributions/Items/One?ID=${need('item')}`));
  const row = {
    financialContributionID: need('item'),
    date: '2026-11-22',
    amount: text,
    paymentChannel: 'Cash',
    currencyID: NGN,
  };
  const offering = await ok(
    api.post(
      '/api/Financials/Contributions/Transactions/Save',
      [{ ...row, personID: need('member'), activityID: need('event') }],
      {
        'idempotency-key': keys[0]!,
      },
    ),
  );
  ids.offering = (offering.returnObject as unknown as { id: string }[])[0]!.id;
  await ok(
    api.put('/api/Financials/Contributions/Transactions/Edit', [
      { ...row, id: need('offering'), personID: need('member'), activityID: need('event'), paymentChannel: 'POS' },
    ]),
  );
  await ok(api.get(`/api/Financials/Contributions/Transactions/One?ID=${need('offering')}`));
  await ok(api.get(`/api/Offering/contributionReport?date=2026-11-22&activityId=${need('event')}`));
  await ok(api.get(`/api/Financials/Contributions/FilteredTransactions?contribution=${marker}&donor=${marker}`));

  const line = { accountID: need('restricted'), amount: text, contactID: need('member') };
  const income = await saved(api, INCOME, incomeBody(need('Bank'), text, [line], { memo: `${marker} memo` }), {
    'idempotency-key': keys[1]!,
  });
  ids.income = income.id;
  await ok(
    api.post('/api/Financials/accounts/Transactions/ApproveTransactionToggle', {
      id: income.id,
      approved: true,
      memo: `${marker} approved`,
    }),
  );
  await ok(
    api.get(
      `/api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber=${encodeURIComponent(income.transactionNumber)}`,
    ),
  );
  const spend = (amount / 2).toFixed(2);
  ids.expense = (
    await saved(
      api,
      EXPENSE,
      expenseBody(
        need('Bank'),
        spend,
        [{ accountID: need('repairs'), amount: spend, fundID: need('fund'), contactID: need('member') }],
        { memo: `${marker} spend` },
      ),
      {
        'idempotency-key': keys[2]!,
      },
    )
  ).id;
  ids.journal = (
    await saved(api, JOURNAL, journalBody(need('box'), need('Cash'), text, { memo: `${marker} journal` }), {
      'idempotency-key': keys[3]!,
    })
  ).id;
  await ok(
    api.post(
      `${JOURNAL}?id=${need('journal')}`,
      journalBody(need('box'), need('Cash'), text, { memo: `${marker} journal` }),
    ),
  );
  await ok(
    api.get(
      `/api/Financials/Accounts/v2/Transactions?page=1&accountId=${need('Bank')}&search=${marker}&from=2026-01-01&to=2026-12-31`,
    ),
  );
  await ok(
    api.get(`/api/Financials/Transactions/Export?format=csv&accountId=${need('Bank')}&from=2026-01-01&to=2026-12-31`),
  );

  // Throwaway rows, deleted, so the delete routes have examples too.
  const spare = await ok(api.post('/api/Financials/Contributions/Transactions/Save', [row]));
  const spareIds = (spare.returnObject as unknown as { id: string }[]).map((r) => r.id);
  await ok(api.post('/api/Financials/Contributions/Transactions/DeleteMultiple', spareIds));
  const spare2 = await ok(api.post('/api/Financials/Contributions/Transactions/Save', [row]));
  await ok(
    api.delete(
      `/api/Financials/Contributions/Transactions/Delete?ID=${(spare2.returnObject as unknown as { id: string }[])[0]!.id}`,
    ),
  );
  const spareItem = await createItem(api, { ...item, name: `${marker} Spare`, incomeRemittance: null });
  await ok(api.delete(`/api/Financials/Contributions/Delete?ID=${spareItem}`));
  const spareDoc = await saved(
    api,
    INCOME,
    incomeBody(need('Cash'), '1.00', [{ accountID: need('Tithe'), amount: '1.00' }]),
  );
  await ok(api.delete(`/api/Financials/Accounts/Transactions/Delete?id=${spareDoc.id}`));
  const spareFund = await createFund(api, `${marker} Spare Fund`, 0);
  await ok(api.delete(`/api/Financials/Fund/Delete?id=${spareFund.id}`));
  const spareAccount = await createAccount(api, {
    name: `${marker} Spare Account`,
    financialAccountGroupID: cashHead.id,
  });
  await ok(api.delete(`/api/Financials/Accounts/Delete?id=${spareAccount.id}`));

  // giving (issue 10): a payment form for the harvest item, with both gateways
  ids.paymentForm = (
    (await ok(
      api.post('/api/PaymentForm/newpaymentform', {
        name: `${marker} Giving`,
        bankCode: '058',
        accountName: `${marker.toUpperCase()} CHURCH`,
        accountNumber: '0123456789',
        isActive: true,
        contributionItems: [{ financialContributionID: need('item') }],
        paymentGateWays: [
          { paymentGateWayID: 1, subAccountID: null, updateId: null },
          { paymentGateWayID: 2, subAccountID: null, updateId: null },
        ],
      }),
    )) as unknown as { id: string }
  ).id;
  await ok(api.get(`/api/PaymentForm/GetOne?paymentFormID=${need('paymentForm')}`));
  await ok(api.get(CHART));
  return { ...c, api, marker, amount: text, ids, idempotencyKeys: keys, examples };
}

/** The tenant tables: every base table with a tenant_id column, and `tenants` itself. */
export async function tenantTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ t: string }>(
    db,
    sql`select c.table_name as t from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
        order by 1`,
  );
  return ['tenants', ...rows.map((r) => r.t)];
}

const uuidText = (id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a tenant id: ${id}`);
  return `'${id}'`;
};
const whereTenant = (table: string, ids: string[]) =>
  `${table === 'tenants' ? 'id' : 'tenant_id'} in (${ids.map(uuidText).join(', ')})`;

/** Rows per table and tenant, as 'table/tenant' -> count (absent means 0), in one query. */
export async function rowCounts(db: Db, tables: string[], tenantIds: string[]): Promise<Record<string, number>> {
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, ${t === 'tenants' ? 'id' : 'tenant_id'}::text as tenant, count(*)::int as n from "${t}" where ${whereTenant(t, tenantIds)} group by 2`,
  );
  const rows = await queryRows<{ t: string; tenant: string; n: number }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [`${r.t}/${r.tenant}`, r.n]));
}

/** A hash of every row of one tenant per table ('table' -> 'count:md5'), in one query. */
export async function contentHashes(db: Db, tables: string[], tenantId: string): Promise<Record<string, string>> {
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x where ${whereTenant(t, [tenantId])}`,
  );
  const rows = await queryRows<{ t: string; h: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The keys whose values differ between two snapshots. */
export function changed<T>(before: Record<string, T>, after: Record<string, T>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).sort();
}

/** Ids of one tenant per table (tables with an `id` column), up to `perTable` each. */
export async function idPools(db: Db, tables: string[], tenantId: string, perTable = 1000): Promise<IdPools> {
  const withId = await queryRows<{ t: string }>(
    db,
    sql`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'`,
  );
  const has = new Set(withId.map((r) => r.t));
  const byTable: Record<string, string[]> = {};
  for (const t of tables.filter((x) => has.has(x))) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql.raw(`select id::text as id from "${t}" where ${whereTenant(t, [tenantId])} order by id limit ${perTable}`),
    );
    if (rows.length) byTable[t] = rows.map((r) => r.id);
  }
  return { byTable, all: [...new Set(Object.values(byTable).flat())] };
}

/** Tables of `tenantId` whose rows mention any of `needles` (ids of another church). */
export async function tablesMentioning(
  db: Db,
  tables: string[],
  tenantId: string,
  needles: string[],
): Promise<string[]> {
  if (needles.length === 0) return [];
  const pattern = needles.map((n) => n.replace(/[^0-9a-zA-Z-]/g, '')).join('|');
  const parts = tables.map(
    (t) => `select '${t}' as t from "${t}" x where ${whereTenant(t, [tenantId])} and x::text ~ '${pattern}'`,
  );
  const rows = await queryRows<{ t: string }>(db, sql.raw(`select distinct t from (${parts.join(' union all ')}) s`));
  return rows.map((r) => r.t).sort();
}
