/**
 * @jest-environment node
 *
 * Under `npm start` the search bar's index comes from the MCP server beside the dev server (plugins/dev-search):
 * it answers it, made from the sources, to a signed-in reader's page only, never kept by the browser (a writer's
 * next save changes it), and answers 503 while the pages cannot be listed, so the bar gets no index and shows (and
 * records) no search that found nothing.
 */
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../../../config/env';
import { SITE_SEARCH_INDEX_PATH } from '../../../rules/buildFiles';
import { listenMcpDev } from '../../listen';
import { ContentMissing, mcpContentOf } from '../content';
import { localJwks, mintToken, sessionCookie } from '../../../tests/support/gate';

// The authorization server for AI tools is ESM only (server/__tests__/hosts.test.ts says why it is left out here).
jest.mock('../../oauth/fromEnv', () => ({ authorizationServerOf: async () => undefined }));

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** The MCP server of `npm start` whose search bar index is what `index` answers. */
async function devServer(index: () => Promise<string>): Promise<FastifyInstance> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const app = await listenMcpDev(
    parseEnv({ MCP_DEV_PORT: String(port) }),
    { jwks: localJwks },
    mcpContentOf('/no/build', { contractFile: '/no/contract.json' }),
    () => new Set(),
    index,
  );
  apps.push(app);
  return app;
}

/** The search worker's request: the page's cookies, as a same-origin fetch sends them, with the bar's `?_=` query. */
const fetchIndex = (app: FastifyInstance, cookie?: string) =>
  app.inject({ url: `${SITE_SEARCH_INDEX_PATH}?_=dev`, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

it('answers the index to a signed-in reader, never to be kept, and nothing to anyone else', async () => {
  const json = JSON.stringify([{ documents: [], index: {} }]);
  const app = await devServer(async () => json);
  const answer = await fetchIndex(app, sessionCookie({ accessToken: mintToken() }));
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.body).toBe(json);
  const anonymous = await fetchIndex(app);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.body).toBe('');
});

it('answers 503 with the reason while the pages are not listed yet, and the index once they are', async () => {
  let ready = false;
  const app = await devServer(async () => {
    if (!ready) throw new ContentMissing('The list of pages is not ready.');
    return '[]';
  });
  const cookie = sessionCookie({ accessToken: mintToken() });
  const early = await fetchIndex(app, cookie);
  expect(early.statusCode).toBe(503);
  expect(early.headers['cache-control']).toBe('no-store');
  expect(early.json()).toEqual({ error: 'The list of pages is not ready.' });
  ready = true;
  expect((await fetchIndex(app, cookie)).statusCode).toBe(200);
});
