/**
 * @jest-environment node
 *
 * The MCP authorization server's flows (./flow.ts runs them in a tsx child: oidc-provider is ESM only):
 * discovery at the RFC 8414 address, dynamic registration and a Client ID Metadata Document, the consent page
 * naming the client and where it sends the reader, the hosted UI's round trip, the code with `state` and
 * `iss`, tokens for the MCP endpoint that its check accepts, refresh; and the refusals: a reused code (and
 * what it issued revoked), a missing or wrong PKCE verifier, a redirect URI the client did not register, a
 * metadata document on a private address (and on loopback in a deployment), a refresh after the user pool
 * disabled the reader.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const result = JSON.parse(
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'flow.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    timeout: 120_000,
  })
    .trim()
    .split('\n')
    .at(-1)!,
);

it('publishes its metadata where MCP clients look: PKCE S256, metadata documents, registration, iss', () => {
  expect(result.metadata).toEqual({
    issuer: expect.stringMatching(/^http:\/\/localhost:\d+\/oauth$/),
    pkce: ['S256'],
    cimd: true,
    registration: true,
    iss: true,
  });
});

it('shows the reader which client asks and where it sends them, then signs them in through the hosted UI', () => {
  expect(result.consent).toEqual({ status: 200, namesClient: true, namesDestination: true });
  expect(result.returned).toEqual({
    origin: 'http://127.0.0.1:45678',
    state: 'the-state',
    iss: result.metadata.issuer,
    code: true,
  });
});

it('issues tokens for the MCP endpoint that its check accepts, as the reader, and refreshes them', () => {
  expect(result.tokens).toEqual({ status: 200, type: 'Bearer', refresh: true, scope: 'mcp' });
  expect(result.whoami).toEqual({ status: 200, body: { sub: result.reader, client_id: expect.any(String) } });
  expect(result.refreshed).toEqual({ status: 200, whoami: 200 });
});

it('serves a client that names itself by a metadata document', () => {
  expect(result.cimd).toEqual({
    namesClient: true,
    describedBy: true,
    whoami: { sub: result.reader, client_id: expect.stringMatching(/^https:\/\/localhost:\d+\/client\.json$/) },
  });
});

it('refuses a reused code and revokes what it gave, and a code without its PKCE verifier or with another', () => {
  expect(result.reusedCode).toBe('invalid_grant');
  expect(result.revokedAfterReuse).toBe(401);
  expect(result.withoutVerifier).toBe('invalid_grant');
  expect(result.wrongVerifier).toBe('invalid_grant');
});

it('refuses a redirect URI the client did not register, without sending the reader there', () => {
  expect(result.wrongRedirect).toEqual({ status: 400, left: null });
});

it('fetches no metadata document from a private address, nor from loopback in a deployment', () => {
  expect(result.privateDocument).toEqual({ status: 400, left: null });
  expect(result.deployedLoopbackDocument).toEqual({ status: 400, left: null });
});

it('refuses a refresh once the user pool refuses the reader (disabled or signed out everywhere)', () => {
  expect(result.afterDisable).toBe('invalid_grant');
});
