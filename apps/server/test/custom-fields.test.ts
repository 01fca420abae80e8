import { sql } from 'drizzle-orm';
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

interface Field {
  id: string;
  label: string;
  controlType: number;
  entityType: number;
  parameterValues: string;
  order: number;
  tenantID: string;
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

/** Creates a field with the existing client's exact body (names, tenantID). */
async function save(api: Client, tenantID: string, body: Partial<Record<string, unknown>>): Promise<Field> {
  const res = await api.post('/api/CustomFields/SaveCustomFields', {
    entityType: 'Member',
    tenantID,
    label: 'Favourite hymn',
    parameterValues: '',
    controlType: 'Text',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Field;
}

/** Inserts `n` answers to a field as the migration role (the answers' own routes come later). */
async function addAnswers(tenantId: string, fieldId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await h.database.db.execute(
      sql`insert into custom_field_values (tenant_id, custom_field_id, entity_id, data)
          values (${tenantId}, ${fieldId}, gen_random_uuid(), ${'answer ' + i})`,
    );
}

describe('custom fields: pickers', () => {
  it('lists the control types and the customizable objects with their ids', async () => {
    const { api } = await church();
    const controls = await api.get('/api/CustomFields/GetAllControls');
    expect(controls.statusCode).toBe(200);
    expect(controls.json()).toEqual([
      { id: 0, name: 'Text' },
      { id: 1, name: 'DropdownList' },
      { id: 2, name: 'CheckBox' },
      { id: 3, name: 'DateTime' },
      { id: 4, name: 'Email' },
      { id: 5, name: 'Image' },
      { id: 6, name: 'Number' },
      { id: 11, name: 'MultiSelectDropdownList' },
    ]);
    const objects = await api.get('/api/CustomFields/GetCustomizableObjects');
    expect(objects.statusCode).toBe(200);
    expect((objects.json() as { name: string }[]).map((o) => o.name)).toEqual([
      'Member',
      'FirstTimers',
      'NewConverts',
      'Activity',
      'EventRegistrationForm',
      'CheckInAttendance',
    ]);
  });
});

describe('custom fields: create, edit, list', () => {
  it('creates a field of each control type from the client body (names) and appends it in order', async () => {
    const { api, tenantId } = await church();
    const cases: [string, number, string, string][] = [
      ['Text', 0, '', ''],
      ['DropdownList', 1, ' Choir , Ushers,,choir, Media ', 'Choir,Ushers,Media'],
      ['CheckBox', 2, 'ignored', ''],
      ['DateTime', 3, '', ''],
      ['Email', 4, '', ''],
      ['Image', 5, '', ''],
      ['Number', 6, '', ''],
      ['MultiSelectDropdownList', 11, 'Red,Blue', 'Red,Blue'],
    ];
    const made: Field[] = [];
    for (const [name, id, options, stored] of cases) {
      const f = await save(api, tenantId, { label: `  Field ${name} `, controlType: name, parameterValues: options });
      expect(f).toMatchObject({
        label: `Field ${name}`,
        controlType: id,
        entityType: 0,
        parameterValues: stored,
        order: made.length,
        tenantID: tenantId,
      });
      made.push(f);
    }
    const list = await api.get('/api/CustomFields/GetAllCustomFields');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(made);
  });

  it('edits with id strings (id as ?customAttributeID=, as the client omits it) or id in the body', async () => {
    const { api, tenantId } = await church();
    const f = await save(api, tenantId, { label: 'Department' });
    const res = await api.put(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`, {
      entityType: '4',
      tenantID: tenantId,
      label: 'Unit',
      controlType: '1',
      parameterValues: 'A,B,a',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: f.id,
      label: 'Unit',
      controlType: 1,
      entityType: 4,
      parameterValues: 'A,B',
    });
    const again = await api.put('/api/CustomFields/EditCustomFields', {
      id: f.id,
      entityType: '4',
      label: 'Unit name',
      controlType: '0',
      parameterValues: 'A,B',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ label: 'Unit name', controlType: 0, parameterValues: '' });
  });

  it('refuses an edit without an id (400 naming id) and changes nothing', async () => {
    const { api, tenantId } = await church();
    const f = await save(api, tenantId, { label: 'Keep me' });
    const res = await api.put('/api/CustomFields/EditCustomFields', {
      entityType: '0',
      label: 'Changed',
      controlType: '0',
      parameterValues: '',
    });
    expectBadRequest(res, 'id');
    const list = (await api.get('/api/CustomFields/GetAllCustomFields')).json() as Field[];
    expect(list.map((x) => x.label)).toEqual([f.label]);
  });

  it('filters the list by entity type and sorts by order then label', async () => {
    const { api, tenantId } = await church();
    await save(api, tenantId, { label: 'B member', entityType: 'Member' });
    await save(api, tenantId, { label: 'Check-in note', entityType: 'CheckInAttendance' });
    await save(api, tenantId, { label: 'A member', entityType: 'Member' });
    const members = (await api.get('/api/CustomFields/GetAllCustomFields?entityType=0')).json() as Field[];
    expect(members.map((x) => x.label)).toEqual(['B member', 'A member']);
    const checkin = (
      await api.get('/api/CustomFields/GetAllCustomFields?entityType=CheckInAttendance')
    ).json() as Field[];
    expect(checkin.map((x) => x.label)).toEqual(['Check-in note']);
  });

  it('refuses a duplicate label for the same entity (400 naming label) but allows it under another entity', async () => {
    const { api, tenantId } = await church();
    await save(api, tenantId, { label: 'Occupation', entityType: 'Member' });
    const before = await countRows(h.database, 'custom_fields', tenantId);
    const dup = await api.post('/api/CustomFields/SaveCustomFields', {
      entityType: 'Member',
      tenantID: tenantId,
      label: 'OCCUPATION ',
      parameterValues: '',
      controlType: 'Text',
    });
    expectBadRequest(dup, 'label');
    expect(await countRows(h.database, 'custom_fields', tenantId)).toBe(before);
    const other = await save(api, tenantId, { label: 'Occupation', entityType: 'FirstTimers' });
    expect(other.entityType).toBe(1);
  });

  it('refuses unknown control or entity types, empty labels and dropdowns without options, writing nothing', async () => {
    const { api, tenantId } = await church();
    const body = { entityType: 'Member', tenantID: tenantId, label: 'X', parameterValues: '', controlType: 'Text' };
    const cases: [Record<string, unknown>, string][] = [
      [{ controlType: 'Slider' }, 'controlType'],
      [{ controlType: '7' }, 'controlType'],
      [{ controlType: null }, 'controlType'],
      [{ entityType: 'Donor' }, 'entityType'],
      [{ entityType: '9' }, 'entityType'],
      [{ label: '   ' }, 'label'],
      [{ label: 'x'.repeat(101) }, 'label'],
      [{ controlType: 'DropdownList', parameterValues: ' , ,' }, 'parameterValues'],
      [{ controlType: 'MultiSelectDropdownList', parameterValues: '' }, 'parameterValues'],
    ];
    for (const [patch, field] of cases) {
      const res = await api.post('/api/CustomFields/SaveCustomFields', { ...body, ...patch });
      expectBadRequest(res, field);
    }
    expect(await countRows(h.database, 'custom_fields', tenantId)).toBe(0);
  });
});

describe('custom fields: reorder and delete', () => {
  it('reorders by the body (order = position) and refuses a foreign id with 404, changing nothing', async () => {
    const { api, tenantId } = await church();
    const a = await save(api, tenantId, { label: 'A' });
    const b = await save(api, tenantId, { label: 'B' });
    const c = await save(api, tenantId, { label: 'C' });
    const res = await api.post(
      '/api/CustomFields/ReorderCustomFields',
      [c, a, b].map((f, i) => ({ ...f, order: i })),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Field[]).map((f) => f.label)).toEqual(['C', 'A', 'B']);

    const other = await church();
    const foreign = await save(other.api, other.tenantId, { label: 'Theirs' });
    const bad = await api.post('/api/CustomFields/ReorderCustomFields', [
      { ...a, order: 0 },
      { ...foreign, order: 1 },
      { ...c, order: 2 },
    ]);
    expect(bad.statusCode, bad.body).toBe(404);
    const list = (await api.get('/api/CustomFields/GetAllCustomFields')).json() as Field[];
    expect(list.map((f) => f.label)).toEqual(['C', 'A', 'B']);
    const theirs = (await other.api.get('/api/CustomFields/GetAllCustomFields')).json() as Field[];
    expect(theirs[0]).toMatchObject({ id: foreign.id, order: 0 });
  });

  it('deletes a field without answers', async () => {
    const { api, tenantId } = await church();
    const f = await save(api, tenantId, { label: 'Temporary' });
    const res = await api.delete(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, response: 'Custom field deleted', returnObject: { id: f.id } });
    expect(await countRows(h.database, 'custom_fields', tenantId)).toBe(0);
    const again = await api.delete(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a field with answers (400 saying how many) and to change its control type (409)', async () => {
    const { api, tenantId } = await church();
    const f = await save(api, tenantId, { label: 'Answered', controlType: 'Text' });
    await addAnswers(tenantId, f.id, 3);
    const del = await api.delete(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`);
    expectBadRequest(del, 'customAttributeID');
    expect((del.json() as { response: string }).response).toContain(
      'This field holds 3 answers; it cannot be deleted.',
    );
    expect(await countRows(h.database, 'custom_fields', tenantId)).toBe(1);

    const edit = await api.put(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`, {
      entityType: '0',
      label: 'Answered',
      controlType: '6',
      parameterValues: '',
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect((edit.json() as { response: string }).response).toContain('3 answers');
    // a new label keeps the type: allowed
    const rename = await api.put(`/api/CustomFields/EditCustomFields?customAttributeID=${f.id}`, {
      entityType: '0',
      label: 'Answered (renamed)',
      controlType: '0',
      parameterValues: '',
    });
    expect(rename.statusCode, rename.body).toBe(200);
  });
});

describe('custom fields: tenancy and sessions', () => {
  it("answers 404 for another church's field on edit and delete, changing nothing", async () => {
    const a = await church();
    const b = await church();
    const theirs = await save(b.api, b.tenantId, { label: 'Private' });
    const edit = await a.api.put(`/api/CustomFields/EditCustomFields?customAttributeID=${theirs.id}`, {
      entityType: '0',
      label: 'Hacked',
      controlType: '0',
      parameterValues: '',
    });
    expect(edit.statusCode).toBe(404);
    const del = await a.api.delete(`/api/CustomFields/EditCustomFields?customAttributeID=${theirs.id}`);
    expect(del.statusCode).toBe(404);
    const list = (await b.api.get('/api/CustomFields/GetAllCustomFields')).json() as Field[];
    expect(list).toEqual([theirs]);
    expect((await a.api.get('/api/CustomFields/GetAllCustomFields')).json()).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    const calls = [
      anon.get('/api/CustomFields/GetAllCustomFields'),
      anon.get('/api/CustomFields/GetAllControls'),
      anon.get('/api/CustomFields/GetCustomizableObjects'),
      anon.post('/api/CustomFields/SaveCustomFields', { entityType: 'Member', label: 'X', controlType: 'Text' }),
      anon.put('/api/CustomFields/EditCustomFields', {}),
      anon.delete('/api/CustomFields/EditCustomFields?customAttributeID=00000000-0000-0000-0000-000000000001'),
      anon.post('/api/CustomFields/ReorderCustomFields', []),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
  });

  it("serves one church's fields of one entity publicly, without a session, also with the client's '&&'", async () => {
    const a = await church();
    const b = await church();
    const note = await save(a.api, a.tenantId, { label: 'Seat', entityType: 'CheckInAttendance' });
    await save(a.api, a.tenantId, { label: 'Member only', entityType: 'Member' });
    await save(b.api, b.tenantId, { label: 'Other church seat', entityType: 'CheckInAttendance' });
    const anon = client(h.app, null);
    const res = await anon.get(`/GetAllCustomFields?entityType=5&&tenantID=${a.tenantId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([note]);
    const unknown = await anon.get('/GetAllCustomFields?entityType=5&tenantID=00000000-0000-0000-0000-00000000abcd');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expectBadRequest(await anon.get('/GetAllCustomFields?entityType=5&tenantID=not-a-uuid'), 'tenantID');
    expectBadRequest(await anon.get(`/GetAllCustomFields?entityType=42&tenantID=${a.tenantId}`), 'entityType');
  });
});
