/**
 * @jest-environment node
 *
 * The two gates, side by side: the Fastify gate (server/app.ts) and the CloudFront edge handler in front
 * of a bucket holding the same build must answer every path alike, with the same bytes (an anonymous
 * reader's page request gets the sign-in page from both), send the same file (a page's HTML or its Markdown
 * copy) for every `Accept`, and no answer of either may send a browser to another origin. Paths come from a list of known tricks and from
 * fast-check, built of segments with `//`, `\`, encoded slashes, dot segments, `index`, `.html`, `?` and `#`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import type { CloudFrontRequest, CloudFrontResultResponse } from 'aws-lambda';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, localAuth, localJwks, makeBuild, mintToken, sessionCookie } from '../../../tests/support/gate';
import { pagesWithoutMarkdown } from '../../../rules/routes';
import { publicFiles } from '../../../server/gate/publicFiles';
import { viewerRequest } from '../events';
import { createHandler, type EdgeHandler } from '../handler';

const ORIGIN = 'https://portal.example';

let buildDir: string;
let app: FastifyInstance;
let edge: EdgeHandler;
let port: number;

beforeAll(async () => {
  buildDir = makeBuild();
  app = await buildTestApp(buildDir);
  // Over a real socket: app.inject() resolves dot segments before the gate sees them; browsers and
  // proxies may not (curl --path-as-is, raw HTTP), so the gate must be checked on the target as sent.
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  edge = createHandler({
    auth: localAuth,
    jwks: localJwks,
    publicPaths: [...publicFiles(buildDir)],
    signInRoute: '/login',
    pagesWithoutMarkdown: pagesWithoutMarkdown(fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' })),
  });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  location?: string;
  /** The body of a 200, as the browser gets it. */
  body?: string;
}

/** What the Fastify gate answers for a raw request target, sent as it is, and the type of its body. */
function fastifyResponse(
  target: string,
  cookie?: string,
  accept = 'text/html',
): Promise<Answer & { contentType?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: target, headers: { accept, ...(cookie ? { cookie } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const location = response.headers.location;
          const contentType = response.headers['content-type'];
          const body = response.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : undefined;
          resolve({ status: response.statusCode!, ...(location ? { location } : {}), contentType, body });
        });
      },
    );
    request.on('error', reject);
  });
}

async function fastifyAnswer(target: string, cookie?: string): Promise<Answer> {
  const { status, location, body } = await fastifyResponse(target, cookie);
  return { status, ...(location ? { location } : {}), ...(body === undefined ? {} : { body }) };
}

/**
 * What the edge answers, with the bucket behind it: a request passed on gets 200 and the object when the build
 * holds the object it names, else 404 (the distribution's error response for 403/404 from the bucket).
 */
async function edgeAnswer(target: string, cookie?: string): Promise<Answer> {
  const [uri, ...query] = target.split('?');
  const result = await edge(viewerRequest(uri, { querystring: query.join('?'), ...(cookie ? { cookie } : {}) }));
  if ('status' in result) {
    const location = (result as CloudFrontResultResponse).headers?.location?.[0].value;
    return { status: Number(result.status), ...(location ? { location } : {}) };
  }
  const key = decodeURIComponent((result as CloudFrontRequest).uri).slice(1);
  const file = path.join(buildDir, key);
  if (!fs.existsSync(file) || key.endsWith('/')) return { status: 404 };
  return { status: 200, body: fs.readFileSync(file, 'utf8') };
}

const staysOnOrigin = (location: string | undefined) =>
  location === undefined || new URL(location, `${ORIGIN}/some/page`).origin === ORIGIN;

const cookie = () => sessionCookie({ accessToken: mintToken() });

/** Requests of the security review (its open redirect and the info items) and the usual suspects. */
const KNOWN = [
  '//evil.example/index.html',
  '//evil.example.html',
  '//evil.example/index',
  '///evil.example/index.html',
  '/\\evil.example/index.html',
  '/%2F%2Fevil.example/index.html',
  '/%5Cevil.example/index.html',
  '/.//evil.example/index.html',
  '//x',
  '/x//',
  '/a//b',
  '/docs/document_format/schema//',
  '/docs/document_format/schema.html?x=1',
  '/docs/document_format/schema/index',
  '/docs/document_format/schema/',
  '/index.html',
  '/a%3Fb',
  '/a%23b/index.html',
  '/%09/evil.example/index.html',
  '/404.html',
  '/login',
  '/assets/js/main.js',
  '/llms.txt',
];

const segment = fc.constantFrom(
  '',
  'a',
  'docs',
  'document_format',
  'schema',
  'index',
  'index.html',
  'evil.example',
  'evil.example.html',
  '.',
  '..',
  '%2e',
  '%2E%2E',
  '%2F',
  '%2f%2f',
  '%5C',
  '\\',
  '%00',
  '%09',
  '%20',
  '%3F',
  '%23',
  '@',
  ':',
  '.html',
  'login',
);
const target = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '?', '?next=//evil.example', '?a=1'))
  .map(([segments, query]) => `/${segments.join('/')}${query}`);

describe('Fastify gate and edge handler', () => {
  it.each(KNOWN)('%s: the same answer from both, signed in and anonymous, never off the origin', async (path) => {
    for (const who of [cookie(), undefined]) {
      const [server, atEdge] = [await fastifyAnswer(path, who), await edgeAnswer(path, who)];
      expect({ path, signedIn: !!who, ...atEdge }).toEqual({ path, signedIn: !!who, ...server });
      expect(staysOnOrigin(server.location)).toBe(true);
    }
  });

  it('the review’s open redirect is gone: //evil.example/index.html is refused', async () => {
    const answer = await fastifyAnswer('//evil.example/index.html', cookie());
    expect(answer).toEqual({ status: 400 });
  });

  it('send the same file of a page for every Accept: its HTML or its Markdown copy', async () => {
    const signedIn = cookie();
    const accepts = [
      'text/html,application/xhtml+xml,*/*;q=0.8',
      'text/markdown',
      'text/markdown, text/html',
      'text/html, text/markdown',
      '*/*',
    ];
    const paths = ['/docs/document_format/schema', '/docs/document_format/schema/', '/', '/login', '/404.html'];
    for (const accept of accepts) {
      for (const target of paths) {
        const server = await fastifyResponse(target, signedIn, accept);
        const result = await edge(viewerRequest(target, { accept, cookie: signedIn }));
        const atEdge = 'status' in result ? result.status : result.uri.split('.').pop();
        const fromServer = server.contentType?.startsWith('text/markdown') ? 'md' : 'html';
        expect({ target, accept, file: atEdge }).toEqual({ target, accept, file: fromServer });
      }
    }
  });

  it('agree on generated paths, and no Location leaves the origin', async () => {
    const signedIn = cookie();
    await fc.assert(
      fc.asyncProperty(target, fc.boolean(), async (path, withCookie) => {
        const who = withCookie ? signedIn : undefined;
        const [server, atEdge] = [await fastifyAnswer(path, who), await edgeAnswer(path, who)];
        expect(atEdge).toEqual(server);
        expect(staysOnOrigin(server.location)).toBe(true);
        expect(staysOnOrigin(atEdge.location)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
