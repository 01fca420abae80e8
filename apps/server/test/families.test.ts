import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import { createPerson, rows } from './families-support.ts';

/**
 * Families (existing-client-api §5.2 admin pages, §4.4 the shell's family calls, §5.1 the public
 * calls of registration), with the existing client's exact bodies.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Detail {
  id: string;
  tenantID: string;
  familyName: string;
  email: string | null;
  homePhone: string | null;
  homeAddress: string | null;
  fatherID: string | null;
  motherID: string | null;
  father: {
    id: string;
    firstName: string;
    lastName: string;
    homeAddress: string | null;
    pictureUrl: string | null;
  } | null;
  mother: {
    id: string;
    firstName: string;
    lastName: string;
    homeAddress: string | null;
    pictureUrl: string | null;
  } | null;
  familyMembers: {
    id: string;
    familyRoleID: number;
    person: { id: string; firstName: string; lastName: string; pictureUrl: string | null; genderID: number | null };
  }[];
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

/** A family made with the admin page's exact body: father, mother, one son. */
async function obiFamily(api: Client) {
  const father = await createPerson(api, 'Tunde', 'Obi');
  const mother = await createPerson(api, 'Ada', 'Obi');
  const son = await createPerson(api, 'Kene', 'Obi');
  const res = await api.post('/api/family/createFamily', {
    familyName: 'Obi',
    fatherId: father,
    motherId: mother,
    homePhone: '08031234567',
    email: 'obi@example.com',
    familyMembers: [{ personId: son, familyRoleId: 3 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const family = (res.json() as { returnObject: Detail }).returnObject;
  return { father, mother, son, family };
}

async function getFamily(api: Client, query: string): Promise<Detail> {
  const res = await api.get(`/api/Family/family?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Detail;
}

describe('admin families (§5.2)', () => {
  it('creates a family with the client body; family?Id= and ?personId= answer it, allfamilies lists it', async () => {
    const { api, tenantId } = await church();
    const { father, mother, son, family } = await obiFamily(api);
    const byId = await getFamily(api, `Id=${family.id}`);
    expect(byId).toMatchObject({
      id: family.id,
      tenantID: tenantId,
      familyName: 'Obi',
      email: 'obi@example.com',
      homePhone: '08031234567',
      fatherID: father,
      motherID: mother,
      father: { id: father, firstName: 'Tunde', lastName: 'Obi' },
      mother: { id: mother, firstName: 'Ada', lastName: 'Obi' },
    });
    // the father and mother are answered apart; familyMembers holds the others
    expect(byId.familyMembers).toHaveLength(1);
    expect(byId.familyMembers[0]).toMatchObject({ familyRoleID: 3, person: { id: son, firstName: 'Kene' } });
    for (const person of [father, mother, son]) expect((await getFamily(api, `personId=${person}`)).id).toBe(family.id);

    const list = await api.get('/api/family/allfamilies');
    expect(list.statusCode).toBe(200);
    const items = list.json() as {
      id: string;
      familyName: string;
      email: string;
      homePhone: string;
      dateCreated: string;
    }[];
    expect(items).toEqual([
      expect.objectContaining({ id: family.id, familyName: 'Obi', email: 'obi@example.com', homePhone: '08031234567' }),
    ]);
    expect(Number.isNaN(Date.parse(items[0]!.dateCreated))).toBe(false);
  });

  it('refuses a family without a name in the ASP.NET shape the client reads (errors.FamilyName[0]); nothing written', async () => {
    const { api, tenantId } = await church();
    const son = await createPerson(api, 'Kene');
    for (const body of [
      { familyName: '', familyMembers: [{ personId: son, familyRoleId: 3 }] },
      { fatherId: son, homePhone: '', email: '' },
    ]) {
      const res = await api.post('/api/family/createFamily', body);
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json() as {
        status: boolean;
        response: string;
        errors: Record<string, string[]>;
        returnObject: { errors: { field: string }[] };
      };
      expect(err.status).toBe(false);
      expect(err.errors.FamilyName![0]).toBe('Enter the family name');
      expect(err.returnObject.errors[0]!.field).toBe('familyName');
    }
    const bad = await api.post('/api/family/createFamily', {
      familyName: 'X',
      familyMembers: [{ personId: son, familyRoleId: 9 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: object }).errors)).toEqual(['FamilyMembers[0].FamilyRoleId']);
    expect(await countRows(h.database, 'families', tenantId)).toBe(0);
    expect(await countRows(h.database, 'family_members', tenantId)).toBe(0);
  });

  it('keeps a person in one family: a second family with them is refused (400) and nothing is written', async () => {
    const { api, tenantId } = await church();
    const { son } = await obiFamily(api);
    const dad = await createPerson(api, 'Musa', 'Bello');
    const res = await api.post('/api/family/createFamily', {
      familyName: 'Bello',
      fatherId: dad,
      familyMembers: [{ personId: son, familyRoleId: 3 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: Record<string, string[]> }).errors['FamilyMembers[0].PersonId']).toEqual([
      'is already a member of another family',
    ]);
    expect(await countRows(h.database, 'families', tenantId)).toBe(1);
    // two families asking for the same person at once: one wins, the other is refused
    const kid = await createPerson(api, 'Ngozi');
    const [a, b] = await Promise.all(
      ['A', 'B'].map((n) =>
        api.post('/api/family/createFamily', { familyName: n, familyMembers: [{ personId: kid, familyRoleId: 4 }] }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
    const memberships = await rows<{ n: number }>(
      h.database,
      sql`select count(*)::int as n from family_members where tenant_id = ${tenantId} and person_id = ${kid}`,
    );
    expect(memberships[0]!.n).toBe(1);
  });

  it('edits the profile with the admin body and with the shell body (mother details, address)', async () => {
    const { api } = await church();
    const { father, mother, family } = await obiFamily(api);
    const admin = await api.put('/api/family/editProfile', {
      id: family.id,
      familyName: 'Obi-Okeke',
      email: 'home@example.com',
      homePhone: '0700',
      fatherId: father,
      motherId: mother,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ status: true, returnObject: { familyName: 'Obi-Okeke', fatherID: father } });
    const shell = await api.put('/api/Family/editProfile', {
      id: family.id,
      familyName: 'Okeke',
      address: '3 Bode Thomas St',
      email: 'okeke@example.com',
      homePhone: '0701',
      mother: { firstName: 'Adaeze', lastName: 'Okeke', pictureUrl: 'https://cdn.example/p.png' },
    });
    expect(shell.statusCode, shell.body).toBe(200);
    const d = await getFamily(api, `Id=${family.id}`);
    expect(d).toMatchObject({ familyName: 'Okeke', homeAddress: '3 Bode Thomas St', email: 'okeke@example.com' });
    expect(d.mother).toMatchObject({
      id: mother,
      firstName: 'Adaeze',
      lastName: 'Okeke',
      homeAddress: '3 Bode Thomas St',
      pictureUrl: 'https://cdn.example/p.png',
    });
    // fatherId null takes the father out of the family (he stays in the church)
    const out = await api.put('/api/family/editProfile', { id: family.id, fatherId: null });
    expect(out.statusCode).toBe(200);
    const after = await getFamily(api, `Id=${family.id}`);
    expect(after.fatherID).toBeNull();
    expect((await api.get(`/api/Family/family?personId=${father}`)).statusCode).toBe(404);
    expectBadRequest(await api.put('/api/family/editProfile', { id: family.id, familyName: '' }), 'familyName');
    expectBadRequest(
      await api.put('/api/family/editProfile', { id: family.id, mother: { pictureUrl: 'javascript:alert(1)' } }),
      'mother.pictureUrl',
    );
  });

  it('adds members with the admin body (personId) and the shell body (a new person); edits and removes them', async () => {
    const { api, tenantId } = await church();
    const { family } = await obiFamily(api);
    const niece = await createPerson(api, 'Chioma', 'Eze');
    const add = await api.post('/api/Family/addFamilyMember', {
      familyId: family.id,
      personId: niece,
      tenantId,
      familyRoleId: 5,
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ status: true, familyRoleID: 5, person: { id: niece } });
    const people = await countRows(h.database, 'people', tenantId);
    const guardian = await api.post('/api/Family/addFamilyMember', {
      familyId: family.id,
      person: { firstName: 'Grace', lastName: 'Obi', pictureUrl: '', genderId: 2 },
      tenantId,
      familyRoleId: 6,
    });
    expect(guardian.statusCode, guardian.body).toBe(200);
    const g = guardian.json() as { id: string; person: { id: string; genderID: number } };
    expect(g.person.genderID).toBe(2);
    expect(await countRows(h.database, 'people', tenantId)).toBe(people + 1);

    // the shell's member form: day and month placeholders mean "not given"
    const edit = await api.put('/api/family/editfamilymember', {
      person: {
        firstName: 'Gracie',
        lastName: 'Obi',
        pictureUrl: '',
        dayOfBirth: 'Day',
        monthOfBirth: 0,
        yearOfBirth: 'Year',
        genderId: 2,
        id: g.person.id,
      },
      tenantId,
      familyRoleId: 6,
      id: g.id,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: g.id, person: { firstName: 'Gracie' } });
    // the admin page may send the first member's id with the right person.id
    const first = (await getFamily(api, `Id=${family.id}`)).familyMembers[0]!;
    const quirk = await api.put('/api/Family/editFamilyMember', {
      id: first.id,
      familyRoleId: 7,
      person: { firstName: 'Chi', id: niece },
      tenantId,
    });
    expect(quirk.statusCode, quirk.body).toBe(200);
    expect(quirk.json()).toMatchObject({ familyRoleID: 7, person: { id: niece, firstName: 'Chi' } });
    expectBadRequest(
      await api.put('/api/Family/editFamilyMember', { id: g.id, person: { dayOfBirth: 31, monthOfBirth: 2 } }),
      'person.dayOfBirth',
    );
    expectBadRequest(
      await api.post('/api/Family/addFamilyMember', { familyId: family.id, personId: niece, familyRoleId: 0 }),
      'familyRoleId',
    );

    const remove = await api.delete(`/api/Family/removeAFamilyMember?id=${g.id}`);
    expect(remove.statusCode, remove.body).toBe(200);
    const after = await getFamily(api, `Id=${family.id}`);
    expect(after.familyMembers.map((m) => m.person.id)).not.toContain(g.person.id);
    expect(await countRows(h.database, 'people', tenantId)).toBe(people + 1);
  });

  it('a member given the Father role becomes the father when there is none; removing the father clears it', async () => {
    const { api } = await church();
    const res = await api.post('/api/family/createFamily', { familyName: 'Lone' });
    const familyId = (res.json() as { returnObject: { id: string } }).returnObject.id;
    const dad = await createPerson(api, 'Sam');
    const add = await api.post('/api/Family/addFamilyMember', { familyId, personId: dad, familyRoleId: 1 });
    expect((await getFamily(api, `Id=${familyId}`)).fatherID).toBe(dad);
    await api.delete(`/api/Family/removeAFamilyMember?id=${(add.json() as { id: string }).id}`);
    expect((await getFamily(api, `Id=${familyId}`)).fatherID).toBeNull();
  });

  it('deletes a family; its people stay', async () => {
    const { api, tenantId } = await church();
    const { family } = await obiFamily(api);
    const people = await countRows(h.database, 'people', tenantId);
    const res = await api.delete(`/api/Family/deleteFamily?id=${family.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get(`/api/Family/family?Id=${family.id}`)).statusCode).toBe(404);
    expect(await countRows(h.database, 'family_members', tenantId)).toBe(0);
    expect(await countRows(h.database, 'people', tenantId)).toBe(people);
  });

  it("answers 404 for another church's family, member or person and changes nothing", async () => {
    const a = await church();
    const b = await church();
    const { family, son } = await obiFamily(a.api);
    const memberId = (await getFamily(a.api, `Id=${family.id}`)).familyMembers[0]!.id;
    const bPerson = await createPerson(b.api, 'Bee');
    const answers = [
      await b.api.get(`/api/Family/family?Id=${family.id}`),
      await b.api.get(`/api/Family/family?personId=${son}`),
      await b.api.put('/api/family/editProfile', { id: family.id, familyName: 'Taken' }),
      await b.api.delete(`/api/Family/deleteFamily?id=${family.id}`),
      await b.api.post('/api/Family/addFamilyMember', { familyId: family.id, personId: bPerson, familyRoleId: 3 }),
      await b.api.put('/api/Family/editFamilyMember', { id: memberId, familyRoleId: 4 }),
      await b.api.delete(`/api/Family/removeAFamilyMember?id=${memberId}`),
      await b.api.post('/api/family/createFamily', {
        familyName: 'B',
        familyMembers: [{ personId: son, familyRoleId: 3 }],
      }),
    ];
    for (const r of answers) expect(r.statusCode, r.body).toBe(404);
    expect(await countRows(h.database, 'families', b.tenantId)).toBe(0);
    const still = await getFamily(a.api, `Id=${family.id}`);
    expect(still.familyName).toBe('Obi');
    expect(still.familyMembers[0]!.familyRoleID).toBe(3);
  });

  it('answers 401 without a session', async () => {
    const anon = client(h.app, null);
    const id = '0190a8a0-0000-7000-8000-000000000001';
    for (const r of [
      await anon.get('/api/family/allfamilies'),
      await anon.get(`/api/Family/family?Id=${id}`),
      await anon.post('/api/family/createFamily', { familyName: 'X' }),
      await anon.put('/api/family/editProfile', { id }),
      await anon.delete(`/api/Family/deleteFamily?id=${id}`),
      await anon.post('/api/Family/addFamilyMember', { familyId: id, personId: id, familyRoleId: 3 }),
      await anon.put('/api/Family/editFamilyMember', { id }),
      await anon.delete(`/api/Family/removeAFamilyMember?id=${id}`),
    ])
      expect(r.statusCode).toBe(401);
  });
});

describe('public family calls of registration (§5.1)', () => {
  it('creates a person, a family with the page body, adds a ward; /family answers names and roles only', async () => {
    const { api, tenantId } = await church();
    const anon = client(h.app, null);
    const reg = await anon.post('/createPublicPerson', {
      firstName: 'Bola Ade',
      email: 'bola@example.com',
      homeAddress: '1 Marina',
      mobilePhone: '08030000001',
      tenantId,
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const head = reg.json() as { status: boolean; returnObject: { id: string; firstName: string; lastName: string } };
    expect(head).toMatchObject({ status: true, returnObject: { firstName: 'Bola', lastName: 'Ade' } });
    const headId = head.returnObject.id;

    const none = await anon.get(`/family?tenantID=${tenantId}&&personId=${headId}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ id: null, tenantID: tenantId, familyName: null, familyMembers: [] });

    const ward = await anon.post('/createPublicPerson', { firstName: 'Tobi', mobilePhone: '', tenantId });
    const wardId = (ward.json() as { returnObject: { id: string } }).returnObject.id;
    const fam = await anon.post('/createFamily', {
      fatherId: headId,
      familyName: 'Bola Ade',
      familyMembers: [{ personId: wardId, familyRoleId: 3, checkMember: true }],
      tenantId,
    });
    expect(fam.statusCode, fam.body).toBe(200);
    const familyId = (fam.json() as { returnObject: { id: string } }).returnObject.id;

    const ward2 = await anon.post('/createPublicPerson', { firstName: 'Femi', mobilePhone: '', tenantId });
    const ward2Id = (ward2.json() as { returnObject: { id: string } }).returnObject.id;
    const add = await anon.post('/addFamilyMember', { familyId, familyRoleId: undefined, personId: ward2Id, tenantId });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ status: true, returnObject: { familyRoleID: 5, person: { id: ward2Id } } });

    const found = await anon.get(`/family?tenantID=${tenantId}&&personId=${headId}`);
    expect(found.statusCode).toBe(200);
    const body = found.json() as {
      id: string;
      familyMembers: { familyRoleID: number; person: Record<string, unknown> }[];
    };
    expect(body.id).toBe(familyId);
    expect(body.familyMembers.map((m) => [m.person.id, m.person.firstName, m.familyRoleID])).toEqual([
      [wardId, 'To**', 3],
      [ward2Id, 'Fe**', 5],
    ]);
    // masked first names and roles only: no last name, phone, e-mail or address on a public answer
    expect(found.body).not.toContain('bola@example.com');
    expect(found.body).not.toContain('08030000001');
    // the admin side sees the registering person as the father
    expect((await getFamily(api, `Id=${familyId}`)).fatherID).toBe(headId);
  });

  it('refuses bad input (400), unknown churches and people (404), and people not just added on the page', async () => {
    const a = await church();
    const b = await church();
    const anon = client(h.app, null);
    const member = await createPerson(a.api, 'Old', 'Member');
    const head = await createPerson(a.api, 'Head', 'Person');
    expectBadRequest(await anon.post('/createPublicPerson', { firstName: '', tenantId: a.tenantId }), 'firstName');
    expectBadRequest(await anon.post('/createPublicPerson', { firstName: 'X', tenantId: 'nope' }), 'tenantId');
    expect(
      (await anon.post('/createPublicPerson', { firstName: 'X', tenantId: '0190a8a0-0000-7000-8000-000000000009' }))
        .statusCode,
    ).toBe(404);
    expect((await anon.get(`/family?tenantID=${b.tenantId}&&personId=${member}`)).statusCode).toBe(404);
    expect(
      (await anon.post('/createFamily', { fatherId: member, familyName: 'B', familyMembers: [], tenantId: b.tenantId }))
        .statusCode,
    ).toBe(404);
    // a person older than a day cannot be put into a family from the public page
    await h.database.db.execute(
      sql`update people set created_at = now() - interval '2 days' where tenant_id = ${a.tenantId} and id = ${member}`,
    );
    const res = await anon.post('/createFamily', {
      fatherId: head,
      familyName: 'Person',
      familyMembers: [{ personId: member, familyRoleId: 3 }],
      tenantId: a.tenantId,
    });
    expectBadRequest(res, 'familyMembers.0.personId');
    expect(await countRows(h.database, 'families', a.tenantId)).toBe(0);
  });

  it("does not let anyone add a Guardian or a stranger to a church's family, nor claim an existing person", async () => {
    const { api, tenantId } = await church();
    const anon = client(h.app, null);
    const { father, son, family } = await obiFamily(api);
    const lone = await createPerson(api, 'Lone', 'Member');
    // the people and the family were created before today's registration
    await h.database.db.execute(
      sql`update people set created_at = now() - interval '2 days' where tenant_id = ${tenantId}`,
    );
    await h.database.db.execute(
      sql`update families set created_at = now() - interval '2 days' where tenant_id = ${tenantId}`,
    );
    // the public search gives the father's id, GET /family the family's id, masked and not cached
    const pub = await anon.get(`/family?tenantID=${tenantId}&&personId=${father.toUpperCase()}`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.headers['cache-control']).toBe('no-store');
    expect(pub.json()).toEqual({
      id: family.id,
      tenantID: tenantId,
      familyName: 'O**',
      familyMembers: [{ id: family.familyMembers[0]!.id, familyRoleID: 3, person: { id: son, firstName: 'Ke**' } }],
    });
    const stranger = await anon.post('/createPublicPerson', { firstName: 'Eve Stranger', tenantId });
    const strangerId = (stranger.json() as { returnObject: { id: string } }).returnObject.id;
    const before = await countRows(h.database, 'family_members', tenantId);
    for (const role of [1, 2, 6])
      expectBadRequest(
        await anon.post('/addFamilyMember', {
          familyId: family.id,
          personId: strangerId,
          familyRoleId: role,
          tenantId,
        }),
        'familyRoleId',
      );
    expectBadRequest(
      await anon.post('/addFamilyMember', { familyId: family.id, personId: strangerId, familyRoleId: 5, tenantId }),
      'familyId',
    );
    // a family created today by the church with people it already had is not the page's either
    const other = await createPerson(api, 'Kemi', 'Ade');
    await h.database.db.execute(
      sql`update people set created_at = now() - interval '2 days' where tenant_id = ${tenantId} and id = ${other}`,
    );
    const today = await api.post('/api/family/createFamily', { familyName: 'Ade', motherId: other });
    const todayId = (today.json() as { returnObject: { id: string } }).returnObject.id;
    expectBadRequest(
      await anon.post('/addFamilyMember', { familyId: todayId, personId: strangerId, familyRoleId: 5, tenantId }),
      'familyId',
    );
    const guardians = await api.get(`/api/Family/familyGuidians?familyId=${family.id}`);
    expect(guardians.body).not.toContain(strangerId);
    // nor can a new family claim an existing person as its head, or take a Guardian
    expectBadRequest(
      await anon.post('/createFamily', { fatherId: lone, familyName: 'Mine', familyMembers: [], tenantId }),
      'fatherId',
    );
    expectBadRequest(
      await anon.post('/createFamily', {
        fatherId: strangerId,
        familyName: 'Mine',
        familyMembers: [{ personId: strangerId, familyRoleId: 6 }],
        tenantId,
      }),
      'familyMembers.0.familyRoleId',
    );
    expect(await countRows(h.database, 'family_members', tenantId)).toBe(before + 1);
    expect(await countRows(h.database, 'families', tenantId)).toBe(2);
  });
});
