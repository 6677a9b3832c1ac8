/**
 * A test bench for the MCP authorization server (../authorizationServer.ts, ../fastify.ts), run in a tsx child
 * process (oidc-provider is ESM only): the server on a Fastify app of its own at `http://localhost:<port>`,
 * with a stand-in user pool (its hosted UI signs whoever asks in as one reader at once, its identity endpoint
 * refreshes until the reader is disabled), a `/whoami` route behind the MCP server's token check
 * (../resourceServer.ts), and a browser that follows redirects with a cookie jar until it reaches the client.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import { LOCAL_ISSUER, mintToken } from '../../../local/identity/tokens';
import { bearerToken } from '../../../rules/access';
import { MCP_OAUTH_CALLBACK_PATH } from '../../../rules/mcp';
import { createAuthorizationServer, type AuthorizationServer } from '../authorizationServer';
import { addAuthorizationServer, builtRoutes } from '../fastify';
import { mcpAccessTokenVerifier } from '../resourceServer';
import { sqliteOAuthStore } from '../sqliteStore';

/** The one reader the stand-in pool signs in. */
export const READER = { sub: 'c0ffee00-0000-4000-8000-000000000042', email: 'reader@example.com' };
export const MCP_CLIENT_ID = 'mcp-app-client';

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The stand-in user pool: `/oauth2/authorize`, `/oauth2/token`, and `InitiateAuth` at `/`. */
export async function startUserPool() {
  const codes = new Map<string, { challenge: string; redirectUri: string; clientId: string }>();
  const refreshTokens = new Set<string>();
  const state = { disabled: false, authorizeCalls: 0 };
  const body = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const json = (res: http.ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://pool');
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      state.authorizeCalls += 1;
      const q = url.searchParams;
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        clientId: q.get('client_id') ?? '',
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(await body(req));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verified =
        grant &&
        crypto
          .createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url') === grant.challenge &&
        grant.redirectUri === form.get('redirect_uri');
      if (!verified || state.disabled) return json(res, 400, { error: 'invalid_grant' });
      const refresh = crypto.randomBytes(16).toString('hex');
      refreshTokens.add(refresh);
      return json(res, 200, {
        id_token: mintToken({ token_use: 'id', aud: MCP_CLIENT_ID, sub: READER.sub, email: READER.email }),
        access_token: mintToken({ client_id: MCP_CLIENT_ID, sub: READER.sub }),
        refresh_token: refresh,
        expires_in: 3600,
      });
    }
    if (req.method === 'POST' && url.pathname === '/') {
      const input = JSON.parse(await body(req)) as { AuthParameters?: { REFRESH_TOKEN?: string } };
      if (state.disabled || !refreshTokens.has(input.AuthParameters?.REFRESH_TOKEN ?? ''))
        return json(res, 400, { __type: 'NotAuthorizedException', message: 'User is disabled.' });
      return json(res, 200, {
        AuthenticationResult: {
          AccessToken: mintToken({ client_id: MCP_CLIENT_ID, sub: READER.sub }),
          ExpiresIn: 3600,
        },
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Options of {@link startBench}. */
export interface BenchOptions {
  /** A plainly local run (loopback client metadata documents allowed); default true. */
  localMode?: boolean;
  /** The access tokens' lifetime, in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** The certificate trusted for loopback client metadata documents (as the local hosted UI's is). */
  ca?: string;
}

/** Starts the bench. */
export async function startBench(options: BenchOptions = {}) {
  const pool = await startUserPool();
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-bench-'));
  const store = sqliteOAuthStore(dataDir);
  const userPool = {
    hostedUi: pool.url,
    identityEndpoint: `${pool.url}/`,
    issuer: LOCAL_ISSUER,
    clientId: MCP_CLIENT_ID,
    redirectUri: `${siteUrl}${MCP_OAUTH_CALLBACK_PATH}`,
    jwks: LOCAL_JWKS,
    ca: options.ca,
  };
  const server: AuthorizationServer = await createAuthorizationServer({
    siteUrl,
    store,
    userPool,
    secret: crypto.randomBytes(32).toString('hex'),
    accessTokenSeconds: options.accessTokenSeconds ?? 3600,
    refreshTokenSeconds: 30 * 86_400,
    localMode: options.localMode ?? true,
  });
  const app = Fastify();
  await addAuthorizationServer(app, builtRoutes(server, userPool, 'RegData'));
  const verifier = mcpAccessTokenVerifier(store, server.resource);
  app.get('/whoami', async (request, reply) => {
    const check = await verifier.check(bearerToken(request.headers.authorization) ?? '');
    if (!check.valid) return reply.code(401).send({ error: check.reason });
    return { sub: check.payload.sub, client_id: check.payload.client_id };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    siteUrl,
    server,
    pool,
    close: async () => {
      await app.close();
      await pool.close();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser: follows redirects and meta refreshes on `origins` with a cookie jar; stops at the first URL
 * elsewhere.
 */
export class Browser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly origins: string[]) {}

  /** GETs `url` and follows redirects; resolves with the last answer on `origins`, or the URL it left for. */
  async open(url: string): Promise<{ status: number; url: string; text: string; left?: string }> {
    let current = url;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await fetch(current, {
        redirect: 'manual',
        headers: { cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        this.jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const text = response.status < 300 || response.status >= 400 ? await response.text() : '';
      // A page that moves on by itself (the callback's meta refresh) is followed like a redirect.
      const refresh = /<meta http-equiv="refresh" content="0;url=([^"]*)">/.exec(text)?.[1]?.replaceAll('&amp;', '&');
      const location = response.headers.get('location') ?? refresh;
      if (!location) return { status: response.status, url: current, text };
      const next = new URL(location, current);
      if (!this.origins.includes(next.origin))
        return { status: response.status, url: current, text: '', left: next.href };
      current = next.href;
    }
    throw new Error('too many redirects');
  }
}
