/**
 * @jest-environment node
 *
 * Reader insights through the gate: `POST /insights/events` behind the same access decision as every page (a
 * session cookie or a Bearer token; anonymous 401), from the portal's own pages only (403 for another
 * origin), bodies over 8 KB refused with 413 and malformed ones or routes that are not pages of the build
 * with 400 naming the field, `DNT`/`Sec-GPC` honoured; what is kept holds no IP, token or user id (the test reads
 * the SQLite store), and a reader's vote on a page is one, which a new vote replaces.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { INSIGHTS_EVENTS_PATH, MAX_INSIGHTS_BODY_BYTES } from '../../rules/insights';
import { sqliteInsightsStore, insightsFileOf } from '../insights/sqliteStore';
import { expiryOf, readerKeyOf } from '../insights/record';
import { buildTestApp, makeBuild, mintToken, sessionCookie } from '../../tests/support/gate';

const USER = 'b7d3c5a0-0000-4000-8000-000000000001';
let buildDir: string;
let dataDir: string;
let store: ReturnType<typeof sqliteInsightsStore>;
let app: FastifyInstance;
const token = mintToken({ sub: USER });

/** The pages the tests post events about, beside the fake build's own. */
const PAGES = ['/docs/votes', '/docs/kinds', '/docs/private', '/docs/anonymous', '/docs/dnt', '/docs/big', '/docs/x'];

beforeAll(async () => {
  buildDir = makeBuild();
  for (const page of [...PAGES, '/api/v1/search-documents']) {
    fs.mkdirSync(path.join(buildDir, page), { recursive: true });
    fs.writeFileSync(path.join(buildDir, page, 'index.html'), '<!doctype html><p>A page</p>');
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-'));
  store = sqliteInsightsStore(dataDir);
  app = await buildTestApp(buildDir, { insights: store });
});

afterAll(async () => {
  await app.close();
  store.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: INSIGHTS_EVENTS_PATH,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const withCookie = { cookie: sessionCookie({ accessToken: token }) };
const withBearer = { authorization: `Bearer ${token}` };

test('a signed-in reader’s vote is kept once per page, and a new vote replaces it', async () => {
  const vote = (helpful: boolean) =>
    post({ events: [{ type: 'vote', route: '/docs/votes?x=1#top', helpful }] }, withCookie);
  expect((await vote(true)).statusCode).toBe(204);
  expect((await vote(false)).statusCode).toBe(204);
  const votes = (await store.rows()).filter((row) => row.event === 'vote' && row.route === '/docs/votes');
  expect(votes.map((row) => row.value)).toEqual(['no']);
});

test('a script’s Bearer token records too; every kind of event is kept with its route, value and day', async () => {
  const response = await post(
    {
      events: [
        { type: 'comment', route: '/docs/kinds', text: 'The example misses the page_size parameter.' },
        { type: 'search-empty', route: '/docs/kinds', query: 'sanction delta feed' },
        { type: 'try', route: '/api/v1/search-documents', operation: 'searchDocuments', status: '4xx' },
        { type: 'copy', route: '/api/v1/search-documents', operation: 'searchDocuments' },
      ],
    },
    withBearer,
  );
  expect(response.statusCode).toBe(204);
  const rows = await store.rows();
  const today = new Date().toISOString().slice(0, 10);
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        event: 'comment',
        route: '/docs/kinds',
        value: 'The example misses the page_size parameter.',
      }),
      expect.objectContaining({ event: 'search-empty', value: 'sanction delta feed' }),
      expect.objectContaining({ event: 'try', operation: 'searchDocuments', value: '4xx', day: today }),
      expect.objectContaining({ event: 'copy', operation: 'searchDocuments', value: '' }),
    ]),
  );
  for (const row of rows) expect(row.expires).toBe(expiryOf(row.day));
});

test('the store holds no IP address, token, user id or user name; the reader key is the month’s HMAC', async () => {
  await post(
    { events: [{ type: 'vote', route: '/docs/private', helpful: true }] },
    { ...withCookie, 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Probe/1.0' },
  );
  const bytes = fs.readFileSync(insightsFileOf(dataDir)).toString('latin1');
  const wal = fs.existsSync(`${insightsFileOf(dataDir)}-wal`)
    ? fs.readFileSync(`${insightsFileOf(dataDir)}-wal`).toString('latin1')
    : '';
  for (const secret of [USER, token, 'demo@example.com', '203.0.113.9', '127.0.0.1', 'Probe/1.0'])
    expect({ secret, kept: (bytes + wal).includes(secret) }).toEqual({ secret, kept: false });
  const month = new Date().toISOString().slice(0, 7);
  const row = (await store.rows()).find((r) => r.route === '/docs/private')!;
  expect(row.reader).toBe(readerKeyOf(USER, await store.monthSecret(month)));
});

test('anonymous 401, a bad Bearer token 401, and nothing is kept', async () => {
  const before = (await store.rows()).length;
  const event = { events: [{ type: 'vote', route: '/docs/anonymous', helpful: true }] };
  expect((await post(event)).statusCode).toBe(401);
  expect((await post(event, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  expect((await store.rows()).length).toBe(before);
});

test('a body over 8 KB is refused with 413 before it is read', async () => {
  const text = 'x'.repeat(MAX_INSIGHTS_BODY_BYTES);
  const response = await post({ events: [{ type: 'comment', route: '/docs/big', text }] }, withCookie);
  expect(response.statusCode).toBe(413);
});

test.each([
  ['not JSON', '{"events": [', /^body: not JSON/],
  ['an unknown event', { events: [{ type: 'rating', route: '/docs/x', stars: 5 }] }, /^events\.0\.type: /],
  [
    'a comment over 1,000 characters',
    { events: [{ type: 'comment', route: '/docs/x', text: 'y'.repeat(1001) }] },
    /^events\.0\.text: /,
  ],
  [
    'a route that is not a site path',
    { events: [{ type: 'vote', route: 'https://evil.test/', helpful: true }] },
    /^events\.0\.route: /,
  ],
  [
    'a route that is not a page of the site',
    {
      events: [
        { type: 'read', route: '/docs/x' },
        { type: 'read', route: '/docs/bench-1' },
      ],
    },
    /^events\.1\.route: not a page of this site/,
  ],
  [
    'a route with a line break',
    { events: [{ type: 'comment', route: '/docs/x\n# Pwned', text: 'hi' }] },
    /^events\.0\.route: not a page of this site/,
  ],
  [
    'a field the event does not have',
    { events: [{ type: 'vote', route: '/docs/x', helpful: true, ip: '1.2.3.4' }] },
    /^events\.0: /,
  ],
  ['no events', { events: [] }, /^events: /],
])('%s is refused with 400 naming the field', async (_name, body, message) => {
  const response = await post(body, withCookie);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toMatch(message);
});

test.each([
  ['DNT: 1', { dnt: '1' }],
  ['Sec-GPC: 1', { 'sec-gpc': '1' }],
])('a request with %s is answered 204 and nothing is kept', async (_name, header) => {
  const before = (await store.rows()).length;
  const response = await post(
    { events: [{ type: 'vote', route: '/docs/dnt', helpful: false }] },
    { ...withCookie, ...header },
  );
  expect(response.statusCode).toBe(204);
  expect((await store.rows()).length).toBe(before);
});

test('a route with a trailing slash or percent-encoded is kept as its page’s route', async () => {
  const response = await post(
    {
      events: [
        { type: 'read', route: '/docs/kinds/' },
        { type: 'read', route: '/docs/%6Binds?from=search#top' },
      ],
    },
    withCookie,
  );
  expect(response.statusCode).toBe(204);
  expect((await store.rows()).filter((row) => row.event === 'read').map((row) => row.route)).toEqual([
    '/docs/kinds',
    '/docs/kinds',
  ]);
});

describe('a request from another site’s page is refused with 403, and nothing is kept', () => {
  const vote = { events: [{ type: 'vote', route: '/docs/x', helpful: false }] };
  test.each([
    ['an Origin of another site', { origin: 'https://evil.example' }, /^origin: evil\.example is not this site/],
    ['an Origin on another port', { origin: 'http://localhost:8080' }, /^origin: localhost:8080 is not this site/],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }, /^origin: not an origin/],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, /^sec-fetch-site: cross-site/],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, /^sec-fetch-site: same-site/],
    [
      'a same-origin Origin with Sec-Fetch-Site: cross-site',
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
      /^sec-fetch-site: /,
    ],
  ])('%s', async (_name, headers, message) => {
    const before = (await store.rows()).length;
    const response = await post(vote, { ...withCookie, host: 'localhost:3000', ...headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.stringMatching(message),
    });
    expect((await store.rows()).length).toBe(before);
  });

  test('the page’s own origin passes, as sendBeacon sends it: text/plain, Origin and Sec-Fetch-Site: same-origin', async () => {
    const response = await post(
      { events: [{ type: 'vote', route: '/docs/x', helpful: true }] },
      {
        ...withCookie,
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'text/plain;charset=UTF-8',
      },
    );
    expect(response.statusCode).toBe(204);
    expect((await store.rows()).find((row) => row.event === 'vote' && row.route === '/docs/x')?.value).toBe('yes');
  });
});

test('a reader over the daily quota gets 429 with Retry-After; what they sent before, and other readers’ events, are kept', async () => {
  const flooder = { authorization: `Bearer ${mintToken({ sub: 'flooder' })}` };
  const twenty = { events: Array.from({ length: 20 }, () => ({ type: 'read', route: '/docs/big' })) };
  const answers = await Promise.all(Array.from({ length: 51 }, () => post(twenty, flooder)));
  expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(50);
  const over = answers.find((answer) => answer.statusCode === 429)!;
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  expect(over.json()).toMatchObject({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.stringMatching(/^events: /),
  });
  expect((await store.rows()).filter((row) => row.route === '/docs/big')).toHaveLength(1000);
  expect((await post({ events: [{ type: 'read', route: '/docs/big' }] }, withBearer)).statusCode).toBe(204);
});
