/**
 * Child check-in at the door (issue 11 'Speed and reliability at the door'), through the real HTTP
 * server on PostgreSQL:
 *
 * 1. a church of BENCH_CHILD_FAMILIES families (default 20,000: a father with a mobile phone, a
 *    mother and three children each, so 100,000 people), today's event and a set-up with three
 *    rooms, made in SQL (the bench measures the door, not the set-up);
 * 2. one family of three at a time (BENCH_CHILD_SAMPLES times, after 10 warm-ups): the phone
 *    search, the check-in (its answer carries the labels) and the labels again (a reprint), each
 *    timed, and their sum: the goal is well under 2 s of server time for the whole;
 * 3. the door under load: BENCH_CHILD_KIOSKS kiosks (default 10) check BENCH_CHILD_CHECKINS
 *    families in (default 200) spread over BENCH_CHILD_SECONDS (default 60) — each kiosk starts a
 *    check-in at its own steady pace: search, check in two or three children, labels — then the
 *    same check-ins as fast as the kiosks can go (a fresh set-up). After each, SQL checks that
 *    nothing was lost or doubled: as many check-ins as answers, one attendance record per child,
 *    every record tied to its family's check-in, every code distinct for the day.
 *
 * Runs as a part of `npm run bench` (BENCH_ONLY=child-checkin; see README.md) or alone:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx apps/server/bench/child-checkin.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { api, envInt, prepareDatabase, rawPool, signupBenchChurch, startServer, type Api } from './setup.ts';
import { ms, percentile, printTable, secondsSince } from './stats.ts';

const FAMILIES = envInt('BENCH_CHILD_FAMILIES', 20_000);
const SAMPLES = envInt('BENCH_CHILD_SAMPLES', 100);
const KIOSKS = envInt('BENCH_CHILD_KIOSKS', 10);
const CHECKINS = envInt('BENCH_CHILD_CHECKINS', 200);
const SECONDS = envInt('BENCH_CHILD_SECONDS', 60, 0);

interface Family {
  id: string;
  phone: string;
  father: string;
  kids: string[];
}

interface Door {
  tenantId: string;
  token: string;
  activityId: string;
  rooms: string[];
  families: Family[];
}

/** Signs a church up, then makes its people, families, event and rooms in SQL. */
async function seedDoor(baseUrl: string, pool: pg.Pool): Promise<Door> {
  const started = performance.now();
  const { token, tenantId } = await signupBenchChurch(baseUrl, {
    churchName: 'Bench Door Church',
    part: 'door',
    phoneNumber: '+2348030000001',
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into families (tenant_id, family_name, home_phone)
       select $1, 'Family ' || i, '+23490' || right((10000000 + i)::text, 8) from generate_series(1, $2::int) i`,
      [tenantId, FAMILIES],
    );
    // five people a family: father (with the phone), mother, three children
    await client.query(
      `insert into people (tenant_id, first_name, last_name, mobile_phone, care_notes)
       select $1, r.first, 'Family ' || i,
              case when r.k = 1 then '+23490' || right((10000000 + i)::text, 8) end,
              case when r.k = 3 and i % 10 = 0 then 'Peanut allergy' end
         from generate_series(1, $2::int) i
         cross join (values (1, 'Father'), (2, 'Mother'), (3, 'Kemi'), (4, 'Tobi'), (5, 'Ada')) r(k, first)`,
      [tenantId, FAMILIES],
    );
    // fresh statistics, else the planner joins 100,000 people to 20,000 families by nested loop
    await client.query('analyze families; analyze people');
    await client.query(
      `insert into family_members (tenant_id, family_id, person_id, family_role)
       select $1, f.id, p.id,
              case p.first_name when 'Father' then 1 when 'Mother' then 2 when 'Tobi' then 3 else 4 end
         from families f join people p on p.tenant_id = f.tenant_id and p.last_name = f.family_name
        where f.tenant_id = $1`,
      [tenantId],
    );
    await client.query('analyze family_members');
    await client.query(
      `update families f set father_id = m.person_id
         from family_members m
        where m.tenant_id = f.tenant_id and m.family_id = f.id and m.family_role = 1 and f.tenant_id = $1`,
      [tenantId],
    );
    const category = await client.query<{ id: string }>(
      `insert into event_categories (tenant_id, name) values ($1, 'Sunday Service') returning id`,
      [tenantId],
    );
    const activity = await client.query<{ id: string }>(
      `insert into activities (tenant_id, event_category_id, name, activity_date)
       values ($1, $2, 'Sunday Service', (now() at time zone 'UTC')::date) returning id`,
      [tenantId, category.rows[0]!.id],
    );
    const rooms = await client.query<{ id: string }>(
      `insert into groups (tenant_id, name) select $1, n from unnest(array['Toddlers', 'Juniors', 'Seniors']) n
       returning id`,
      [tenantId],
    );
    await client.query('commit');
    const families = await client.query<{ id: string; phone: string; father: string; kids: string[] }>(
      `select f.id, f.home_phone as phone, f.father_id as father,
              array_agg(m.person_id::text order by m.person_id) filter (where m.family_role in (3, 4)) as kids
         from families f join family_members m on m.tenant_id = f.tenant_id and m.family_id = f.id
        where f.tenant_id = $1 group by f.tenant_id, f.id`,
      [tenantId],
    );
    console.log(
      `\nchild check-in: church of ${(FAMILIES * 5).toLocaleString('en')} people in ${FAMILIES.toLocaleString('en')} families made in ${secondsSince(started)} s`,
    );
    return {
      tenantId,
      token,
      activityId: activity.rows[0]!.id,
      rooms: rooms.rows.map((r) => r.id),
      families: families.rows,
    };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** A check-in set-up of the door's event with its three rooms; answers its id. */
async function newSetup(pool: pg.Pool, door: Door): Promise<string> {
  const res = await pool.query<{ id: string }>(
    `insert into checkin_attendances (tenant_id, attendance_code, activity_id)
     values ($1, 'B' || substr(md5(random()::text), 1, 11), $2) returning id`,
    [door.tenantId, door.activityId],
  );
  const id = res.rows[0]!.id;
  await pool.query(
    `insert into checkin_attendance_groups (tenant_id, checkin_attendance_id, group_id)
     select $1, $2, unnest($3::uuid[])`,
    [door.tenantId, id, door.rooms],
  );
  return id;
}

interface Timings {
  search: number[];
  checkin: number[];
  labels: number[];
  total: number[];
}

/**
 * One family at the door: the phone search (typed as a local number), the check-in of its first
 * `children` children (each to a room), then the labels again. Answers the code and the durations.
 */
async function oneFamily(church: Api, setupId: string, door: Door, f: Family, children: number, t: Timings) {
  const t0 = performance.now();
  const local = `0${f.phone.slice(4)}`;
  const found = (await church.get(
    `/api/ChildCheckin/families?search=${encodeURIComponent(local)}&checkInAttendanceId=${setupId}`,
  )) as { familyId: string }[];
  if (found[0]?.familyId !== f.id) throw new Error(`the search for ${local} did not find its family`);
  const t1 = performance.now();
  const res = (await church.post('/api/ChildCheckin/checkin', {
    checkInAttendanceId: setupId,
    familyId: f.id,
    checkedInByPersonId: f.father,
    children: f.kids
      .slice(0, children)
      .map((personId, i) => ({ personId, groupId: door.rooms[i % door.rooms.length] })),
  })) as { returnObject: { childCheckinId: string; securityCode: string; children: unknown[] } };
  const t2 = performance.now();
  await church.fetch(`/api/ChildCheckin/labels?childCheckinId=${res.returnObject.childCheckinId}`);
  const t3 = performance.now();
  t.search.push(t1 - t0);
  t.checkin.push(t2 - t1);
  t.labels.push(t3 - t2);
  t.total.push(t3 - t0);
  return res.returnObject.securityCode;
}

const emptyTimings = (): Timings => ({ search: [], checkin: [], labels: [], total: [] });

/** Picks `n` distinct families at random (seeded by position, so each run differs only in uuids). */
function pick(door: Door, n: number, offset: number): Family[] {
  const out: Family[] = [];
  const step = Math.max(1, Math.floor(door.families.length / n));
  for (let i = 0; i < n; i++) out.push(door.families[(offset + i * step) % door.families.length]!);
  return out;
}

/**
 * `kiosks` loops checking the families in, each taking the next family from a shared queue; with
 * `seconds` > 0 each kiosk starts its check-ins at a steady interval so the whole spans about
 * `seconds` seconds. Answers the codes, the durations, the errors and the wall time.
 */
async function door(
  church: Api,
  setupId: string,
  doorData: Door,
  families: Family[],
  kiosks: number,
  seconds: number,
): Promise<{ codes: string[]; t: Timings; errors: string[]; wall: number; children: number }> {
  const t = emptyTimings();
  const codes: string[] = [];
  const errors: string[] = [];
  let next = 0;
  let children = 0;
  const perKiosk = Math.ceil(families.length / kiosks);
  const interval = seconds > 0 ? (seconds * 1000) / perKiosk : 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: kiosks }, async (_, k) => {
      // kiosks start a little apart, as families arrive
      if (interval) await new Promise((r) => setTimeout(r, (interval * k) / kiosks));
      for (let round = 0; ; round++) {
        const i = next++;
        if (i >= families.length) return;
        const due = started + (interval * k) / kiosks + round * interval;
        const wait = due - performance.now();
        if (interval && wait > 0) await new Promise((r) => setTimeout(r, wait));
        const n = 2 + (i % 2);
        try {
          codes.push(await oneFamily(church, setupId, doorData, families[i]!, n, t));
          children += n;
        } catch (e) {
          errors.push(String(e).slice(0, 200));
        }
      }
    }),
  );
  return { codes, t, errors, wall: performance.now() - started, children };
}

/**
 * What the database holds for set-up `setupId` after a run: check-ins, records, distinct codes of
 * the day, records whose check-in is another family's, and children recorded twice (none can be:
 * unique index attendance_records_once).
 */
async function audit(pool: pg.Pool, tenantId: string, setupId: string) {
  const res = await pool.query<{
    checkins: number;
    codes: number;
    records: number;
    unlinked: number;
    doubled: number;
  }>(
    `select
       (select count(*)::int from child_checkins where tenant_id = $1 and checkin_attendance_id = $2) as checkins,
       (select count(distinct security_code)::int from child_checkins
         where tenant_id = $1 and checkin_attendance_id = $2) as codes,
       (select count(*)::int from attendance_records where tenant_id = $1 and checkin_attendance_id = $2) as records,
       (select count(*)::int from attendance_records r
          left join child_checkins c on c.tenant_id = r.tenant_id and c.id = r.child_checkin_id
          left join family_members m on m.tenant_id = r.tenant_id and m.family_id = c.family_id and m.person_id = r.person_id
         where r.tenant_id = $1 and r.checkin_attendance_id = $2 and m.id is null) as unlinked,
       (select count(*)::int from (select person_id from attendance_records
          where tenant_id = $1 and checkin_attendance_id = $2 group by person_id having count(*) > 1) d) as doubled`,
    [tenantId, setupId],
  );
  return res.rows[0]!;
}

const row = (name: string, v: number[]) => [
  name,
  String(v.length),
  ms(percentile(v, 0.5)),
  ms(percentile(v, 0.99)),
  ms(Math.max(...v)),
];

/** The child check-in part of the bench (see the file's comment). */
export async function benchChildCheckin(baseUrl: string, pool: pg.Pool): Promise<void> {
  const doorData = await seedDoor(baseUrl, pool);
  const church = api(baseUrl, doorData.token);

  // 2. one family of three at a time
  const single = await newSetup(pool, doorData);
  const warm = pick(doorData, 10, 7);
  for (const f of warm) await oneFamily(church, single, doorData, f, 3, emptyTimings());
  const t = emptyTimings();
  for (const f of pick(doorData, SAMPLES, 11)) await oneFamily(church, single, doorData, f, 3, t);
  printTable(
    `Child check-in of a family of three, one at a time (${SAMPLES} families after 10 warm-ups; church of ${(FAMILIES * 5).toLocaleString('en')} people); goal: search + check-in + labels well under 2 s`,
    ['step', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
    [
      row('phone search (GET /api/ChildCheckin/families)', t.search),
      row('check-in + labels (POST /api/ChildCheckin/checkin)', t.checkin),
      row('labels again (GET /api/ChildCheckin/labels)', t.labels),
      row('the three together', t.total),
    ],
  );

  // 3. the door under load, paced then as fast as possible
  const rows: string[][] = [];
  const checks: string[][] = [];
  for (const [name, seconds, offset] of [
    [`${KIOSKS} kiosks, ${CHECKINS} check-ins over ${SECONDS} s`, SECONDS, 13],
    [`${KIOSKS} kiosks, ${CHECKINS} check-ins at full speed`, 0, 17],
  ] as const) {
    const setupId = await newSetup(pool, doorData);
    const run = await door(church, setupId, doorData, pick(doorData, CHECKINS, offset), KIOSKS, seconds);
    const a = await audit(pool, doorData.tenantId, setupId);
    const ok =
      run.errors.length === 0 &&
      a.checkins === run.codes.length &&
      a.codes === a.checkins &&
      new Set(run.codes).size === run.codes.length &&
      a.records === run.children &&
      a.unlinked === 0 &&
      a.doubled === 0;
    rows.push([
      name,
      String(run.codes.length),
      String(run.errors.length),
      (run.wall / 1000).toFixed(1),
      ((run.codes.length / run.wall) * 60_000).toFixed(0),
      ms(percentile(run.t.checkin, 0.5)),
      ms(percentile(run.t.checkin, 0.99)),
      ms(percentile(run.t.total, 0.99)),
    ]);
    checks.push([
      name,
      String(a.checkins),
      String(a.codes),
      `${a.records} / ${run.children}`,
      String(a.unlinked),
      String(a.doubled),
      ok ? 'yes' : 'NO',
    ]);
    if (run.errors.length) console.log(`errors (${run.errors.length}), first: ${run.errors[0]}`);
  }
  printTable(
    'The door under load (each check-in: phone search, check-in of 2 or 3 children with labels, labels again)',
    ['run', 'check-ins', 'errors', 'seconds', 'per minute', 'check-in p50 ms', 'check-in p99 ms', 'all three p99 ms'],
    rows,
  );
  printTable(
    'What the database holds after each run (goal: none lost, none doubled, codes unique)',
    [
      'run',
      'check-ins',
      'distinct codes',
      'records / children sent',
      'records not of their family',
      'children twice',
      'goal met',
    ],
    checks,
  );
}

// run alone: `DATABASE_URL=… npx tsx apps/server/bench/child-checkin.ts`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const database = await prepareDatabase(false);
  await database.close();
  const server = await startServer();
  const pool = rawPool();
  try {
    await benchChildCheckin(server.baseUrl, pool);
  } finally {
    await pool.end();
    await server.close();
  }
  console.log(`\nchild check-in bench finished in ${secondsSince(started)} s`);
}
