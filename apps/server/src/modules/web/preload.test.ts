import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleLinks, pagePreloader, readManifest, type Manifest } from './preload.ts';

/** The shape of a Vite manifest of apps/web: the entry, the shared vendor chunks and two giving pages. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_rolldown-runtime-R1.js', '_react-V1.js'],
    css: ['assets/index-C1.css'],
  },
  '_rolldown-runtime-R1.js': { file: 'assets/rolldown-runtime-R1.js' },
  '_react-V1.js': { file: 'assets/react-V1.js', imports: ['_rolldown-runtime-R1.js'] },
  'src/features/give/give-page.tsx': {
    file: 'assets/give-page-G1.js',
    src: 'src/features/give/give-page.tsx',
    imports: ['_rolldown-runtime-R1.js', '_react-V1.js', 'index.html', '_money-M1.js', '_use-public-form-U1.js'],
  },
  'src/features/give/thanks-page.tsx': {
    file: 'assets/thanks-page-T1.js',
    src: 'src/features/give/thanks-page.tsx',
    imports: ['_react-V1.js', 'index.html', '_money-M1.js', '_use-public-form-U1.js'],
  },
  '_money-M1.js': { file: 'assets/money-M1.js', imports: ['_react-V1.js'] },
  '_use-public-form-U1.js': {
    file: 'assets/use-public-form-U1.js',
    imports: ['_money-M1.js', 'index.html'],
    css: ['assets/use-public-form-S1.css'],
  },
};

const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <title>Steward</title>',
  '    <script type="module" crossorigin src="/assets/index-E1.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

const FORM = '3f1c2a9e-1111-4222-8333-944445555666';
const GIVE_LINKS = [
  '<link rel="stylesheet" crossorigin href="/assets/use-public-form-S1.css">',
  '<link rel="modulepreload" crossorigin href="/assets/give-page-G1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/money-M1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/use-public-form-U1.js">',
];
const formFetch = (id: string) => `<link rel="preload" as="fetch" crossorigin href="/give?paymentFormID=${id}">`;

/** The link tags of an HTML text, in order. */
const linksOf = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe('moduleLinks: what a page loads beyond the entry', () => {
  it("lists the page's chunk and its static imports once each, and their CSS, without the entry's", () => {
    const links = moduleLinks(MANIFEST, 'src/features/give/give-page.tsx');
    expect(links === null ? [] : linksOf(links)).toEqual(GIVE_LINKS);
  });

  it('is null for a module the build does not have', () => {
    expect(moduleLinks(MANIFEST, 'src/features/give/no-such-page.tsx')).toBeNull();
  });

  it('escapes what it writes into an attribute', () => {
    const odd: Manifest = { 'p.tsx': { file: 'assets/a"b<c>&.js' } };
    expect(moduleLinks(odd, 'p.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a&quot;b&lt;c&gt;&amp;.js">',
    );
  });
});

describe('pagePreloader: the HTML of each page path', () => {
  const warnings: string[] = [];
  const pageHtml = pagePreloader(INDEX, MANIFEST, (m) => warnings.push(m));

  it("puts the form's answer and the giving page's chunks before </head> on /give/{id} and /iframe/{id}", () => {
    for (const path of [`/give/${FORM}`, `/iframe/${FORM}`, `/Give/${FORM}/`, `/give/${FORM.toUpperCase()}`]) {
      const html = pageHtml(path);
      const id = path.split('/')[2]!;
      expect(html, path).not.toBeNull();
      expect(linksOf(html!), path).toEqual([formFetch(id), ...GIVE_LINKS]);
      // index.html is kept whole around the links, which end the head
      expect(html!.replace(/\s*<link [^>]*>/g, ''), path).toBe(INDEX.replace(/\s*<\/head>/, '\n  </head>'));
      expect(html!.indexOf('</head>'), path).toBeGreaterThan(html!.lastIndexOf('<link'));
    }
    expect(warnings).toEqual([]);
  });

  it('gives the thank-you page its own chunk and no form request', () => {
    const html = pageHtml(`/iframe/${FORM}/thanks`);
    expect(linksOf(html!)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/use-public-form-S1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/thanks-page-T1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/money-M1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/use-public-form-U1.js">',
    ]);
  });

  it('never writes an id that is not a GUID into the page: the chunks only', () => {
    for (const id of ['abc', '"><script>alert(1)<', '%22%3E%3Cscript%3E', `${FORM}x`]) {
      const html = pageHtml(`/give/${id}`);
      expect(html, id).not.toBeNull();
      expect(linksOf(html!), id).toEqual(GIVE_LINKS);
      expect(html, id).not.toContain(id);
    }
  });

  it('answers null (index.html as it is) for every other path', () => {
    for (const path of ['/', '/signin', '/tenant/offering', '/give', `/give/${FORM}/other`, `/tenant/give/${FORM}`])
      expect(pageHtml(path), path).toBeNull();
  });

  it('answers null for every path without a manifest, or an index.html without </head>', () => {
    expect(pagePreloader(INDEX, null, () => undefined)(`/give/${FORM}`)).toBeNull();
    expect(pagePreloader('<html><body></body></html>', MANIFEST, () => undefined)(`/give/${FORM}`)).toBeNull();
  });

  it("warns and sends index.html as it is when the build lacks a route's page", () => {
    const told: string[] = [];
    const { 'src/features/give/thanks-page.tsx': _gone, ...withoutThanks } = MANIFEST;
    const partial = pagePreloader(INDEX, withoutThanks, (m) => told.push(m));
    expect(partial(`/give/${FORM}/thanks`)).toBeNull();
    expect(linksOf(partial(`/give/${FORM}`)!)).toEqual([formFetch(FORM), ...GIVE_LINKS]);
    expect(told).toEqual([
      "web: the build's manifest has no src/features/give/thanks-page.tsx: its pages are sent without preload links",
    ]);
  });
});

describe('readManifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'steward-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the build's .vite/manifest.json; null when it is missing or not a JSON object", () => {
    expect(readManifest(dir)).toBeNull();
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    expect(readManifest(dir)).toEqual(MANIFEST);
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{"index.html": ');
    expect(readManifest(dir)).toBeNull();
    writeFileSync(join(dir, '.vite', 'manifest.json'), '[1, 2]');
    expect(readManifest(dir)).toBeNull();
  });
});
