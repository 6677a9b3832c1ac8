/**
 * The production build holds every page of spec §2.1, an API page per operation of the contract, the
 * pages' text in their HTML (static rendering, issue #2) and a non-empty local search index.
 * Runs after `npm run build` (test:e2e builds first); needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { loadContract } from '../../config/openapi';
import { allOperations } from '../../scripts/docs-check/contract';
import { classifyInlineScripts, scriptHashSource } from '../../postbuild/inlineScripts';
import { readInlineScriptHashes } from '../../server/gate/csp';
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
  expect(operations).toHaveLength(27);
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

test('the /api overview says which description the reference was built from, and when (spec §7.1, issue #25)', () => {
  const html = fs.readFileSync(htmlOf('/api'), 'utf8');
  expect(html).toContain('Where this reference comes from');
  // The e2e build runs offline (API_HOST unset): the vendored copy, and the build's date.
  expect(html).toMatch(/Built on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC from the portal(’|'|&#x27;)s own copy/);
});

test('the local search index covers the docs and the API reference', () => {
  const index = JSON.parse(fs.readFileSync(path.join(BUILD, 'search-index.json'), 'utf8')) as {
    documents: { u: string }[];
  }[];
  const urls = index.flatMap((part) => part.documents.map((doc) => doc.u));
  expect(urls).toContain('/docs/document_format/schema');
  expect(urls.some((url) => url.startsWith('/api/v1/'))).toBe(true);
});

test('every inline script of the build is the site’s own, and the CSP the gate reads allows each (issue #22)', () => {
  // Content scripts are refused by design; none should be in our own pages. This also fails, naming the
  // script, if React's streaming runtime (recognised by postbuild/inlineScripts.ts) changes its shape.
  const content: string[] = [];
  const allowed = new Set(readInlineScriptHashes(BUILD));
  const missing = new Set<string>();
  for (const page of fs.readdirSync(BUILD, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const scripts = classifyInlineScripts(fs.readFileSync(path.join(BUILD, page), 'utf8'));
    scripts.content.forEach((script) => content.push(`${page}: ${script.trim().slice(0, 80)}`));
    scripts.trusted.filter((s) => !allowed.has(scriptHashSource(s))).forEach((s) => missing.add(s.slice(0, 80)));
  }
  expect(content).toEqual([]);
  expect([...missing]).toEqual([]);
  // The theme's colour-mode script, the paint-first loader, the client redirect, React's runtime.
  expect(allowed.size).toBeGreaterThanOrEqual(3);
});
