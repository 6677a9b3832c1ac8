/**
 * @jest-environment node
 *
 * The insights function behind CloudFront's `/insights/*` answers as the Fastify gate does for every kind of
 * caller (the one access decision, rules/access.ts; the session's cookies come as a list in a function URL
 * event), refuses what did not come through the distribution (the origin secret), bodies over 8 KB, requests
 * from another site's page and routes that are not pages of the build as the gate does, and keeps what it
 * records in its store as the gate does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import type { FastifyInstance } from 'fastify';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { INSIGHTS_EVENTS_PATH, MAX_INSIGHTS_BODY_BYTES, type ReaderUse } from '../../../rules/insights';
import { pageRoutesOf } from '../../../rules/routes';
import type { InsightRow, InsightsStore } from '../../../server/insights/store';
import { buildTestApp, forgedToken, localAuth, makeBuild, mintToken, sessionCookie } from '../../../tests/support/gate';
import { createInsightsHandler } from '../handler';
import { ORIGIN_SECRET_HEADER } from '../../functionUrl/originSecret';

/** A store in memory, as the tests need it. */
function memoryStore(): InsightsStore & { kept: Map<string, InsightRow> } {
  const kept = new Map<string, InsightRow>();
  const secrets = new Map<string, Buffer>();
  const quota = new Map<string, ReaderUse>();
  return {
    kept,
    async put(rows, claim) {
      const key = `${claim.reader}|${claim.day}`;
      const used = quota.get(key) ?? { events: 0, commentBytes: 0 };
      const after = {
        events: used.events + claim.use.events,
        commentBytes: used.commentBytes + claim.use.commentBytes,
      };
      if (after.events > claim.quota.events || after.commentBytes > claim.quota.commentBytes) return false;
      quota.set(key, after);
      for (const row of rows) kept.set(row.id, row);
      return true;
    },
    async monthSecret(month) {
      if (!secrets.has(month)) secrets.set(month, Buffer.alloc(32, month));
      return secrets.get(month)!;
    },
    async rows() {
      return [...kept.values()];
    },
  };
}

const ORIGIN_SECRET = 'Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Ma4Nb6Qc8Se0Tu';
const SITE_URL = 'https://portal.example.com';
const store = memoryStore();
let gate: FastifyInstance;
const buildDir = makeBuild();
for (const page of ['docs/x', 'docs/kept']) {
  fs.mkdirSync(path.join(buildDir, page), { recursive: true });
  fs.writeFileSync(path.join(buildDir, page, 'index.html'), '<!doctype html><p>A page</p>');
}
// The pages deploy:build bakes in: the routes of the build's .html files, as the gate reads them.
const pages = pageRoutesOf(
  fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/')),
);
const handler = createInsightsHandler(
  { auth: localAuth, jwks: LOCAL_JWKS, siteUrl: SITE_URL, pages },
  store,
  ORIGIN_SECRET,
);

beforeAll(async () => {
  gate = await buildTestApp(buildDir, { insights: memoryStore() });
});
afterAll(() => gate.close());

type Result = Exclude<LambdaFunctionURLResult, string>;

/** A function URL event (payload format 2.0) as CloudFront forwards it, the Cookie header as Lambda splits it. */
function event(method: string, rawPath: string, headers: Record<string, string | undefined>, body?: string) {
  const { cookie, ...rest } = headers;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    cookies: cookie?.split('; '),
    headers: Object.fromEntries(
      Object.entries({ [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET, ...rest }).filter((entry) => entry[1] !== undefined),
    ),
    body,
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath } },
  } as unknown as LambdaFunctionURLEvent;
}

const VOTE = JSON.stringify({ events: [{ type: 'vote', route: '/docs/x', helpful: true }] });
const callers: [string, Record<string, string>][] = [
  ['no token', {}],
  ['a session cookie', { cookie: sessionCookie({ accessToken: mintToken() }) }],
  ['an expired token', { authorization: `Bearer ${mintToken({ exp: 1 })}` }],
  ['a forged token', { authorization: `Bearer ${forgedToken()}` }],
  ['an ID token', { authorization: `Bearer ${mintToken({ token_use: 'id' })}` }],
  ['an access token', { authorization: `Bearer ${mintToken()}` }],
  ['an access token asking not to be tracked', { authorization: `Bearer ${mintToken()}`, dnt: '1' }],
];

test.each(callers)('%s: the function answers as the gate does', async (_who, headers) => {
  const fromFunction = (await handler(event('POST', INSIGHTS_EVENTS_PATH, headers, VOTE))) as Result;
  const fromGate = await gate.inject({ method: 'POST', url: INSIGHTS_EVENTS_PATH, headers, payload: VOTE });
  expect(fromFunction.statusCode).toBe(fromGate.statusCode);
  expect(fromFunction.headers?.['www-authenticate']).toBe(fromGate.headers['www-authenticate']);
});

const NOT_A_PAGE = JSON.stringify({ events: [{ type: 'vote', route: '/docs/not-a-page', helpful: true }] });
const refusals: [string, Record<string, string>, string][] = [
  ['an Origin of another site', { origin: 'https://evil.example' }, VOTE],
  ['Origin: null', { origin: 'null' }, VOTE],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, VOTE],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, VOTE],
  ['a route that is not a page of the build', {}, NOT_A_PAGE],
];

test.each(refusals)('%s: the function refuses it as the gate does', async (_what, headers, body) => {
  const token = { authorization: `Bearer ${mintToken()}` };
  const fromFunction = (await handler(event('POST', INSIGHTS_EVENTS_PATH, { ...token, ...headers }, body))) as Result;
  const fromGate = await gate.inject({
    method: 'POST',
    url: INSIGHTS_EVENTS_PATH,
    headers: { ...token, ...headers },
    payload: body,
  });
  expect(fromFunction.statusCode).toBe(fromGate.statusCode);
  expect(fromFunction.statusCode).toBeGreaterThanOrEqual(400);
  // The same refusal, naming the same field (the gate's own host is localhost, the function's SITE_URL's).
  const shape = ({ message, ...rest }: { message: string }) => ({ ...rest, field: message.split(':')[0] });
  expect(shape(JSON.parse(fromFunction.body!))).toEqual(shape(fromGate.json()));
});

test('the site’s own origin passes: Origin is SITE_URL’s (the function’s Host is its URL’s), text/plain as sendBeacon sends', async () => {
  const cookie = sessionCookie({ accessToken: mintToken({ sub: 'reader-2' }) });
  const answer = (await handler(
    event(
      'POST',
      INSIGHTS_EVENTS_PATH,
      {
        cookie,
        host: 'abc123.lambda-url.eu-west-2.on.aws',
        origin: SITE_URL,
        'sec-fetch-site': 'same-origin',
        'content-type': 'text/plain;charset=UTF-8',
      },
      JSON.stringify({ events: [{ type: 'read', route: '/docs/x/' }] }),
    ),
  )) as Result;
  expect(answer.statusCode).toBe(204);
  expect([...store.kept.values()].some((row) => row.event === 'read' && row.route === '/docs/x')).toBe(true);
});

test('a signed-in reader’s events are kept in the store; a vote replaces the reader’s earlier one', async () => {
  const cookie = sessionCookie({ accessToken: mintToken({ sub: 'reader-1' }) });
  const vote = (helpful: boolean) => JSON.stringify({ events: [{ type: 'vote', route: '/docs/kept?tab=1', helpful }] });
  expect(((await handler(event('POST', INSIGHTS_EVENTS_PATH, { cookie }, vote(true)))) as Result).statusCode).toBe(204);
  expect(((await handler(event('POST', INSIGHTS_EVENTS_PATH, { cookie }, vote(false)))) as Result).statusCode).toBe(
    204,
  );
  const votes = [...store.kept.values()].filter((row) => row.route === '/docs/kept');
  expect(votes.map((row) => row.value)).toEqual(['no']);
  expect(JSON.stringify(votes)).not.toContain('reader-1');
});

test('without the origin secret: 403 before anything else', async () => {
  const answer = (await handler(
    event(
      'POST',
      INSIGHTS_EVENTS_PATH,
      { [ORIGIN_SECRET_HEADER]: undefined, authorization: `Bearer ${mintToken()}` },
      VOTE,
    ),
  )) as Result;
  expect(answer.statusCode).toBe(403);
});

test('a body over 8 KB: 413; malformed: 400 naming the field; another path 421, another method 405', async () => {
  const token = { authorization: `Bearer ${mintToken()}` };
  const big = JSON.stringify({
    events: [{ type: 'comment', route: '/docs/x', text: 'x'.repeat(MAX_INSIGHTS_BODY_BYTES) }],
  });
  expect(((await handler(event('POST', INSIGHTS_EVENTS_PATH, token, big))) as Result).statusCode).toBe(413);
  const encoded = {
    ...event('POST', INSIGHTS_EVENTS_PATH, token, Buffer.from(big).toString('base64')),
    isBase64Encoded: true,
  };
  expect(((await handler(encoded)) as Result).statusCode).toBe(413);
  const malformed = (await handler(
    event('POST', INSIGHTS_EVENTS_PATH, token, '{"events":[{"type":"vote"}]}'),
  )) as Result;
  expect(malformed.statusCode).toBe(400);
  expect(JSON.parse(malformed.body!).message).toMatch(/^events\.0\.route: /);
  expect(((await handler(event('GET', '/insights/other', token))) as Result).statusCode).toBe(421);
  expect(((await handler(event('GET', INSIGHTS_EVENTS_PATH, token))) as Result).statusCode).toBe(405);
});

test('over the reader’s daily quota: 429 with Retry-After, as the gate answers it', async () => {
  const token = { authorization: `Bearer ${mintToken({ sub: 'reader-over-quota' })}` };
  const twenty = JSON.stringify({ events: Array.from({ length: 20 }, () => ({ type: 'read', route: '/docs/x' })) });
  const answers = (await Promise.all(
    Array.from({ length: 51 }, () => handler(event('POST', INSIGHTS_EVENTS_PATH, token, twenty))),
  )) as Result[];
  expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(50);
  const over = answers.find((answer) => answer.statusCode === 429)!;
  expect(Number(over.headers!['retry-after'])).toBeGreaterThan(0);
  expect(JSON.parse(over.body!)).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
});
