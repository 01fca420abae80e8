/**
 * The public self check-in's phone lookup (issue 11 'Speed and reliability at the door': "Phone
 * lookup p99 under 20 ms with 100,000 people in the church and 1,000 churches in the database"),
 * `GET /searchmemberbyphone?searchtext=<phone>&&checkinId=<code>` through the real HTTP server on
 * PostgreSQL (bench/server.ts, which must lift CHECKIN_SEARCH_RATE_MAX and
 * CHECKIN_SEARCH_EVENT_RATE_MAX as it lifts the other limits; the three rate-limit counters are
 * still written on every lookup, as in production).
 *
 * 1. The data set (kept for BENCH_REUSE=1 when the sizes match, table `bench_checkin_lookup`):
 *    - the measured church signs up through the API and makes its event (category, event) and
 *      two groups through the API; its check-in set-up is made last, below;
 *    - in SQL (the bench measures the lookup, not the making): its BENCH_CHECKIN_PEOPLE people
 *      (default 100,000) with Nigerian mobile numbers written in mixed formats ('08031234567',
 *      '+234 803 123 4567', '2348031234567', '+2348031234567', '0803 123 4567'); in every ten
 *      people three share one phone (a family), two share another (a couple), four have their
 *      own, and one has its own or (one in four) none: 67,500 numbers, 20,000 of them shared;
 *      names, e-mails, addresses and birthdays for some; 48 more groups and memberships (30% in
 *      one of the set-up's two groups);
 *    - BENCH_CHECKIN_CHURCHES - 1 more churches (default 999) with BENCH_CHECKIN_OTHER_PEOPLE
 *      people each (default 500; one in twenty with a number the measured church also has);
 *    - BENCH_CHECKIN_PAST_SETUPS past check-in set-ups in every church (default 104: two years
 *      of Sundays), so that the set-up lookups search a realistic table;
 *    - then the set-up, through the API (multipart CreateAttendanceCheckIn as the existing client
 *      sends it), so that it is the newest row as a new set-up is; and VACUUM ANALYZE.
 * 2. Sequential lookups by the set-up's code (Steward's page): BENCH_CHECKIN_LOOKUPS phones of
 *    the church (default 500, at random) each typed in one of six formats at random, and
 *    BENCH_CHECKIN_MISSES numbers it does not have (default 100: half another church's, half
 *    nobody's), shuffled, after 50 warm-up lookups; then the same list by the set-up's id (what
 *    the existing client sends). Every answer is checked: a found phone answers all its people
 *    (at most CHECKIN_MAX_MATCHES), none without a personId; a miss answers the one empty entry.
 * 3. BENCH_CHECKIN_CLIENTS concurrent clients (default 10) of BENCH_CHECKIN_PER_CLIENT lookups
 *    each (default 100), each from its own loopback address (10 phones on mobile data), then all
 *    from one address (10 phones on the church's Wi-Fi behind one NAT address).
 * 4. Where the time goes: the HTTP lookup beside the same work called in this process on a pool
 *    of its own (the route's three rate-limit hits and searchByPhone; searchByPhone without the
 *    hits; the people query alone in its tenant transaction), taking turns.
 * 5. EXPLAIN (ANALYZE, BUFFERS) of the people query as the app runs it (role steward_app, the
 *    church set for row-level security), with the planner's own plan and the generic plan of a
 *    prepared statement, saying whether it uses people_phone_key_idx; and of the set-up's church
 *    lookup by id (attendance_id_tenant's statement).
 *
 * Runs as a part of `npm run bench` (BENCH_ONLY=checkin-lookup; see README.md).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { CHECKIN_MAX_MATCHES } from '@steward/contracts/attendance-public';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openDatabase, withTenant, type Tx } from '../src/db/client.ts';
import { peopleByPhoneKey } from '../src/modules/attendance/public-checkin-queries.ts';
import { phoneKey, searchByPhone } from '../src/modules/attendance/public-checkin-service.ts';
import { RateLimiter } from '../src/modules/auth/throttle.ts';
import { reuse } from './config.ts';
import { api, benchDatabaseUrl, envInt, signupBenchChurch } from './setup.ts';
import { ms, percentile, printTable, secondsSince } from './stats.ts';

const PEOPLE = envInt('BENCH_CHECKIN_PEOPLE', 100_000, 10);
const CHURCHES = envInt('BENCH_CHECKIN_CHURCHES', 1000);
const OTHER_PEOPLE = envInt('BENCH_CHECKIN_OTHER_PEOPLE', 500, 0);
const PAST_SETUPS = envInt('BENCH_CHECKIN_PAST_SETUPS', 104, 0);
const LOOKUPS = envInt('BENCH_CHECKIN_LOOKUPS', 500);
const MISSES = envInt('BENCH_CHECKIN_MISSES', 100, 2);
const CLIENTS = envInt('BENCH_CHECKIN_CLIENTS', 10);
const PER_CLIENT = envInt('BENCH_CHECKIN_PER_CLIENT', 100);
const WARM_UP = 50;
/** the goal of issue 11, ms */
const GOAL_MS = 20;
/** lookups of the in-process breakdown (each of the four ways) */
const BREAKDOWN = Math.min(300, LOOKUPS + MISSES);

/** Phone slots from this one up are nobody's (the misses); every slot must stay below 10^7. */
const NOBODY_SLOT = 9_000_000;

// ------------------------------------------------------------------ phones, names (SQL pieces)

/** Network codes of Nigerian mobile numbers after the trunk 0 (MTN, Glo, Airtel, 9mobile). */
// prettier-ignore
const PREFIXES = [
  '803', '806', '813', '816', '810', '814', '903', '906', '703', '706', '805', '807', '815', '811', '905',
  '802', '808', '812', '701', '708', '902', '907', '901', '912', '809', '817', '818', '909', '908', '704',
];

// prettier-ignore
const FIRST = [
  'Chinedu', 'Ngozi', 'Emeka', 'Aisha', 'Tunde', 'Funmilayo', 'Ibrahim', 'Chioma', 'Olumide', 'Amaka',
  'Segun', 'Halima', 'Obinna', 'Yetunde', 'Musa', 'Adaeze', 'Babatunde', 'Zainab', 'Ifeanyi', 'Bukola',
  'Kelechi', 'Hauwa', 'Damilola', 'Uche', 'Folake', 'Abdullahi', 'Nneka', 'Gbenga', 'Blessing', 'Chukwuma',
  'Temitope', 'Fatima', 'Oluwaseun', 'Ebere', 'Yusuf', 'Kemi', 'Nnamdi', 'Bisi', 'Ikenna', 'Amina',
];

// prettier-ignore
const LAST = [
  'Okafor', 'Adeyemi', 'Bello', 'Okonkwo', 'Balogun', 'Eze', 'Abubakar', 'Nwosu', 'Ogunleye', 'Ibrahim',
  'Obi', 'Adebayo', 'Chukwu', 'Olawale', 'Mohammed', 'Nwachukwu', 'Akinola', 'Usman', 'Onyekachi', 'Fashola',
  'Okoro', 'Adewale', 'Lawal', 'Uzor', 'Oyelaran', 'Danjuma', 'Ezeh', 'Afolabi', 'Nnadi', 'Ogbonna',
  'Salami', 'Ike', 'Ajayi', 'Umeh', 'Babangida', 'Okeke', 'Olatunji', 'Agu', 'Bakare', 'Nwankwo',
];

// prettier-ignore
const STREETS = [
  'Allen Avenue', 'Adeola Odeku Street', 'Awolowo Road', 'Herbert Macaulay Way', 'Ogui Road',
  'Aminu Kano Crescent', 'Opebi Road', 'Ring Road', 'Zik Avenue', 'Ahmadu Bello Way',
];

// prettier-ignore
const CITIES = [
  'Ikeja, Lagos', 'Victoria Island, Lagos', 'Ikoyi, Lagos', 'Yaba, Lagos', 'Enugu',
  'Wuse 2, Abuja', 'Ibadan', 'Port Harcourt', 'Benin City', 'Kaduna',
];

/** A SQL text[] literal of constant words (no quotes in them). */
const arr = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;

/** SQL: `list`[expression `i` mod its length], 1-based. */
const pickSql = (list: string[], i: string) => `(${arr(list)})[1 + ((${i}) % ${list.length})::int]`;

/**
 * SQL: the 10 digits (people.mobile_phone_key) of phone slot `s`: a network code by `s` mod 30,
 * then 7 digits (s * 7919 + 1234567) mod 10^7. Two slots below 10^7 never share a number.
 */
const keyOf = (s: string) =>
  `${pickSql(PREFIXES, s)} || lpad(((((${s})::bigint * 7919 + 1234567) % 10000000))::text, 7, '0')`;

/** SQL: the 10-digit number `k` as a person's record holds it, in format `f` (0-4). */
const writtenSql = (k: string, f: string) =>
  `case (${f}) % 5 when 0 then '0' || ${k}
     when 1 then '+234 ' || substr(${k}, 1, 3) || ' ' || substr(${k}, 4, 3) || ' ' || substr(${k}, 7)
     when 2 then '234' || ${k}
     when 3 then '+234' || ${k}
     else '0' || substr(${k}, 1, 3) || ' ' || substr(${k}, 4, 3) || ' ' || substr(${k}, 7) end`;

/** The number `k` (10 digits) as a visitor types it, in format `f` (0-5). */
function typed(k: string, f: number): string {
  const [a, b, c] = [k.slice(0, 3), k.slice(3, 6), k.slice(6)];
  switch (f) {
    case 0:
      return `0${k}`;
    case 1:
      return `+234 ${a} ${b} ${c}`;
    case 2:
      return `234${k}`;
    case 3:
      return `+234${k}`;
    case 4:
      return `0${a} ${b} ${c}`;
    default:
      return `+234 (0)${a} ${b} ${c}`;
  }
}

const FORMATS = 6;

/** A small seeded generator (mulberry32), so each run draws the same lookups. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ------------------------------------------------------------------ the data set

interface Church {
  tenantId: string;
  setupId: string;
  code: string;
}

const SIZES = JSON.stringify({ PEOPLE, CHURCHES, OTHER_PEOPLE, PAST_SETUPS });

/** The church kept by an earlier run with the same sizes (BENCH_REUSE=1), if its set-up is still there. */
async function keptChurch(pool: pg.Pool): Promise<Church | null> {
  await pool.query(
    `create table if not exists bench_checkin_lookup (
       sizes text primary key, tenant_id uuid not null, setup_id uuid not null, code text not null,
       made_at timestamptz not null default now())`,
  );
  if (!reuse) return null;
  const res = await pool.query<Church>(
    `select b.tenant_id as "tenantId", b.setup_id as "setupId", b.code
       from bench_checkin_lookup b
       join checkin_attendances ca on ca.tenant_id = b.tenant_id and ca.id = b.setup_id and ca.deleted_at is null
      where b.sizes = $1`,
    [SIZES],
  );
  return res.rows[0] ?? null;
}

interface NewChurch {
  baseUrl: string;
  token: string;
  tenantId: string;
  eventId: string;
  today: string;
  groups: { id: string; name: string }[];
}

/** Signs the church up and makes today's event and two groups through the API. */
async function churchThroughApi(baseUrl: string): Promise<NewChurch> {
  const { token, tenantId } = await signupBenchChurch(baseUrl, {
    churchName: 'Bench Check-in Church',
    part: 'lookup',
    phoneNumber: '+2348030000003',
  });
  const church = api(baseUrl, token);
  const categories = (await church.post('/api/EventCategory?name=Sunday%20Service', undefined)) as {
    id: string;
    name: string;
  }[];
  const category = categories.find((c) => c.name === 'Sunday Service');
  if (!category) throw new Error('the event category was not created');
  const today = new Date().toISOString().slice(0, 10);
  const event = (await church.post('/api/Events/CreateActivity', {
    activity: { date: today, eventCategoryId: category.id },
  })) as { currentEvent: { id: string } };
  const groups: { id: string; name: string }[] = [];
  for (const name of ['Main Church', 'Youth Church'])
    groups.push((await church.post('/api/CreateGroup', { name, description: '' })) as { id: string; name: string });
  return { baseUrl, token, tenantId, eventId: event.currentEvent.id, today, groups };
}

/**
 * Today's check-in set-up of the church's event for its two groups, through
 * POST /api/CheckInAttendance/CreateAttendanceCheckIn with the existing client's multipart body
 * (existing-client-api §4.1). Made last, so that it is the newest row, as a new set-up is.
 */
async function setupThroughApi(c: NewChurch): Promise<Church> {
  const form = new FormData();
  form.append('activityDate', `${c.today.slice(5, 7)}-${c.today.slice(8, 10)}-${c.today.slice(0, 4)}`);
  form.append('isPaidFor', 'false');
  form.append('activityId', c.eventId);
  form.append('enableRegistration', 'true');
  form.append('groupIDs', JSON.stringify(c.groups.map((g) => ({ ...g, children: [], displayCheck: true }))));
  const res = await fetch(`${c.baseUrl}/api/CheckInAttendance/CreateAttendanceCheckIn`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${c.token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`CreateAttendanceCheckIn: ${res.status} ${text.slice(0, 300)}`);
  const created = (
    JSON.parse(text) as { returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] } }
  ).returnObject.checkInAttendanceResult[0]!;
  return { tenantId: c.tenantId, setupId: created.id, code: created.attendanceCode };
}

/** Makes the data set (see the file's comment); answers the measured church. */
async function makeDataSet(baseUrl: string, pool: pg.Pool): Promise<Church> {
  if (PEOPLE + CHURCHES * OTHER_PEOPLE >= NOBODY_SLOT)
    throw new Error(
      'BENCH_CHECKIN_PEOPLE + BENCH_CHECKIN_CHURCHES x BENCH_CHECKIN_OTHER_PEOPLE must stay below 9,000,000',
    );
  const started = performance.now();
  const church = await churchThroughApi(baseUrl);
  const t = church.tenantId;
  const step = async (what: string, text: string, values: unknown[]) => {
    const t0 = performance.now();
    const res = await pool.query(text, values);
    console.log(`  ${what}: ${res.rowCount ?? 0} rows, ${secondsSince(t0)} s`);
    return res;
  };
  console.log(`\ncheck-in lookup: making the data set (${SIZES})`);

  // the church's people: in each ten, 3 share a phone, 2 share another, 5 have their own (one in
  // forty of the tenth none); the record's format by person, so a family's members differ
  await step(
    'people of the measured church',
    `insert into people (tenant_id, first_name, last_name, email, mobile_phone, home_address, day_of_birth, month_of_birth)
     select $1, n.first, n.last,
            case when i % 5 < 3 then lower(n.first) || '.' || lower(n.last) || i || '@bench.example' end,
            case when s.nophone then null else ${writtenSql('k.key', 'i')} end,
            case when i % 2 = 0 then (1 + i % 150) || ' ' || ${pickSql(STREETS, 'i / 2')} || ', ' || ${pickSql(CITIES, 's.slot')} end,
            case when i % 5 < 2 then 1 + i % 28 end,
            case when i % 5 < 2 then 1 + (i / 5) % 12 end
       from generate_series(1, $2::int) i
       cross join lateral (select ((i - 1) / 10) * 10 as b, (i - 1) % 10 as k) bk
       cross join lateral (select case when bk.k < 3 then bk.b + 1 when bk.k < 5 then bk.b + 4 else bk.b + bk.k + 1 end as slot,
                                  bk.k = 9 and (bk.b / 10) % 4 = 0 as nophone) s
       cross join lateral (select ${keyOf('s.slot')} as key) k
       cross join lateral (select ${pickSql(FIRST, 'i * 7 + s.slot')} as first, ${pickSql(LAST, 's.slot * 13')} as last) n`,
    [t, PEOPLE],
  );
  await step(
    'more groups of the measured church',
    `insert into groups (tenant_id, name) select $1, 'Cell Group ' || g from generate_series(1, 48) g`,
    [t],
  );
  // 15% in each of the set-up's groups, the rest in a cell group; 30% in a second cell group
  await step(
    'group memberships',
    `insert into group_members (tenant_id, group_id, person_id)
     select p.tenant_id,
            case when p.h % 100 < 15 then $2::uuid when p.h % 100 < 30 then $3::uuid else g.ids[1 + p.h % g.n] end, p.id
       from (select tenant_id, id, (hashtext(id::text) & 2147483647) as h from people where tenant_id = $1) p,
            (select array_agg(id) as ids, count(*)::int as n from groups
              where tenant_id = $1 and id <> all (array[$2::uuid, $3::uuid])) g
     union all
     select p.tenant_id, g.ids[1 + (p.h / 1000) % g.n], p.id
       from (select tenant_id, id, (hashtext(id::text) & 2147483647) as h from people where tenant_id = $1) p,
            (select array_agg(id) as ids, count(*)::int as n from groups
              where tenant_id = $1 and id <> all (array[$2::uuid, $3::uuid])) g
      where (p.h / 100) % 10 < 3
     on conflict do nothing`,
    [t, church.groups[0]!.id, church.groups[1]!.id],
  );

  // the other churches and their people; one in twenty of their numbers is also the measured church's
  const others = await step(
    'other churches',
    `insert into tenants (id, church_name, country_code, currency_code)
     select gen_random_uuid(), 'Bench Lookup Church ' || n, 'NG', 'NGN' from generate_series(1, $1::int) n
     returning id`,
    [CHURCHES - 1],
  );
  const otherIds = (others.rows as { id: string }[]).map((r) => r.id);
  if (OTHER_PEOPLE > 0)
    await step(
      'people of the other churches',
      `insert into people (tenant_id, first_name, last_name, email, mobile_phone)
       select t.id, n.first, n.last,
              case when j % 3 = 0 then lower(n.first) || '.' || lower(n.last) || j || '@bench.example' end,
              ${writtenSql('k.key', 'j + t.n::int')}
         from unnest($1::uuid[]) with ordinality as t(id, n)
         cross join generate_series(1, $2::int) j
         cross join lateral (select case when j <= $2::int / 20 then 1 + ((t.n * 7919 + j * 104729) % $3::bigint)
                                         else $3::bigint + 1 + (t.n - 1) * $2::int + (j - 1) end as slot) s
         cross join lateral (select ${keyOf('s.slot')} as key) k
         cross join lateral (select ${pickSql(FIRST, 'j * 11 + t.n')} as first, ${pickSql(LAST, 'j * 17 + t.n * 3')} as last) n`,
      [otherIds, OTHER_PEOPLE, PEOPLE],
    );

  // every church's past Sundays, each with a check-in set-up closed at its cut-off
  await step(
    'event categories of the other churches',
    `insert into event_categories (tenant_id, name) select id, 'Sunday Service' from unnest($1::uuid[]) id`,
    [otherIds],
  );
  if (PAST_SETUPS > 0)
    await step(
      'past events with their check-in set-ups',
      `with a as (
         insert into activities (tenant_id, event_category_id, name, activity_date)
         select c.tenant_id, c.id, c.name, current_date - 7 * w
           from event_categories c cross join generate_series(1, $2::int) w
          where c.tenant_id = any ($1::uuid[]) and c.name = 'Sunday Service'
         returning tenant_id, id, activity_date)
       insert into checkin_attendances (tenant_id, attendance_code, activity_id, check_in_cut_off_time)
       select tenant_id, substr(md5(id::text), 1, 10), id, activity_date + time '12:00' from a`,
      [[t, ...otherIds], PAST_SETUPS],
    );
  const made = await setupThroughApi(church);
  const t0 = performance.now();
  await pool.query(
    `vacuum analyze tenants, people, groups, group_members, event_categories, activities, checkin_attendances,
                    checkin_attendance_groups`,
  );
  console.log(`  vacuum analyze: ${secondsSince(t0)} s`);
  await pool.query('delete from bench_checkin_lookup where sizes = $1', [SIZES]);
  await pool.query('insert into bench_checkin_lookup (sizes, tenant_id, setup_id, code) values ($1, $2, $3, $4)', [
    SIZES,
    t,
    made.setupId,
    made.code,
  ]);
  console.log(`  data set made in ${secondsSince(started)} s`);
  return made;
}

// ------------------------------------------------------------------ the lookups

interface Lookup {
  /** the 10 digits */
  key: string;
  /** what the visitor types */
  text: string;
  /** people the answer must list (0: a miss, answered by the one empty entry) */
  expect: number;
  /** people of the church with this number (before the CHECKIN_MAX_MATCHES cut) */
  holders: number;
}

/** The phones looked up: LOOKUPS of the church's (at random), MISSES it does not have; shuffled, random formats. */
async function lookups(pool: pg.Pool, tenantId: string): Promise<Lookup[]> {
  const found = await pool.query<{ key: string; n: number }>(
    `select mobile_phone_key as key, count(*)::int as n from people
      where tenant_id = $1 and mobile_phone_key is not null
      group by mobile_phone_key order by md5(mobile_phone_key) limit $2`,
    [tenantId, LOOKUPS],
  );
  const elsewhere = await pool.query<{ key: string }>(
    `select key from (select distinct p.mobile_phone_key as key from people p
                       where p.tenant_id <> $1 and p.mobile_phone_key is not null
                         and not exists (select 1 from people m where m.tenant_id = $1 and m.mobile_phone_key = p.mobile_phone_key)) d
      order by md5(key) limit $2`,
    [tenantId, Math.floor(MISSES / 2)],
  );
  const nobody = await pool.query<{ key: string }>(
    `select ${keyOf('s')} as key from generate_series(${NOBODY_SLOT}, ${NOBODY_SLOT} + $1::int - 1) s`,
    [MISSES - elsewhere.rows.length],
  );
  const rand = random(11);
  const all: Lookup[] = [
    ...found.rows.map((r) => ({ key: r.key, expect: Math.min(r.n, CHECKIN_MAX_MATCHES), holders: r.n })),
    ...[...elsewhere.rows, ...nobody.rows].map((r) => ({ key: r.key, expect: 0, holders: 0 })),
  ].map((l) => ({ ...l, text: typed(l.key, Math.floor(rand() * FORMATS)) }));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A client of the server (node:http, one keep-alive connection) from `localAddress` (a loopback
 * address: the server sees each client as another address). Answers a GET function.
 */
function client(baseUrl: string, localAddress: string): (path: string) => Promise<Answer> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'GET',
          agent,
          localAddress,
          headers: { accept: 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
}

/** The path of a lookup as the existing client writes it (`&&` between the parameters). */
const lookupPath = (l: Lookup, checkinId: string) =>
  `/searchmemberbyphone?searchtext=${encodeURIComponent(l.text)}&&checkinId=${encodeURIComponent(checkinId)}`;

/** Whether `a` is the right answer to `l`: all its people (a miss: the one entry without a person). */
function rightAnswer(l: Lookup, a: Answer): boolean {
  if (a.status !== 200) return false;
  const rows = JSON.parse(a.body) as { personId: string | null }[];
  if (l.expect === 0) return rows.length === 1 && rows[0]!.personId === null;
  return rows.length === l.expect && rows.every((r) => typeof r.personId === 'string');
}

interface Timed {
  lookup: Lookup;
  ms: number;
  status: number;
  right: boolean;
}

const LIMITS_HELP =
  'the bench server limits the phone search: add CHECKIN_SEARCH_RATE_MAX and CHECKIN_SEARCH_EVENT_RATE_MAX ' +
  "('1000000') to the config of bench/server.ts, beside PUBLIC_RATE_MAX";

/** One lookup, timed and checked; a 429 stops the bench with what to change. */
async function timed(get: (path: string) => Promise<Answer>, l: Lookup, checkinId: string): Promise<Timed> {
  const t = performance.now();
  const a = await get(lookupPath(l, checkinId));
  const took = performance.now() - t;
  if (a.status === 429) throw new Error(`GET /searchmemberbyphone answered 429: ${LIMITS_HELP}`);
  return { lookup: l, ms: took, status: a.status, right: rightAnswer(l, a) };
}

/** A table row: what, how many, p50/p95/p99/max, wrong answers, goal (p99 < GOAL_MS). */
function row(name: string, runs: Timed[], extra: string[] = []): string[] {
  const v = runs.map((r) => r.ms);
  const p99 = percentile(v, 0.99);
  return [
    name,
    String(v.length),
    ms(percentile(v, 0.5)),
    ms(percentile(v, 0.95)),
    ms(p99),
    ms(Math.max(...v)),
    ...extra,
    String(runs.filter((r) => !r.right).length),
    p99 < GOAL_MS ? 'yes' : 'no',
  ];
}

/** `clients` clients at once, each from `addresses[k % addresses.length]`, each running its share of `list`. */
async function concurrent(
  baseUrl: string,
  list: Lookup[],
  checkinId: string,
  clients: number,
  addresses: string[],
): Promise<{ runs: Timed[]; seconds: number }> {
  const runs: Timed[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      const get = client(baseUrl, addresses[k % addresses.length]!);
      for (let i = k; i < list.length; i += clients) runs.push(await timed(get, list[i]!, checkinId));
    }),
  );
  return { runs, seconds: (performance.now() - started) / 1000 };
}

// ------------------------------------------------------------------ the plans

/** The SQL text and parameters of the people query for `key`, exactly as peopleByPhoneKey sends it. */
async function peopleQuery(tenantId: string, key: string): Promise<{ text: string; params: unknown[] }> {
  let captured: SQL | undefined;
  const capture = {
    execute: (q: SQL) => {
      captured = q;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Tx;
  await peopleByPhoneKey(capture, tenantId, key, CHECKIN_MAX_MATCHES);
  if (!captured) throw new Error('peopleByPhoneKey sent no statement');
  const q = new PgDialect().sqlToQuery(captured);
  return { text: q.sql, params: q.params };
}

/** EXPLAIN (ANALYZE, BUFFERS) lines of `text` as the app runs it: role steward_app, the church set. */
async function explainAsApp(
  pool: pg.Pool,
  tenantId: string,
  text: string,
  params: unknown[],
  generic: boolean,
): Promise<string[]> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true), set_config('role', 'steward_app', true)`, [tenantId]);
    if (!generic) {
      const res = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
      return res.rows.map((r) => r['QUERY PLAN']);
    }
    // a prepared statement's generic plan (what a statement prepared by the app may settle on)
    await c.query(`set local plan_cache_mode = force_generic_plan`);
    await c.query(`prepare bench_checkin_lookup_plan as ${text}`);
    try {
      const args = params.map((p) => (typeof p === 'number' ? String(p) : c.escapeLiteral(String(p)))).join(', ');
      const res = await c.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute bench_checkin_lookup_plan(${args})`,
      );
      return res.rows.map((r) => r['QUERY PLAN']);
    } finally {
      await c.query('deallocate bench_checkin_lookup_plan');
    }
  } finally {
    await c.query('rollback').catch(() => undefined);
    c.release();
  }
}

/** Prints a plan with a title and whether it names `index`. */
function printPlan(title: string, lines: string[], index: string): void {
  console.log(`\n${title}: ${lines.some((l) => l.includes(index)) ? `uses ${index}` : `does NOT use ${index}`}\n`);
  for (const l of lines) console.log(`    ${l}`);
}

// ------------------------------------------------------------------ the part

/** The check-in phone lookup part of the bench (see the file's comment). */
export async function benchCheckinLookup(baseUrl: string, pool: pg.Pool): Promise<void> {
  const kept = await keptChurch(pool);
  if (kept) console.log('\ncheck-in lookup: reusing the data set of an earlier run (BENCH_REUSE=1, same sizes)');
  const church = kept ?? (await makeDataSet(baseUrl, pool));
  const { tenantId, setupId, code } = church;

  const counts = (
    await pool.query<{
      churches: number;
      people: number;
      mine: number;
      phones: number;
      shared: number;
      setups: number;
    }>(
      `select (select count(*)::int from tenants) as churches,
              (select count(*)::int from people) as people,
              (select count(*)::int from people where tenant_id = $1) as mine,
              (select count(distinct mobile_phone_key)::int from people where tenant_id = $1) as phones,
              (select count(*)::int from (select 1 from people where tenant_id = $1 and mobile_phone_key is not null
                                           group by mobile_phone_key having count(*) > 1) s) as shared,
              (select count(*)::int from checkin_attendances) as setups`,
      [tenantId],
    )
  ).rows[0]!;
  const list = await lookups(pool, tenantId);
  const hits = list.filter((l) => l.expect > 0);
  const fmt = (n: number) => n.toLocaleString('en');
  console.log(
    `\ncheck-in lookup: ${fmt(counts.churches)} churches, ${fmt(counts.people)} people and ${fmt(counts.setups)} check-in set-ups ` +
      `in the database; the measured church has ${fmt(counts.mine)} people with ${fmt(counts.phones)} phone numbers ` +
      `(${fmt(counts.shared)} shared by a family or couple); ${hits.length} of its numbers looked up ` +
      `(${hits.filter((l) => l.holders > 1).length} shared), ${list.length - hits.length} misses, typed as ` +
      `'08031234567', '+234 803 123 4567', '2348031234567', '+2348031234567', '0803 123 4567' or '+234 (0)803 123 4567'`,
  );

  // 2. sequential, by code then by id, one address
  const one = client(baseUrl, '127.0.0.2');
  for (let i = 0; i < WARM_UP; i++) await timed(one, list[i % list.length]!, code);
  const byCode: Timed[] = [];
  for (const l of list) byCode.push(await timed(one, l, code));
  const byId: Timed[] = [];
  for (const l of list) byId.push(await timed(one, l, setupId));
  const head = ['lookups', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
  printTable(
    `Public check-in phone lookup (GET /searchmemberbyphone), one at a time, after ${WARM_UP} warm-up lookups; goal: p99 < ${GOAL_MS} ms`,
    [...head, 'wrong answers', 'goal met'],
    [
      row(
        'by code: found (random formats)',
        byCode.filter((r) => r.lookup.expect > 0),
      ),
      row(
        'by code: of which shared phones',
        byCode.filter((r) => r.lookup.holders > 1),
      ),
      row(
        'by code: not found',
        byCode.filter((r) => r.lookup.expect === 0),
      ),
      row('by code: all', byCode),
      row('by id (existing client): all', byId),
    ],
  );

  // 3. concurrent clients, each from its own address, then all behind one address
  const many: Lookup[] = Array.from({ length: CLIENTS * PER_CLIENT }, (_, i) => list[(i * 7) % list.length]!);
  const addresses = Array.from({ length: CLIENTS }, (_, k) => `127.0.0.${10 + (k % 240)}`);
  await concurrent(baseUrl, many.slice(0, CLIENTS * 5), code, CLIENTS, addresses); // warm-up of the new connections
  const apart = await concurrent(baseUrl, many, code, CLIENTS, addresses);
  const shared = await concurrent(baseUrl, many, code, CLIENTS, ['127.0.0.3']);
  printTable(
    `The lookup with ${CLIENTS} clients at once, ${PER_CLIENT} lookups each (by code; found and not found mixed); goal: p99 < ${GOAL_MS} ms`,
    [...head, 'lookups/s', 'wrong answers', 'goal met'],
    [
      row(`${CLIENTS} clients, ${CLIENTS} addresses (mobile data)`, apart.runs, [
        (apart.runs.length / apart.seconds).toFixed(0),
      ]),
      row(`${CLIENTS} clients, one address (church Wi-Fi)`, shared.runs, [
        (shared.runs.length / shared.seconds).toFixed(0),
      ]),
    ],
  );

  // 4. where the time goes: the same work in this process, on a pool of its own, taking turns
  const database = await openDatabase({ databaseUrl: benchDatabaseUrl(), dataDir: 'memory://' });
  try {
    const limiter = new RateLimiter(database.db);
    const address = '192.0.2.10'; // not an address of the HTTP runs
    const noLimits = { perEvent: () => Promise.resolve() };
    const withLimits = {
      perEvent: async (id: string) => void (await limiter.hit(`checkin-search-event:${id}`, 60)),
    };
    const ways: [string, (l: Lookup) => Promise<unknown>][] = [
      ['GET /searchmemberbyphone (HTTP, as above)', (l) => one(lookupPath(l, code))],
      [
        'the route without HTTP: 3 rate-limit hits + searchByPhone',
        async (l) => {
          await limiter.hit(`public:${address}`, 60);
          await limiter.hit(`checkin-search:${address}`, 60);
          return searchByPhone(database.db, code, l.text, withLimits);
        },
      ],
      ['searchByPhone without the rate-limit hits', (l) => searchByPhone(database.db, code, l.text, noLimits)],
      [
        'the people query alone, in its tenant transaction',
        (l) =>
          withTenant(database.db, tenantId, (tx) =>
            peopleByPhoneKey(tx, tenantId, phoneKey(l.text), CHECKIN_MAX_MATCHES),
          ),
      ],
    ];
    const samples = ways.map(() => [] as number[]);
    for (let i = 0; i < WARM_UP + BREAKDOWN; i++) {
      const l = list[(i * 3) % list.length]!;
      for (const [k, [, fn]] of ways.entries()) {
        const t = performance.now();
        await fn(l);
        if (i >= WARM_UP) samples[k]!.push(performance.now() - t);
      }
    }
    const httpP50 = percentile(samples[0]!, 0.5);
    printTable(
      `Where the lookup's time goes: the same ${BREAKDOWN} lookups four ways, taking turns (in this process on a pool of its own, except HTTP)`,
      ['way', 'p50 ms', 'p95 ms', 'p99 ms', 'share of the HTTP p50'],
      ways.map(([name], k) => [
        name,
        ms(percentile(samples[k]!, 0.5)),
        ms(percentile(samples[k]!, 0.95)),
        ms(percentile(samples[k]!, 0.99)),
        `${Math.round((percentile(samples[k]!, 0.5) / httpP50) * 100)}%`,
      ]),
    );
  } finally {
    await database.close();
  }

  // 5. the plans
  const shown = hits.find((l) => l.holders === 3) ?? hits[0]!;
  const q = await peopleQuery(tenantId, shown.key);
  printPlan(
    `EXPLAIN (ANALYZE, BUFFERS) of the people query (peopleByPhoneKey) for a number shared by ${shown.holders}, as the app runs it (role steward_app, church set), planned for its values`,
    await explainAsApp(pool, tenantId, q.text, q.params, false),
    'people_phone_key_idx',
  );
  printPlan(
    'The same as a prepared statement with a generic plan (plan_cache_mode = force_generic_plan)',
    await explainAsApp(pool, tenantId, q.text, q.params, true),
    'people_phone_key_idx',
  );
  // attendance_id_tenant's statement (migration 0020), run as its owner: the id lookup of the existing client
  const byIdPlan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) select tenant_id from checkin_attendances where id = $1 and deleted_at is null limit 1`,
    [setupId],
  );
  const idLines = byIdPlan.rows.map((r) => r['QUERY PLAN']);
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) of attendance_id_tenant's statement (the church of a set-up by its id; ${fmt(counts.setups)} set-ups): ` +
      `${idLines.some((l) => /Index|Bitmap/.test(l)) ? 'uses an index' : 'reads the whole table (no index on id alone)'}\n`,
  );
  for (const l of idLines) console.log(`    ${l}`);

  const seqP99 = percentile(
    byCode.map((r) => r.ms),
    0.99,
  );
  const conP99 = percentile(
    apart.runs.map((r) => r.ms),
    0.99,
  );
  const wrong = [...byCode, ...byId, ...apart.runs, ...shared.runs].filter((r) => !r.right).length;
  console.log(
    `\ncheck-in lookup goal (p99 < ${GOAL_MS} ms with ${fmt(counts.mine)} people in the church): ` +
      `${seqP99 < GOAL_MS ? 'met' : 'not met'} one at a time (p99 ${ms(seqP99)} ms), ` +
      `${conP99 < GOAL_MS ? 'met' : 'not met'} with ${CLIENTS} clients (p99 ${ms(conP99)} ms); wrong answers: ${wrong}`,
  );
}
