/**
 * Leak test: every file of the production build, requested without a session through the
 * server gate, must not return page text, API operation data or the search index. Markers are taken
 * from the built pages themselves (the first paragraph of every doc, API and blog page) and from the
 * contract (operation descriptions). What an anonymous request does get is a file of the sign-in page's
 * (server/gate/publicFiles.ts) or, for a page a browser asks for, the sign-in page itself. Prints the number
 * of files tried and of leaks found.
 */
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { publicFiles } from '../../server/gate/publicFiles';
import { buildTestApp } from '../support/gate';
import { filesUnder, markers } from './leakMarkers';

const BUILD = path.resolve(__dirname, '../../build');

test('no file of the build reaches an anonymous request', async () => {
  test.setTimeout(180_000);
  const files = filesUnder(BUILD);
  const secrets = markers(files);
  expect(secrets.length).toBeGreaterThan(40);
  const app = await buildTestApp(BUILD);
  const signIn = (await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } })).body;
  const signInFiles = publicFiles(BUILD);
  const leaks: string[] = [];
  let inPlace = 0;
  for (const file of files) {
    const relative = path.relative(BUILD, file).split(path.sep);
    const url = `/${relative.map(encodeURIComponent).join('/')}`;
    for (const accept of ['text/html', '*/*']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      const leaked = secrets.find((secret) => response.body.includes(secret));
      if (leaked) leaks.push(`${url} (${response.statusCode}) holds "${leaked}"`);
      if (response.statusCode !== 200 || signInFiles.has(`/${relative.join('/')}`)) continue;
      if (response.body === signIn && accept === 'text/html') inPlace += 1;
      else leaks.push(`${url} (200, Accept ${accept}) is neither a sign-in file nor the sign-in page`);
    }
  }
  await app.close();
  console.log(
    `leak test: ${files.length} files tried, ${inPlace} pages answered with the sign-in page, ${secrets.length} markers, ${leaks.length} leaks`,
  );
  expect(inPlace).toBeGreaterThan(0);
  expect(leaks).toEqual([]);
});
