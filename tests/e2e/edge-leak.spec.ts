/**
 * The leak test through the CloudFront edge handler: every file of the build, asked for
 * without a session through the bundled handler `npm run deploy:build` wrote (deploy/dist/edge), and
 * every route of the site. What the handler lets through is read from the build as the bucket would
 * serve it; no page text, operation data or search index may reach an anonymous request. What it lets through
 * is a file of the sign-in page's (server/gate/publicFiles.ts) or, for a page a browser asks for, the sign-in
 * page's own object.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CloudFrontRequest, CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import { test, expect } from '@playwright/test';
import { viewerRequest } from '../../deploy/edge/events';
import { builtFileOf, SIGN_IN_ROUTE } from '../../rules/routes';
import { publicFiles } from '../../server/gate/publicFiles';
import { filesUnder, markers } from './leakMarkers';

const BUILD = path.resolve(__dirname, '../../build');
const BUNDLE = path.resolve(__dirname, '../../deploy/dist/edge/index.js');

test('no file or route of the build reaches an anonymous request through the edge handler', async () => {
  test.setTimeout(180_000);
  expect(fs.existsSync(BUNDLE), 'run npm run deploy:build').toBe(true);
  const { handler } = (await import(BUNDLE)) as {
    handler: (e: CloudFrontRequestEvent) => Promise<CloudFrontRequest | CloudFrontResultResponse>;
  };
  const files = filesUnder(BUILD);
  const secrets = markers(files);
  const uris = files.flatMap((file) => {
    const relative = path.relative(BUILD, file).split(path.sep);
    const uri = `/${relative.map(encodeURIComponent).join('/')}`;
    return relative.at(-1) === 'index.html'
      ? [uri, uri.slice(0, -'index.html'.length) || '/', uri.slice(0, -'/index.html'.length) || '/']
      : [uri];
  });
  const signInFiles = publicFiles(BUILD);
  const signInPage = `/${builtFileOf(SIGN_IN_ROUTE)}`;
  const leaks: string[] = [];
  let passed = 0;
  for (const uri of new Set(uris)) {
    for (const accept of ['text/html', '*/*']) {
      const result = await handler(viewerRequest(uri, { accept }));
      if ('status' in result) {
        if (result.body) leaks.push(`${uri} (${result.status}) answered with a body`);
        continue;
      }
      passed += 1;
      const object = decodeURI(result.uri);
      const signInFile = signInFiles.has(decodeURI(uri)) || signInFiles.has(object);
      if (!signInFile && !(object === signInPage && accept === 'text/html'))
        leaks.push(`${uri} → ${result.uri} (Accept ${accept}) is neither a sign-in file nor the sign-in page`);
      const file = path.join(BUILD, object);
      const body = fs.existsSync(file) ? fs.readFileSync(file, 'latin1') : '';
      const leaked = secrets.find((secret) => body.includes(secret));
      if (leaked) leaks.push(`${uri} → ${result.uri} holds "${leaked}"`);
    }
  }
  console.log(
    `edge leak test: ${new Set(uris).size} paths × 2, ${passed} let through (sign-in files, and the sign-in page for pages), ${secrets.length} markers, ${leaks.length} leaks`,
  );
  expect(passed).toBeGreaterThan(0);
  expect(leaks).toEqual([]);
});
