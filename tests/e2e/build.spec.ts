/**
 * The production build holds every page of spec §2.1, an API page per operation of the contract, the
 * pages' text in their HTML (static rendering) and a non-empty local search index.
 * Runs after `npm run build` (test:e2e builds first); needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect } from '@playwright/test';
import { loadContract } from '../../config/openapi';
import { allOperations } from '../../scripts/docs-check/contract';
import { checkPage, scriptHashSource } from '../../postbuild/pageSafety';
import { readInlineScriptHashes } from '../../server/gate/csp';
import { compressibleFiles } from '../../postbuild/compress';
import { BUILD_IDENTITY_FILE, readBuildFile, SITE_SCRIPTS } from '../../rules/buildFiles';
import { SPEC_ROUTES } from './routes';

const BUILD = path.resolve(__dirname, '../../build');
const htmlOf = (route: string) => path.join(BUILD, route, 'index.html');

test('every route of spec §2.1 has a built page holding its text', () => {
  for (const route of SPEC_ROUTES) {
    const file = htmlOf(route.path);
    expect(fs.existsSync(file), `${route.path} → ${file}`).toBe(true);
    if (route.text) expect(fs.readFileSync(file, 'utf8'), route.path).toContain(route.text);
  }
});

test('there is an /api page for each operation of the contract', () => {
  const operations = allOperations();
  // Each operation of the contract (openapi/__tests__/spec-7.1.test.ts holds it to spec §7.1's table).
  expect(operations.length).toBeGreaterThan(0);
  const contract = loadContract();
  for (const { method, template, operationId, slug } of operations) {
    const file = htmlOf(`/api/v1/${slug}`);
    expect(fs.existsSync(file), `${operationId} → ${file}`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(contract.paths[template][method.toLowerCase()].summary);
  }
});

test('there is an /api page for each schema of the contract', () => {
  const contract = loadContract();
  const schemas = Object.keys(contract.components.schemas as Record<string, unknown>);
  expect(schemas.length).toBeGreaterThan(20);
  for (const name of schemas) {
    const file = htmlOf(`/api/v1/schemas/${name.toLowerCase()}`);
    expect(fs.existsSync(file), `${name} → ${file}`).toBe(true);
  }
});

test('the /api overview explains authentication, base URL, pagination and errors', () => {
  const html = fs.readFileSync(htmlOf('/api'), 'utf8');
  for (const heading of ['Authentication', 'Base URL', 'Pagination', 'Errors']) {
    expect(html).toMatch(new RegExp(`<h2[^>]*>${heading}`));
  }
  expect(html).toContain('User does not have permission to access the requested resource.');
});

test('the /api overview says which description the reference was built from, and when (spec §7.1)', () => {
  const html = fs.readFileSync(htmlOf('/api'), 'utf8');
  expect(html).toContain('Where this reference comes from');
  // The e2e build runs offline (API_HOST unset): the vendored copy, and the build's date.
  expect(html).toMatch(
    /Built on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC from a copy of the API description kept with this portal/,
  );
});

test('the local search index covers the docs and the API reference', () => {
  const index = JSON.parse(fs.readFileSync(path.join(BUILD, 'search-index.json'), 'utf8')) as {
    documents: { u: string }[];
  }[];
  const urls = index.flatMap((part) => part.documents.map((doc) => doc.u));
  expect(urls).toContain('/docs/document_format/schema');
  expect(urls.some((url) => url.startsWith('/api/v1/'))).toBe(true);
});

test('every page of the build passes the page check, and the CSP the gate reads allows each of its scripts', () => {
  // The check ran in the build (postbuild/pageSafety.ts): with the scripts plugins/site-scripts learned, every
  // inline script of every built page is the site's own and allowed by its hash. This fails, naming the
  // script, when React's streaming runtime or a plugin's HTML tags change in a way the learning misses.
  const site = readBuildFile(fs, path.resolve(__dirname, '../../.docusaurus'), SITE_SCRIPTS);
  const allowed = new Set(readInlineScriptHashes(BUILD));
  const problems: string[] = [];
  const missing = new Set<string>();
  const origins = new Map<string, number>();
  for (const page of fs.readdirSync(BUILD, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(BUILD, page), 'utf8');
    // A speed-up's page step may write a script of the site's own (paint-first's loader): the pass hashed it,
    // and it refuses any other script (postbuild/__tests__/pages.test.ts).
    const check = checkPage(html, {
      site,
      isOwn: (text) => allowed.has(scriptHashSource(text)),
      isStatic: false,
      isPluginPage: site.pluginPages.includes(page),
    });
    origins.set(check.origin, (origins.get(check.origin) ?? 0) + 1);
    check.problems.forEach((problem) => problems.push(`${page}: ${problem.detail}`));
    check.scripts.filter((s) => !allowed.has(scriptHashSource(s))).forEach((s) => missing.add(s.slice(0, 80)));
  }
  expect(problems).toEqual([]);
  expect([...missing]).toEqual([]);
  // The theme's colour-mode script, the client redirect, React's runtime and its timing (and the speed-ups' own).
  expect(allowed.size).toBeGreaterThanOrEqual(4);
  // One page is written whole by a plugin: the client redirect of spec §2.2.
  expect(origins.get('plugin')).toBe(1);
});

test('every text file of the build has its brotli and gzip copies, each decoding to the file, where they are smaller', () => {
  // Compressed in three places (postbuild/README.md): the hashed assets during `docusaurus build`, the
  // search index and the pages in the last step's worker; a missing or stale copy is served as is.
  const files = compressibleFiles(BUILD).filter((name) => name !== BUILD_IDENTITY_FILE);
  const kinds = { asset: 0, page: 0, markdown: 0, index: 0 };
  for (const name of files) {
    const body = fs.readFileSync(path.join(BUILD, name));
    for (const [suffix, decode] of [
      ['.br', zlib.brotliDecompressSync],
      ['.gz', zlib.gunzipSync],
    ] as const) {
      const copy = path.join(BUILD, name + suffix);
      if (!fs.existsSync(copy)) {
        // Left out only where it would not be smaller.
        expect(body.length, `${name}${suffix} is missing`).toBeLessThan(200);
        continue;
      }
      expect(decode(fs.readFileSync(copy)).equals(body), `${name}${suffix} decodes to the file`).toBe(true);
    }
    if (name.startsWith('assets/')) kinds.asset += 1;
    else if (name.endsWith('.html')) kinds.page += 1;
    else if (name.endsWith('.md')) kinds.markdown += 1;
    else if (name.startsWith('search-index')) kinds.index += 1;
  }
  for (const [kind, count] of Object.entries(kinds)) expect(count, `${kind} files`).toBeGreaterThan(0);
});
