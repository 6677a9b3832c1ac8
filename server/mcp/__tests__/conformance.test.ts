/**
 * @jest-environment node
 *
 * The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.1.16, its server scenarios, the
 * 2025-06-18 and 2025-11-25 revisions) against the portal's MCP server in the gate, in process and offline.
 * A forwarding proxy in front adds the demo user's access token (signed with the local identity service's
 * key); tests/support/conformance.ts says how the suite runs and what its baseline holds. About 2 s.
 * tests/e2e/mcp-oauth.spec.ts runs it again with a token an AI tool got by OAuth.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../../config/openapi';
import { MCP_PATH } from '../../../rules/mcp';
import { buildApp } from '../../app';
import { createAccessTokenVerifier } from '../../gate/verifier';
import { localAuth, localJwks, makeBuild, mintToken } from '../../../tests/support/gate';
import {
  PASSING_SCENARIOS,
  runConformance,
  startTokenProxy,
  type TokenProxy,
} from '../../../tests/support/conformance';

let gate: FastifyInstance;
let proxy: TokenProxy;

beforeAll(async () => {
  let gatePort = 0;
  const token = mintToken();
  proxy = await startTokenProxy({ port: () => gatePort, token: async () => token });
  // The site is where its clients reach it: the proxy's address, so the suite's own Origin is the site's.
  const siteUrl = proxy.url;
  const buildDir = makeBuild();
  fs.mkdirSync(path.join(buildDir, 'api/v1'), { recursive: true });
  fs.writeFileSync(path.join(buildDir, 'api/v1/openapi.json'), JSON.stringify(loadContract()));
  fs.writeFileSync(path.join(buildDir, 'index.md'), '# Home\n');
  gate = await buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: [] },
    tls: false,
    mcp: { siteUrl, productName: 'RegData', version: '0.1.0', issuer: 'http://idp.test', callApiBase: null },
  });
  gatePort = Number(new URL(await gate.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await proxy.close();
  await gate.close();
});

test('every server scenario of the conformance suite passes but those its baseline names', async () => {
  const { code, summary } = await runConformance(`${proxy.url}${MCP_PATH}`);
  // The summary and the baseline's verdict (unexpected failures, stale entries) end the output.
  expect({ code, summary: code === 0 ? 'shown on failure' : summary }).toEqual({
    code: 0,
    summary: 'shown on failure',
  });
  for (const scenario of PASSING_SCENARIOS) {
    expect(summary).toMatch(new RegExp(`^✓ ${scenario}: \\d+ passed, 0 failed$`, 'm'));
  }
  // The rebinding scenario's foreign Host went through the proxy to the gate, which refused it.
  expect(proxy.hosts).toContain('evil.example.com');
});
