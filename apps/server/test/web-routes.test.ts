import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { signupChurch } from './helpers.ts';

/**
 * Root paths (DESIGN.md §1.1, existing-client-api §0): with a built web app to serve, an API
 * request gets JSON and never the app's HTML, an unknown API path a JSON 404, and a browser
 * navigation the app, also on a path that is an API route at the root.
 */

const INDEX = '<!doctype html><html><body><div id="root">steward-web-app</div></body></html>';
/** What Chromium sends on a navigation, and what axios and fetch send. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const AXIOS = 'application/json, text/plain, */*';
const FETCH = '*/*';

let dist: string;
let database: Database;
let app: BuiltApp;

async function appServing(folder: string): Promise<BuiltApp> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: folder,
    SIGNUP_RATE_MAX: '1000000',
  });
  const built = await buildApp({ config, database });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'steward-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("steward");');
  // what the build's precompress step writes beside each file
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log("steward");'));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync('console.log("steward");'));
  const config = loadConfig({ ...process.env });
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  app = await appServing(dist);
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept: string, token?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const isPage = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  res.statusCode === 200 && /text\/html/.test(String(res.headers['content-type'])) && res.body === INDEX;

const isJson = (res: { headers: Record<string, unknown> }) =>
  /application\/json/.test(String(res.headers['content-type']));

describe('browser navigations get the web app', () => {
  it.each([
    '/',
    '/tenant',
    '/tenant/offering',
    '/signin',
    '/give/3f1c2a9e-1111-4222-8333-944445555666',
    '/give?paymentFormID=3f1c2a9e-1111-4222-8333-944445555666',
    '/firstimercycle',
    '/checkin/e/ABC123',
    '/event/ABC123',
  ])('GET %s', async (url) => {
    expect(isPage(await get(url, NAVIGATION))).toBe(true);
  });

  it('a navigation to a path that is an API route at the root gets the page, with or without a session', async () => {
    const c = await signupChurch(app);
    for (const url of ['/dashboard/basic', '/dashboard/attendance', `/GetChurchProfileById?tenantId=${c.tenantId}`]) {
      expect(isPage(await get(url, NAVIGATION)), url).toBe(true);
      expect(isPage(await get(url, NAVIGATION, c.token)), url).toBe(true);
    }
  });

  it('a HEAD navigation gets the page headers', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/dashboard/basic', headers: { accept: NAVIGATION } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('static files are served as themselves', async () => {
    const res = await get('/assets/app.js', FETCH);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("steward");');
  });
});

describe('API requests get JSON, never the HTML', () => {
  it('a root API route answers JSON to axios and fetch: 401 without a session, the data with one', async () => {
    const c = await signupChurch(app);
    for (const accept of [AXIOS, FETCH, 'application/json']) {
      const anon = await get('/dashboard/basic', accept);
      expect(anon.statusCode, accept).toBe(401);
      expect(isJson(anon)).toBe(true);
      const signed = await get('/dashboard/basic', accept, c.token);
      expect(signed.statusCode, accept).toBe(200);
      expect(signed.json().returnObject.memberCount).toBe(0);
    }
    // no Accept header at all (curl, server-to-server) is an API request too
    const bare = await app.inject({ method: 'GET', url: '/dashboard/basic' });
    expect(bare.statusCode).toBe(401);
  });

  it.each([
    ['GET', '/nosuchrootcall?searchtext=08031234567', AXIOS],
    ['GET', '/give?paymentFormID=3f1c2a9e-1111-4222-8333-944445555666', AXIOS],
    ['GET', '/tenant', FETCH],
    ['GET', '/no/such/path', 'application/json'],
    ['POST', '/NoSuchRootCall', NAVIGATION],
    ['PUT', '/branching/no-such-call', NAVIGATION],
    ['DELETE', '/tenant', NAVIGATION],
  ] as const)('an unknown path answers a JSON 404: %s %s', async (method, url, accept) => {
    const res = await app.inject({ method, url, headers: { accept } });
    expect(res.statusCode).toBe(404);
    expect(isJson(res)).toBe(true);
    expect(res.json()).toMatchObject({ status: false, returnObject: null });
    expect(res.body).not.toContain('steward-web-app');
  });

  it.each([
    ['GET', '/firstimercycle', AXIOS],
    ['GET', '/searchmemberbyphone?searchtext=08031234567', AXIOS],
    ['POST', '/MarkAttendance', NAVIGATION],
    ['POST', '/firsttimercycle/create', NAVIGATION],
    ['PUT', '/branching/reorderlevels', NAVIGATION],
  ] as const)('a root API call answers JSON, never the app, to any caller: %s %s', async (method, url, accept) => {
    const res = await app.inject({ method, url, headers: { accept } });
    // no session: refused (400 first when the body is missing), as JSON
    expect([400, 401]).toContain(res.statusCode);
    expect(isJson(res)).toBe(true);
    expect(res.body).not.toContain('steward-web-app');
  });

  it('an HTML-and-JSON Accept of equal weight is an API request', async () => {
    const res = await get('/no/such/path', 'text/html, application/json');
    expect(res.statusCode).toBe(404);
    expect(isJson(res)).toBe(true);
  });

  it('paths under /api/ and /mobile/ answer JSON even to a navigation', async () => {
    const unknown = await get('/api/No/Such', NAVIGATION);
    expect(unknown.statusCode).toBe(404);
    expect(isJson(unknown)).toBe(true);
    const known = await get('/api/Membership/GetCurrentSignedInUser', NAVIGATION);
    expect(known.statusCode).toBe(401);
    expect(isJson(known)).toBe(true);
    const mobile = await get('/mobile/v1/nothing', NAVIGATION);
    expect(mobile.statusCode).toBe(404);
    expect(isJson(mobile)).toBe(true);
  });

  it('/health, /meta.json and /docs stay themselves on a navigation', async () => {
    const health = await get('/health', NAVIGATION);
    expect(health.json()).toEqual({ status: 'ok' });
    const meta = await get('/meta.json?1700000000000', NAVIGATION);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toHaveProperty('version');
    const docs = await get('/docs/json', NAVIGATION);
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths['/dashboard/basic']).toHaveProperty('get');
    const ui = await get('/docs', NAVIGATION);
    expect(ui.body).not.toBe(INDEX);
  });
});

describe('GET /meta.json', () => {
  it('answers {version} to the client', async () => {
    const res = await get(`/meta.json?${Date.now()}`, AXIOS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("serves the web build's own meta.json when it ships one", async () => {
    const own = mkdtempSync(join(tmpdir(), 'steward-web-meta-'));
    writeFileSync(join(own, 'index.html'), INDEX);
    writeFileSync(join(own, 'meta.json'), '{"version":"build-42"}');
    const other = await appServing(own);
    try {
      const res = await other.inject({ method: 'GET', url: '/meta.json?5', headers: { accept: AXIOS } });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ version: 'build-42' });
    } finally {
      await other.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('static files: compressed and cached (issue 7 Speed)', () => {
  it('sends the precompressed brotli or gzip file to a browser that accepts it, cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("steward");');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("steward");');
  });

  it('asks the browser to check the page itself every time', async () => {
    const page = await get('/tenant/offering', NAVIGATION);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('a URL that cannot be decoded is a 400 naming the path, not a 500', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Offering/sharedReport/%E0%A4%A',
      headers: { accept: AXIOS },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, errors: [{ field: 'path' }] });
  });
});

describe('the embeddable giving page (giving spec 2.3 iFrame)', () => {
  it('/iframe/{id} may be framed by a church website; every other page only by Steward itself', async () => {
    const framed = await app.inject({
      method: 'GET',
      url: '/iframe/3f0c1d2e-0000-4000-8000-000000000001',
      headers: { accept: NAVIGATION },
    });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain('steward-web-app');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(String(framed.headers['content-security-policy'])).toContain('frame-ancestors *');

    const page = await app.inject({
      method: 'GET',
      url: '/give/3f0c1d2e-0000-4000-8000-000000000001',
      headers: { accept: NAVIGATION },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});

describe('the giving pages preload their chunks and the form (issue 10 Speed)', () => {
  /** A build as apps/web's: index.html naming the entry, the Vite manifest, the giving pages' chunks. */
  const HEAD_INDEX = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <script type="module" crossorigin src="/assets/index-E1.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">',
    '  </head>',
    '  <body><div id="root">steward-web-app</div></body>',
    '</html>',
  ].join('\n');
  const manifest = (version: string) => ({
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-C1.css'] },
    '_react.js': { file: 'assets/react-R1.js' },
    'src/features/give/give-page.tsx': {
      file: `assets/give-page-${version}.js`,
      imports: ['_react.js', 'index.html', '_use-public-form.js'],
    },
    'src/features/give/thanks-page.tsx': {
      file: `assets/thanks-page-${version}.js`,
      imports: ['index.html', '_use-public-form.js'],
    },
    '_use-public-form.js': { file: 'assets/use-public-form-U1.js', css: ['assets/use-public-form-S1.css'] },
    'src/features/auth/sign-in-page.tsx': { file: 'assets/sign-in-page-S1.js', imports: ['index.html'] },
  });
  const FORM = '3f1c2a9e-1111-4222-8333-944445555666';
  const preloadFetch = `<link rel="preload" as="fetch" crossorigin href="/give?paymentFormID=${FORM}">`;
  const giveLinks = (version: string) => [
    '<link rel="stylesheet" crossorigin href="/assets/use-public-form-S1.css">',
    `<link rel="modulepreload" crossorigin href="/assets/give-page-${version}.js">`,
    '<link rel="modulepreload" crossorigin href="/assets/use-public-form-U1.js">',
  ];
  const added = (body: string) =>
    (body.match(/<link [^>]*>/g) ?? []).filter((l) => !l.includes('/assets/index-C1.css'));

  let built: string;
  let web: BuiltApp;
  const nav = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
    web.inject({ method, url, headers: { accept: NAVIGATION } });

  beforeAll(async () => {
    built = mkdtempSync(join(tmpdir(), 'steward-web-preload-'));
    writeFileSync(join(built, 'index.html'), HEAD_INDEX);
    mkdirSync(join(built, '.vite'));
    writeFileSync(join(built, '.vite', 'manifest.json'), JSON.stringify(manifest('G1')));
    web = await appServing(built);
  });

  afterAll(async () => {
    await web.close();
    rmSync(built, { recursive: true, force: true });
  });

  it("/give/{id} names the form's answer, the page's chunks and its CSS, keeping the CSP and the page's headers", async () => {
    const res = await nav(`/give/${FORM}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(added(res.body)).toEqual([preloadFetch, ...giveLinks('G1')]);
    // the links end the head; the rest of index.html is as built
    expect(res.body.indexOf('</head>')).toBeGreaterThan(res.body.lastIndexOf('<link'));
    expect(res.body).toContain('<div id="root">steward-web-app</div>');
    // no inline script: the CSP stays script-src 'self'
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('/iframe/{id} gets the same links and may still be framed by a church website', async () => {
    const res = await nav(`/iframe/${FORM}?utm_source=site`);
    expect(added(res.body)).toEqual([preloadFetch, ...giveLinks('G1')]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
  });

  it("the form's preload is answered as the API's JSON, not as the page", async () => {
    // a preload sends Accept */*, like fetch: an API request (an unknown form: the JSON 404)
    const res = await web.inject({ method: 'GET', url: `/give?paymentFormID=${FORM}`, headers: { accept: FETCH } });
    expect(res.statusCode).toBe(404);
    expect(isJson(res)).toBe(true);
  });

  it('the thank-you page gets its own chunk and no form request; an id that is not a GUID is never written', async () => {
    const thanks = await nav(`/give/${FORM}/thanks?reference=abc`);
    expect(added(thanks.body)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/use-public-form-S1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/thanks-page-G1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/use-public-form-U1.js">',
    ]);
    const odd = await nav('/give/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(odd.statusCode).toBe(200);
    expect(added(odd.body)).toEqual(giveLinks('G1'));
    expect(odd.body).not.toMatch(/alert|%22/);
  });

  it('/signin and every other page get index.html as it is, the sign-in page no heavier', async () => {
    for (const url of ['/signin', '/', '/tenant/offering', `/give?paymentFormID=${FORM}`, `/signinpayment/${FORM}`]) {
      const res = await nav(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HEAD_INDEX);
      expect(res.body, url).not.toContain('modulepreload');
    }
  });

  it('a HEAD navigation gets the headers alone', async () => {
    const res = await nav(`/give/${FORM}`, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('a build replaced while the server runs is read again', async () => {
    writeFileSync(join(built, '.vite', 'manifest.json'), JSON.stringify(manifest('G2')));
    // a new build writes index.html too: its modification time changes
    const later = new Date(Date.now() + 5_000);
    writeFileSync(join(built, 'index.html'), HEAD_INDEX);
    utimesSync(join(built, 'index.html'), later, later);
    const res = await nav(`/give/${FORM}`);
    expect(added(res.body)).toEqual([preloadFetch, ...giveLinks('G2')]);
  });
});
