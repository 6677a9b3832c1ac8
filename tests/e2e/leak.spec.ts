/**
 * Leak test: every file of the production build, requested without a session through the
 * server gate, must not return page text, API operation data or the search index. Markers are taken
 * from the built pages themselves (the first paragraph of every doc, API and blog page) and from the
 * contract (operation descriptions). Prints the number of files tried and of leaks found.
 */
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { buildTestApp } from '../support/gate';
import { filesUnder, markers } from './leakMarkers';

const BUILD = path.resolve(__dirname, '../../build');

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
