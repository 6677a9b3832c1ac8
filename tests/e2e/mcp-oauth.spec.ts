/**
 * AI tools sign in by OAuth: the MCP SDK's own client (`@modelcontextprotocol/client`, its OAuth support)
 * connects to the MCP server of `npm run serve` knowing only its URL. It finds the authorization server from
 * the 401 and the protected-resource metadata, names itself by a Client ID Metadata Document this test serves
 * over https (or, as Claude Code, by its pre-registered id), sends the reader to the consent page, which names
 * the tool and where it sends them, and through the hosted UI's real sign-in form (Playwright), takes the code
 * on a loopback port of its choosing, and its tools answer, `call_api` with the reader's own access. Its access
 * tokens last 5 s here (playwright.config.ts): it refreshes and keeps working, until an operator disables
 * the reader with `npm run users -- disable`. The official conformance suite then runs with a token got this
 * way. The authorization server's refusals (a wrong redirect URI, a missing or wrong PKCE verifier, a reused
 * code, a metadata document on a private address) are tested in server/oauth/__tests__/flow.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { auth, Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { Page } from '@playwright/test';
import { LOCAL_USER_POOL_ID } from '../../config/env';
import { MCP_PATH } from '../../rules/mcp';
import { audit, blocking, lines } from '../a11y/audit';
import { cognitoCall } from '../support/cognito';
import { PASSING_SCENARIOS, runConformance, startTokenProxy } from '../support/conformance';
import { test, expect } from '../support/e2e';
import { loopbackCallback, ToolOAuthProvider, type LoopbackCallback } from '../support/mcpOAuth';

// The hosted UI's certificate is self-signed: a person accepts the browser's warning once.
test.use({ ignoreHTTPSErrors: true });

const SITE = 'http://localhost:3000';
const SERVER_URL = new URL(MCP_PATH, SITE);
const IDENTITY = 'http://localhost:9229/';
/** MCP_OAUTH_ACCESS_TOKEN_SECONDS of the test server (playwright.config.ts). */
const ACCESS_TOKEN_MS = 5_000;
const PASSWORD = 'T00l-Reader!Passw0rd';
/** The local hosted UI's certificate and key, which a plainly local run trusts for loopback documents. */
const LOCAL_TLS = path.resolve(__dirname, '../../.local/hostedUi');

/** A reader of their own for each test (the identity data lives as long as the test server). */
async function newReader(label: string): Promise<string> {
  const email = `tool-${label}-${Date.now()}@example.com`;
  const created = await cognitoCall(IDENTITY, 'AdminCreateUser', {
    UserPoolId: LOCAL_USER_POOL_ID,
    Username: email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const set = await cognitoCall(IDENTITY, 'AdminSetUserPassword', {
    UserPoolId: LOCAL_USER_POOL_ID,
    Username: email,
    Password: PASSWORD,
    Permanent: true,
  });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  return email;
}

/** A new SDK client for `provider`'s tool, connected (it throws UnauthorizedError when not signed in). */
async function connectTool(provider: ToolOAuthProvider): Promise<Client> {
  const client = new Client({ name: 'portal-e2e-tool', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(SERVER_URL, { authProvider: provider }));
  return client;
}

/**
 * The tool connects knowing only the server's URL, the reader allows it on the consent page and signs in on
 * the hosted UI's form; the code reaches the tool's loopback listener and the tool connects with its tokens.
 * `onConsent` looks at the consent page first.
 */
async function signInThroughTool(
  page: Page,
  provider: ToolOAuthProvider,
  callback: LoopbackCallback,
  email: string,
  onConsent: (page: Page) => Promise<void>,
): Promise<Client> {
  const first = new StreamableHTTPClientTransport(SERVER_URL, { authProvider: provider });
  await expect(new Client({ name: 'portal-e2e-tool', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.authorizationUrl?.origin, 'the SDK sends the reader to the portal').toBe(SITE);
  const arrived = callback.next();
  await page.goto(provider.authorizationUrl!.href);
  await onConsent(page);
  await page.getByRole('link', { name: 'Sign in and allow' }).click();
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const query = await arrived;
  await expect(page.getByText('Signed in: you can close this window.')).toBeVisible();
  expect(query.get('iss')).toBe(`${SITE}/oauth`);
  await first.finishAuth(query);
  return connectTool(provider);
}

/** Waits until the tool's current access token has expired. */
async function outlive(provider: ToolOAuthProvider): Promise<void> {
  const wait = provider.saved.at(-1)!.at + ACCESS_TOKEN_MS + 500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * The tool's access token expires and the SDK refreshes it on the 401, so the next call goes through; an
 * operator disables the reader with `npm run users -- disable`, and at the next refresh the tool is refused
 * and must sign the reader in again.
 */
async function refreshesUntilDisabled(tool: Client, provider: ToolOAuthProvider, email: string): Promise<void> {
  const issued = provider.tokens()!;
  const count = provider.saved.length;
  await outlive(provider);
  const read = await call<{ route: string }>(tool, 'read_page', { route: '/docs/services/interrogator' });
  expect(read.route).toBe('/docs/services/interrogator');
  expect(provider.saved.length).toBeGreaterThan(count);
  expect(provider.tokens()!.access_token).not.toBe(issued.access_token);
  expect(provider.tokens()!.refresh_token, 'each refresh replaces the refresh token').not.toBe(issued.refresh_token);

  execFileSync('npm', ['run', '-s', 'users', '--', 'disable', email], { encoding: 'utf8', stdio: 'pipe' });
  await outlive(provider);
  const before = provider.authorizationUrl;
  await expect(tool.listTools()).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.tokens(), 'the refused tokens are dropped').toBeUndefined();
  expect(provider.authorizationUrl, 'the SDK asks the reader to sign in again').not.toBe(before);
}

/** The structured content of a tool call that must succeed. */
async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

test('a tool named by its metadata document signs the reader in, refreshes, and is refused once the reader is disabled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tls = {
    key: fs.readFileSync(path.join(LOCAL_TLS, 'localhost.key')),
    cert: fs.readFileSync(path.join(LOCAL_TLS, 'localhost.crt')),
  };
  let documentUrl = '';
  let fetched = 0;
  const documents = https.createServer(tls, (_request, response) => {
    fetched += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: documentUrl,
        client_name: 'Metadata Tool E2E',
        application_type: 'native',
        // Any port on the loopback address, as a desktop tool chooses its own (RFC 8252 §7.3).
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentUrl = `https://localhost:${(documents.address() as AddressInfo).port}/client.json`;
  const callback = await loopbackCallback();
  const email = await newReader('metadata');
  const provider = new ToolOAuthProvider({ metadataUrl: documentUrl, name: 'Metadata Tool E2E' }, callback.url);
  try {
    const tool = await signInThroughTool(page, provider, callback, email, async (consent) => {
      await expect(consent.getByRole('heading', { level: 1 })).toHaveText(
        'Allow an AI tool to use the RegData developer portal as you?',
      );
      const main = consent.getByRole('main');
      await expect(main).toContainText(
        `Metadata Tool E2E (as described by localhost:${new URL(documentUrl).port}) asks to use`,
      );
      await expect(main).toContainText(`you go back to a program on this computer (${callback.url})`);
    });
    expect(fetched, 'the authorization server read the metadata document').toBeGreaterThan(0);
    expect(provider.clientInformation()?.client_id).toBe(documentUrl);
    const [issued] = provider.saved;
    expect(issued.tokens).toMatchObject({ token_type: 'Bearer', expires_in: 5, scope: 'mcp' });
    expect(issued.tokens.refresh_token).toBeTruthy();

    const { tools } = await tool.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'call_api',
      'get_operation',
      'list_operations',
      'read_page',
      'search_docs',
    ]);
    const { results } = await call<{ results: { route: string }[] }>(tool, 'search_docs', {
      query: 'How do I get an access token?',
    });
    expect(results.length).toBeGreaterThan(0);
    // call_api sends the reader's own user-pool access token, never the tool's.
    const answer = await call<{ status: number }>(tool, 'call_api', { operation: 'list-domains' });
    expect(answer.status).toBe(200);

    await refreshesUntilDisabled(tool, provider, email);
    await tool.close();
  } finally {
    await callback.close();
    await new Promise((resolve) => documents.close(resolve));
  }
});

test('Claude Code, pre-registered, on a loopback port of its choosing: the same, and the conformance suite passes with its token', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const callback = await loopbackCallback();
  const email = await newReader('claude');
  const provider = new ToolOAuthProvider({ clientId: 'claude-code', name: 'Claude Code' }, callback.url);
  try {
    const tool = await signInThroughTool(page, provider, callback, email, async (consent) => {
      await expect(consent.getByRole('main')).toContainText('Claude Code (client claude-code) asks to use');
      // The page the reader decides on meets WCAG 2.2 AA in light and dark, at desktop and phone widths.
      const findings = await audit(consent, 'consent page');
      expect(lines(blocking(findings))).toEqual([]);
    });
    const { results } = await call<{ results: { route: string }[] }>(tool, 'search_docs', {
      query: 'Which errors can the API return?',
    });
    expect(results.length).toBeGreaterThan(0);

    // The suite's client sends no Authorization header: the proxy adds the tool's token, refreshed (one
    // refresh at a time: each one replaces the refresh token) when it is about to expire.
    let refreshing: Promise<unknown> | undefined;
    const token = async () => {
      if (Date.now() - provider.saved.at(-1)!.at > ACCESS_TOKEN_MS - 1_500)
        await (refreshing ??= auth(provider, { serverUrl: SERVER_URL }).finally(() => (refreshing = undefined)));
      return provider.tokens()!.access_token;
    };
    const proxy = await startTokenProxy({ port: () => 3000, token, siteOrigin: SITE });
    try {
      const { code, summary } = await runConformance(`${proxy.url}${MCP_PATH}`);
      expect({ code, summary: code === 0 ? 'shown on failure' : summary }).toEqual({
        code: 0,
        summary: 'shown on failure',
      });
      for (const scenario of PASSING_SCENARIOS)
        expect(summary).toMatch(new RegExp(`^✓ ${scenario}: \\d+ passed, 0 failed$`, 'm'));
      expect(proxy.hosts).toContain('evil.example.com');
    } finally {
      await proxy.close();
    }
    await refreshesUntilDisabled(tool, provider, email);
    await tool.close();
  } finally {
    await callback.close();
  }
});
