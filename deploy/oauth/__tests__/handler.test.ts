/**
 * @jest-environment node
 *
 * The portal's authorization server on AWS (../handler.ts), driven by function URL events in a tsx child
 * (./functions.ts; oidc-provider is ESM only): the bundle `npm run deploy:build` makes loads on this Node with
 * oidc-provider inside it, refuses what did not come through the distribution, serves its RFC 8414 metadata for
 * the issuer `<site>/oauth`, and never answers 404 (CloudFront would serve the site's 404 page instead); through
 * the same handler a reader signs in for a tool (cookies as a function URL carries them), the tool redeems its
 * code, and the MCP function, sharing the store, takes the tool's token and sends the reader's user-pool access
 * token to the API.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const result = JSON.parse(
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'functions.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    timeout: 120_000,
  })
    .trim()
    .split('\n')
    .at(-1)!,
);
const { bundle, signIn } = result;
const SITE = 'https://portal.example.com';

describe('the bundle deploy:build makes', () => {
  it('holds oidc-provider in one CommonJS file that loads with require, as Lambda loads it', () => {
    // The handler answered below only if the bundle loaded and oidc-provider started inside it.
    expect(bundle.codeBytes).toBeGreaterThan(500_000);
    expect(bundle.metadata.status).toBe(200);
  });

  it('refuses a request without the distribution’s origin secret, or with another, before anything else', () => {
    expect([bundle.withoutSecret, bundle.wrongSecret]).toEqual([403, 403]);
  });

  it('serves the RFC 8414 metadata at /.well-known/oauth-authorization-server/oauth for the issuer <site>/oauth', () => {
    expect(bundle.metadata).toEqual({
      status: 200,
      issuer: `${SITE}/oauth`,
      endpoints: [`${SITE}/oauth/auth`, `${SITE}/oauth/token`, `${SITE}/oauth/reg`],
      pkce: ['S256'],
    });
    expect(bundle.discovery).toBe(200);
  });

  it('answers an address it does not serve with 421, never a 404 CloudFront would replace with the site’s page', () => {
    expect(bundle.unknownAddress).toBe(421);
    // Not its path: the gate's decision refuses it; a malformed one is a 400.
    expect(bundle.notItsPath).toBe(401);
    expect(bundle.malformed).toBe(400);
  });

  it('refuses a body over oidc-provider’s own limit before decoding it', () => {
    expect(bundle.bigBody).toBe(413);
  });
});

describe('a sign-in through the function, as on AWS', () => {
  it('keeps the interaction in cookies carried as a function URL carries them (a list, not Set-Cookie)', () => {
    expect(signIn.toInteraction).toEqual({
      status: 303,
      location: expect.stringMatching(/^\/oauth\/interaction\/[\w-]+$/),
    });
    expect(signIn.cookiesAsList).toBe(true);
    expect(signIn.consent).toEqual({ status: 200, namesTool: true });
  });

  it('signs the reader in at the hosted UI and sends the tool its code, with its state and the issuer', () => {
    expect(signIn.poolAuthorizeCalls).toBe(1);
    expect(signIn.returned).toEqual({
      to: 'http://127.0.0.1:45678/callback',
      state: 'the-state',
      iss: `${SITE}/oauth`,
    });
    expect(signIn.tokens).toEqual({ status: 200, type: 'Bearer', scope: 'mcp', refresh: true });
  });

  it('hands oidc-provider the query as sent, so a parameter sent twice is refused as OAuth requires', () => {
    expect(signIn.parameterTwice).toEqual({ status: 400, refused: true });
  });

  it('the MCP function takes the tool’s token from the store and call_api sends the reader’s user-pool token', () => {
    expect(signIn.mcp).toEqual({
      status: 200,
      apiStatus: 200,
      sentToolToken: false,
      sentReaderPoolToken: { sub: result.reader, client_id: 'mcp-app-client', token_use: 'access' },
    });
  });
});
