import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Stage {
  id: string;
  name: string;
  isDefault: boolean;
  order: number;
}
interface Level {
  id: string;
  name: string;
  level: number;
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

async function stages(api: Client): Promise<Stage[]> {
  const res = await api.get('/firstimercycle');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; returnObject: Stage[] };
  expect(body.status).toBe(true);
  return body.returnObject;
}

async function levels(api: Client): Promise<Level[]> {
  const res = await api.get('/branching/hierarchies');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: Level[] }).returnObject;
}

/** Creates a stage with the existing client's exact body. */
async function addStage(api: Client, name: string, isDefault = false, createAsAGroup = false): Promise<Stage> {
  const res = await api.post('/firsttimercycle/create', { name, isDefault, createAsAGroup });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: Stage }).returnObject;
}

async function addLevel(api: Client, name: string, level: number): Promise<Level> {
  const res = await api.post('/branching/newhierarchy', { name, level });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: Level }).returnObject;
}

/** Removes whatever the sign-up seeded, so each test starts from an empty list. */
async function emptyChurch() {
  const c = await church();
  for (const s of await stages(c.api))
    expect((await c.api.delete(`/firsttimercycle/${s.id}/delete`)).statusCode).toBe(200);
  for (const l of await levels(c.api)) expect((await c.api.delete(`/branching/${l.id}/delete`)).statusCode).toBe(200);
  return c;
}

describe('guest life-cycle stages', () => {
  it('creates stages at the end, lists them by order, keeps one default', async () => {
    const { api } = await emptyChurch();
    const a = await addStage(api, 'Visited', true);
    const b = await addStage(api, ' Called ');
    expect(a).toMatchObject({ name: 'Visited', isDefault: true, order: 1 });
    expect(b).toMatchObject({ name: 'Called', isDefault: false, order: 2 });
    const c = await addStage(api, 'Joined', true);
    expect(c.order).toBe(3);
    const list = await stages(api);
    expect(list.map((s) => s.name)).toEqual(['Visited', 'Called', 'Joined']);
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([c.id]);

    // edit with the client's body: the item as received plus index, name, isDefault
    const res = await api.put(`/firsttimercycle/${b.id}/edit`, { ...b, index: 1, name: 'Phoned', isDefault: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = await stages(api);
    expect(after.find((s) => s.id === b.id)).toMatchObject({ name: 'Phoned', isDefault: true });
    expect(after.filter((s) => s.isDefault).length).toBe(1);
  });

  it('createAsAGroup also creates a top-level group; a group name clash is 400 on name', async () => {
    const { api, tenantId } = await emptyChurch();
    const before = await countRows(h.database, 'groups', tenantId);
    await addStage(api, 'Follow-up', false, true);
    expect(await countRows(h.database, 'groups', tenantId)).toBe(before + 1);
    await api.delete(`/firsttimercycle/${(await stages(api))[0]!.id}/delete`);
    const clash = await api.post('/firsttimercycle/create', {
      name: 'follow-up',
      isDefault: false,
      createAsAGroup: true,
    });
    expectBadRequest(clash, 'name');
    expect(await stages(api)).toEqual([]);
  });

  it('rejects duplicate and blank names on name', async () => {
    const { api } = await emptyChurch();
    const a = await addStage(api, 'Visited');
    expectBadRequest(await api.post('/firsttimercycle/create', { name: 'VISITED', isDefault: false }), 'name');
    expectBadRequest(await api.post('/firsttimercycle/create', { name: '   ', isDefault: false }), 'name');
    expectBadRequest(await api.post('/firsttimercycle/create', { name: 'x'.repeat(101), isDefault: false }), 'name');
    const b = await addStage(api, 'Called');
    expectBadRequest(
      await api.put(`/firsttimercycle/${b.id}/edit`, { ...b, name: 'visited', isDefault: false }),
      'name',
    );
    expectBadRequest(await api.put(`/firsttimercycle/${a.id}/edit`, { ...a, name: '' }), 'name');
  });

  it('reorders (normalised to 1..n) and deletes (gap closed)', async () => {
    const { api } = await emptyChurch();
    const [a, b, c] = [await addStage(api, 'A'), await addStage(api, 'B'), await addStage(api, 'C')];
    const res = await api.put('/firsttimercycle/orderstages', [
      { id: c!.id, order: 10, name: 'C' },
      { id: a!.id, order: 30, name: 'A' },
      { id: b!.id, order: 20, name: 'B' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stages(api)).map((s) => [s.name, s.order])).toEqual([
      ['C', 1],
      ['B', 2],
      ['A', 3],
    ]);
    expect((await api.delete(`/firsttimercycle/${b!.id}/delete`)).statusCode).toBe(200);
    expect((await stages(api)).map((s) => [s.name, s.order])).toEqual([
      ['C', 1],
      ['A', 2],
    ]);
    // incomplete or duplicated lists → 400, nothing changed
    expectBadRequest(await api.put('/firsttimercycle/orderstages', [{ id: a!.id, order: 1, name: 'A' }]), 'id');
    expectBadRequest(
      await api.put('/firsttimercycle/orderstages', [
        { id: a!.id, order: 1, name: 'A' },
        { id: a!.id, order: 2, name: 'A' },
      ]),
      '1.id',
    );
    expect((await stages(api)).map((s) => s.name)).toEqual(['C', 'A']);
  });

  it("another church's ids are 404 and change nothing", async () => {
    const one = await emptyChurch();
    const two = await emptyChurch();
    const mine = await addStage(one.api, 'Mine');
    const theirs = await addStage(two.api, 'Theirs');
    const reorder = await one.api.put('/firsttimercycle/orderstages', [
      { id: theirs.id, order: 1, name: 'Theirs' },
      { id: mine.id, order: 2, name: 'Mine' },
    ]);
    expect(reorder.statusCode, reorder.body).toBe(404);
    expect(await stages(one.api)).toEqual([mine]);
    expect(await stages(two.api)).toEqual([theirs]);
    expect((await one.api.put(`/firsttimercycle/${theirs.id}/edit`, { name: 'X', isDefault: true })).statusCode).toBe(
      404,
    );
    expect((await one.api.delete(`/firsttimercycle/${theirs.id}/delete`)).statusCode).toBe(404);
    expect(await stages(two.api)).toEqual([theirs]);
  });
});

describe('branch levels', () => {
  it('adds levels at max+1 whatever is sent, renames, reorders 0..n-1, deletes closing the gap', async () => {
    const { api } = await emptyChurch();
    const hq = await addLevel(api, 'Headquarters', 0);
    const region = await addLevel(api, 'Region', 7);
    const zone = await addLevel(api, 'Zone', 2);
    expect([hq.level, region.level, zone.level]).toEqual([0, 1, 2]);

    const edit = await api.put(`/branching/${region.id}/edit`, { ...region, name: 'Province', level: 9 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await levels(api)).map((l) => [l.name, l.level])).toEqual([
      ['Headquarters', 0],
      ['Province', 1],
      ['Zone', 2],
    ]);

    const res = await api.put('/branching/reorderlevels', [
      { id: zone.id, level: 0, name: 'Zone' },
      { id: hq.id, level: 1, name: 'Headquarters' },
      { id: region.id, level: 5, name: 'Province' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await levels(api)).map((l) => l.name)).toEqual(['Zone', 'Headquarters', 'Province']);

    expect((await api.delete(`/branching/${hq.id}/delete`)).statusCode).toBe(200);
    expect((await levels(api)).map((l) => [l.name, l.level])).toEqual([
      ['Zone', 0],
      ['Province', 1],
    ]);
  });

  it('rejects duplicate and blank names, incomplete lists, and foreign ids', async () => {
    const one = await emptyChurch();
    const two = await emptyChurch();
    const a = await addLevel(one.api, 'Area', 0);
    const b = await addLevel(one.api, 'Branch', 1);
    const theirs = await addLevel(two.api, 'Theirs', 0);
    expectBadRequest(await one.api.post('/branching/newhierarchy', { name: 'area', level: 2 }), 'name');
    expectBadRequest(await one.api.post('/branching/newhierarchy', { name: ' ', level: 2 }), 'name');
    expectBadRequest(await one.api.put(`/branching/${b.id}/edit`, { ...b, name: 'AREA' }), 'name');
    expectBadRequest(await one.api.put('/branching/reorderlevels', [{ id: a.id, level: 0, name: 'Area' }]), 'id');
    const foreign = await one.api.put('/branching/reorderlevels', [
      { id: b.id, level: 0, name: 'Branch' },
      { id: theirs.id, level: 1, name: 'Theirs' },
    ]);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(await levels(one.api)).toEqual([a, b]);
    expect((await one.api.put(`/branching/${theirs.id}/edit`, { ...theirs, name: 'X' })).statusCode).toBe(404);
    expect((await one.api.delete(`/branching/${theirs.id}/delete`)).statusCode).toBe(404);
    expect(await levels(two.api)).toEqual([theirs]);
  });
});

describe('life-cycle: sessions', () => {
  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    const id = '00000000-0000-0000-0000-000000000001';
    const calls = [
      anon.get('/firstimercycle'),
      anon.post('/firsttimercycle/create', { name: 'X', isDefault: false }),
      anon.put(`/firsttimercycle/${id}/edit`, { name: 'X', isDefault: false }),
      anon.delete(`/firsttimercycle/${id}/delete`),
      anon.put('/firsttimercycle/orderstages', []),
      anon.get('/branching/hierarchies'),
      anon.post('/branching/newhierarchy', { name: 'X', level: 0 }),
      anon.put(`/branching/${id}/edit`, { name: 'X' }),
      anon.delete(`/branching/${id}/delete`),
      anon.put('/branching/reorderlevels', []),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
  });
});
