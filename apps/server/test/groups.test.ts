import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { NIL_ID, expectBadRequest } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Node {
  id: string;
  name: string;
  description: string | null;
  peopleInGroupsCount: number;
  children: Node[];
}

interface Detail {
  id: string;
  name: string;
  description: string | null;
  parentId: string | null;
  peopleInGroupsCount: number;
  childrenCount: number;
  descendantsCount: number;
}

async function createGroup(api: Client, body: Record<string, unknown>): Promise<Node> {
  const res = await api.post('/api/CreateGroup', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Node;
}

async function tree(api: Client): Promise<Node[]> {
  const res = await api.get('/api/GetAllGroupBasicInformation');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { response: { groupResonseDTO: Node[] } }).response.groupResonseDTO;
}

async function detail(api: Client, id: string): Promise<Detail> {
  const res = await api.get(`/api/Groups/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Detail;
}

/** Creates `n` members through the people API and puts them in `groupId` (the memberships by SQL). */
async function addMembers(api: Client, tenantId: string, groupId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await api.post('/api/People/CreateMember', { firstName: `Member${i}`, lastName: 'Test' });
    expect(res.statusCode, res.body).toBe(200);
    const personId = (res.json() as { returnObject: { id: string } }).returnObject.id;
    await queryRows(
      h.database.db,
      sql`insert into group_members (tenant_id, group_id, person_id) values (${tenantId}, ${groupId}, ${personId})`,
    );
  }
}

/** A church with Youth > (Choir > Altos, Ushers) and Adults, with members in Youth (1), Choir (2), Altos (3). */
async function threeLevels() {
  const c = await signupChurch(h.app);
  const api = client(h.app, c.token);
  const youth = await createGroup(api, { name: '  Youth  ', description: 'Under 30' });
  const adults = await createGroup(api, { name: 'Adults' });
  const choir = await createGroup(api, { name: 'Choir', description: '', parentId: youth.id });
  const ushers = await createGroup(api, { name: 'Ushers', parentId: youth.id });
  const altos = await createGroup(api, { name: 'Altos', parentId: choir.id });
  await addMembers(api, c.tenantId, youth.id, 1);
  await addMembers(api, c.tenantId, choir.id, 2);
  await addMembers(api, c.tenantId, altos.id, 3);
  return { c, api, youth, adults, choir, ushers, altos };
}

describe('group tree', () => {
  it('builds a three-level tree through CreateGroup and reads it back recursively, children by name, direct member counts', async () => {
    const { api, youth, adults, choir, ushers, altos } = await threeLevels();
    expect(youth).toEqual({
      id: youth.id,
      name: 'Youth',
      description: 'Under 30',
      peopleInGroupsCount: 0,
      children: [],
    });
    expect(choir.description).toBeNull();
    expect(await tree(api)).toEqual([
      { id: adults.id, name: 'Adults', description: null, peopleInGroupsCount: 0, children: [] },
      {
        id: youth.id,
        name: 'Youth',
        description: 'Under 30',
        peopleInGroupsCount: 1,
        children: [
          {
            id: choir.id,
            name: 'Choir',
            description: null,
            peopleInGroupsCount: 2,
            children: [{ id: altos.id, name: 'Altos', description: null, peopleInGroupsCount: 3, children: [] }],
          },
          { id: ushers.id, name: 'Ushers', description: null, peopleInGroupsCount: 0, children: [] },
        ],
      },
    ]);
    const res = await api.get('/api/GetAllGroupBasicInformation');
    expect((res.json() as { status: boolean }).status).toBe(true);
  });

  it('answers an empty tree for a church without groups', async () => {
    const c = await signupChurch(h.app);
    expect(await tree(client(h.app, c.token))).toEqual([]);
  });

  it('GET /api/Groups/{id} gives the parent id and counts', async () => {
    const { api, youth, choir } = await threeLevels();
    expect(await detail(api, youth.id)).toEqual({
      id: youth.id,
      name: 'Youth',
      description: 'Under 30',
      parentId: null,
      peopleInGroupsCount: 1,
      childrenCount: 2,
      descendantsCount: 3,
    });
    expect(await detail(api, choir.id)).toMatchObject({ parentId: youth.id, peopleInGroupsCount: 2, childrenCount: 1 });
  });
});

describe('create group', () => {
  it('refuses a sibling with the same name in any case (400 naming name, nothing written) but allows it under another parent', async () => {
    const { c, api, youth, adults } = await threeLevels();
    const before = await countRows(h.database, 'groups', c.tenantId);
    expectBadRequest(await api.post('/api/CreateGroup', { name: 'CHOIR', parentId: youth.id }), 'name');
    expectBadRequest(await api.post('/api/CreateGroup', { name: 'adults ' }), 'name');
    expect(await countRows(h.database, 'groups', c.tenantId)).toBe(before);
    const other = await createGroup(api, { name: 'Choir', parentId: adults.id });
    expect(other.name).toBe('Choir');
    // a top-level group may share a name with a nested one
    await createGroup(api, { name: 'Choir', parentId: null });
    await createGroup(api, { name: 'Altos', parentId: NIL_ID });
    expect(await countRows(h.database, 'groups', c.tenantId)).toBe(before + 3);
  });

  it('refuses a blank, missing, oversize or multi-line name and an oversize description (400 naming the field)', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'a\nb' }, { name: 7 }])
      expectBadRequest(await api.post('/api/CreateGroup', body), 'name');
    expectBadRequest(await api.post('/api/CreateGroup', { name: 'A', description: 'd'.repeat(501) }), 'description');
    expectBadRequest(await api.post('/api/CreateGroup', { name: 'A', parentId: 'not-an-id' }), 'parentId');
    expect(await countRows(h.database, 'groups', c.tenantId)).toBe(0);
    const ok = await createGroup(api, { name: 'x'.repeat(100), description: 'd'.repeat(500) });
    expect(ok.name).toHaveLength(100);
  });

  it('answers 404 for an unknown parent or another church\u2019s group, and writes nothing', async () => {
    const a = await threeLevels();
    const b = await signupChurch(h.app);
    const apiB = client(h.app, b.token);
    for (const parentId of [a.youth.id, '11111111-1111-4111-8111-111111111111']) {
      const res = await apiB.post('/api/CreateGroup', { name: 'Sneaky', parentId });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await countRows(h.database, 'groups', b.tenantId)).toBe(0);
  });
});

describe('edit, move, delete', () => {
  it('renames a group and replaces its description; a sibling name is refused', async () => {
    const { api, youth, choir } = await threeLevels();
    const res = await api.put(`/api/Groups/${choir.id}`, { name: ' Main Choir ', description: 'Sunday choir' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      returnObject: { id: choir.id, name: 'Main Choir', description: 'Sunday choir', parentId: youth.id },
    });
    // same name in another case is allowed for the group itself
    expect((await api.put(`/api/Groups/${choir.id}`, { name: 'MAIN CHOIR' })).statusCode).toBe(200);
    expect((await detail(api, choir.id)).description).toBeNull();
    expectBadRequest(await api.put(`/api/Groups/${choir.id}`, { name: 'ushers' }), 'name');
    expectBadRequest(await api.put(`/api/Groups/${choir.id}`, { name: '' }), 'name');
    expect((await detail(api, choir.id)).name).toBe('MAIN CHOIR');
  });

  it('moves a group with its sub-tree, to the top level and back; refuses itself or a descendant as parent', async () => {
    const { api, youth, adults, choir, altos } = await threeLevels();
    const res = await api.put(`/api/Groups/${choir.id}/move`, { parentId: adults.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ returnObject: { parentId: adults.id, descendantsCount: 1 } });
    const t = await tree(api);
    expect(t.find((g) => g.id === adults.id)!.children.map((g) => g.id)).toEqual([choir.id]);
    expect(t.find((g) => g.id === adults.id)!.children[0]!.children.map((g) => g.id)).toEqual([altos.id]);
    expect(t.find((g) => g.id === youth.id)!.children.map((g) => g.name)).toEqual(['Ushers']);

    const top = await api.put(`/api/Groups/${choir.id}/move`, { parentId: null });
    expect(top.statusCode, top.body).toBe(200);
    expect((await tree(api)).map((g) => g.name)).toEqual(['Adults', 'Choir', 'Youth']);

    expectBadRequest(await api.put(`/api/Groups/${choir.id}/move`, {}), 'parentId');
    expectBadRequest(await api.put(`/api/Groups/${choir.id}/move`, { parentId: 'x' }), 'parentId');
    expectBadRequest(await api.put(`/api/Groups/${choir.id}/move`, { parentId: choir.id }), 'parentId');
    expectBadRequest(await api.put(`/api/Groups/${choir.id}/move`, { parentId: altos.id }), 'parentId');
    await api.put(`/api/Groups/${choir.id}/move`, { parentId: youth.id });
    expectBadRequest(await api.put(`/api/Groups/${youth.id}/move`, { parentId: altos.id }), 'parentId');
    expect((await detail(api, youth.id)).parentId).toBeNull();
  });

  it('refuses a move that would give two siblings the same name', async () => {
    const { api, adults, youth } = await threeLevels();
    await createGroup(api, { name: 'Ushers', parentId: adults.id });
    const ushers = (await tree(api)).find((g) => g.id === youth.id)!.children.find((g) => g.name === 'Ushers')!;
    expectBadRequest(await api.put(`/api/Groups/${ushers.id}/move`, { parentId: adults.id }), 'name');
    expect((await detail(api, ushers.id)).parentId).toBe(youth.id);
  });

  it('refuses to delete a group with sub-groups (409), or with members unless force=true, which removes the memberships too', async () => {
    const { c, api, youth, choir, altos, ushers } = await threeLevels();
    const withChildren = await api.delete(`/api/Groups/${youth.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({ status: false, returnObject: { childrenCount: 2 } });
    expect((withChildren.json() as { response: string }).response).toMatch(/move or delete them first/);

    const withMembers = await api.delete(`/api/Groups/${altos.id}`);
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json()).toMatchObject({ returnObject: { membersCount: 3 } });
    expect((withMembers.json() as { response: string }).response).toContain('3 members');
    expect(await countRows(h.database, 'group_members', c.tenantId)).toBe(6);

    const forced = await api.delete(`/api/Groups/${altos.id}?force=true`);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({
      status: true,
      returnObject: { id: altos.id, groupsDeleted: 1, membershipsRemoved: 3 },
    });
    expect(await countRows(h.database, 'group_members', c.tenantId)).toBe(3);
    expect(await countRows(h.database, 'people', c.tenantId)).toBeGreaterThanOrEqual(6);
    expect((await api.get(`/api/Groups/${altos.id}`)).statusCode).toBe(404);

    const empty = await api.delete(`/api/Groups/${ushers.id}`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ returnObject: { membershipsRemoved: 0 } });
    expect((await detail(api, choir.id)).childrenCount).toBe(0);
    expectBadRequest(await api.delete(`/api/Groups/${choir.id}?force=yes`), 'force');
  });

  it('with force=true deletes the group with its whole sub-tree and their memberships in one go; the people stay', async () => {
    const { c, api, adults, youth, choir, ushers, altos } = await threeLevels();
    const people = await countRows(h.database, 'people', c.tenantId);
    expect(await countRows(h.database, 'group_members', c.tenantId)).toBe(6);

    const res = await api.delete(`/api/Groups/${youth.id}?force=true`);
    expect(res.statusCode, res.body).toBe(200);
    // Youth, Choir, Altos, Ushers; memberships 1 + 2 + 3
    expect(res.json()).toMatchObject({
      status: true,
      returnObject: { id: youth.id, groupsDeleted: 4, membershipsRemoved: 6 },
    });
    expect((await tree(api)).map((g) => g.id)).toEqual([adults.id]);
    expect(await countRows(h.database, 'group_members', c.tenantId)).toBe(0);
    expect(await countRows(h.database, 'people', c.tenantId)).toBe(people);
    for (const gone of [youth, choir, ushers, altos])
      expect((await api.get(`/api/Groups/${gone.id}`)).statusCode).toBe(404);
  });
});

describe('isolation and sessions', () => {
  it('answers 404 for another church\u2019s group on every route, and changes nothing', async () => {
    const a = await threeLevels();
    const b = await signupChurch(h.app);
    const apiB = client(h.app, b.token);
    const own = await createGroup(apiB, { name: 'Mine' });
    const id = a.altos.id;
    expect((await apiB.get(`/api/Groups/${id}`)).statusCode).toBe(404);
    expect((await apiB.put(`/api/Groups/${id}`, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await apiB.put(`/api/Groups/${id}/move`, { parentId: null })).statusCode).toBe(404);
    expect((await apiB.put(`/api/Groups/${own.id}/move`, { parentId: id })).statusCode).toBe(404);
    expect((await apiB.delete(`/api/Groups/${id}?force=true`)).statusCode).toBe(404);
    expect((await tree(apiB)).map((g) => g.id)).toEqual([own.id]);
    expect(await detail(a.api, id)).toMatchObject({ name: 'Altos', parentId: a.choir.id, peopleInGroupsCount: 3 });
    expect((await detail(apiB, own.id)).parentId).toBeNull();
  });

  it('answers 401 without a session on every route', async () => {
    const anon = client(h.app, null);
    const id = '11111111-1111-4111-8111-111111111111';
    for (const res of [
      await anon.get('/api/GetAllGroupBasicInformation'),
      await anon.post('/api/CreateGroup', { name: 'X' }),
      await anon.get(`/api/Groups/${id}`),
      await anon.put(`/api/Groups/${id}`, { name: 'X' }),
      await anon.put(`/api/Groups/${id}/move`, { parentId: null }),
      await anon.delete(`/api/Groups/${id}`),
    ])
      expect(res.statusCode, res.body).toBe(401);
  });

  it('answers 400 naming id for a malformed id', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    expectBadRequest(await api.get('/api/Groups/nope'), 'id');
    expectBadRequest(await api.delete('/api/Groups/nope'), 'id');
  });
});

describe('OpenAPI', () => {
  it('documents every group route, the tree node as a named (recursive) schema', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/GetAllGroupBasicInformation'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/CreateGroup'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/Groups/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/Groups/{id}/move'] ?? {})).toEqual(['put']);
    expect(JSON.stringify(doc.paths['/api/CreateGroup'])).toContain('#/components/schemas/GroupNode');
  });
});
