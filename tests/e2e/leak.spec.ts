/**
 * Leak test (issue #4): every file of the production build, requested without a session through the
 * server gate, must not return page text, API operation data or the search index. Markers are taken
 * from the built pages themselves (the first paragraph of every doc, API and blog page) and from the
 * contract (operation descriptions). Prints the number of files tried and of leaks found.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import { test, expect } from '@playwright/test';
import { loadContract } from '../../config/openapi';
import { buildTestApp } from '../../server/__tests__/helper';

const BUILD = path.resolve(__dirname, '../../build');

/** Every file under `dir`, as absolute paths. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile());

/** Sentences only gated content holds: page paragraphs and the contract's operation descriptions. */
function markers(files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files.filter((f) => /[/\\](docs|api|blog)[/\\].*index\.html$/.test(f))) {
    const paragraph = parseHtml(fs.readFileSync(file, 'utf8')).querySelector('article p, main p');
    const text = paragraph?.text.trim().slice(0, 60);
    if (text && text.length >= 30) found.add(text);
  }
  const contract = loadContract();
  for (const item of Object.values(contract.paths as Record<string, Record<string, { description?: string }>>)) {
    for (const operation of Object.values(item)) {
      const text = operation.description?.split('\n')[0].trim().slice(0, 60);
      if (text && text.length >= 30) found.add(text);
    }
  }
  return [...found];
}

test('no file of the build reaches an anonymous request', async () => {
  test.setTimeout(180_000);
  const files = filesUnder(BUILD);
  const secrets = markers(files);
  expect(secrets.length).toBeGreaterThan(40);
  const app = await buildTestApp(BUILD);
  const leaks: string[] = [];
  for (const file of files) {
    const url = `/${path.relative(BUILD, file).split(path.sep).map(encodeURIComponent).join('/')}`;
    for (const accept of ['text/html', '*/*']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      const leaked = secrets.find((secret) => response.body.includes(secret));
      if (leaked) leaks.push(`${url} (${response.statusCode}) holds "${leaked}"`);
    }
  }
  await app.close();
  console.log(`leak test: ${files.length} files tried, ${secrets.length} markers, ${leaks.length} leaks`);
  expect(leaks).toEqual([]);
});
