/**
 * The local OpenID Connect identity provider: a stand-in for a customer's corporate IdP
 * behind the "{product} SSO" button, built on oidc-provider (OpenID Certified). One seeded person, a plain
 * login page, and one client: the local hosted UI, which federates the person into the local user pool.
 * Local mode only; its keys are generated at each start.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { Configuration } from 'oidc-provider';
import { LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import { hostCheckedListener } from '../../server/gate/hosts';
import { originCheckedListener, type OriginPolicy } from '../origins';

/** The person who can sign in at the local IdP. The password is for the local IdP only. */
export interface IdpPerson {
  /** Stable subject id (`sub`). */
  sub: string;
  email: string;
  password: string;
  name: string;
}

/** The relying party the IdP knows: the local hosted UI's `/oauth2/idpresponse`. */
export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Options of {@link startLocalIdp}. */
export interface LocalIdpOptions {
  /** TCP port on 127.0.0.1 (default 9240); the issuer names it, so it must be a real port, not 0. */
  port?: number;
  person: IdpPerson;
  client: IdpClient;
  /**
   * The portal's origins (../origins.ts `portalOrigins`): their pages get oidc-provider's CORS grant. Any
   * other site's page is refused (403), but for the top-level navigations of the sign-in flow. Default none.
   */
  allowedOrigins?: readonly string[];
}

/** A running local IdP. */
export interface LocalIdp {
  /** The issuer, e.g. `http://localhost:9240`; discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  close(): Promise<void>;
}

/** The login page's error for a wrong email or password (as the IdP shows it). */
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain login page of the local IdP. */
function loginPage(uid: string, error?: string, email = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local IdP: sign in</title><link rel="icon" href="data:,">
<style>body{font:16px system-ui;max-width:24rem;margin:4rem auto}label,input,button{display:block;width:100%;margin:.4rem 0}input,button{padding:.5rem}.error{color:#b00020}</style></head>
<body><h1>Local identity provider</h1><p>The stand-in for your organisation's sign-in (local mode only).</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" value="${escape(email)}" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form></body></html>`;
}

/**
 * What the login interaction's `400` says about `error`: oidc-provider's own errors (an unknown or expired
 * interaction) by their OAuth error code, which is meant for clients; anything else as a fixed text, with
 * the error in the console, since its message may name a file of this machine.
 */
export function interactionErrorText(error: unknown): string {
  const oauth = error as { expose?: unknown; error?: unknown };
  if (error instanceof Error && oauth.expose === true && typeof oauth.error === 'string') return oauth.error;
  console.error('[idp] The login interaction failed:', error);
  return "the login failed: the IdP's console says why";
}

/** Reads an urlencoded form body. */
async function formOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the IdP on 127.0.0.1. The browser reaches it by top-level navigations from any site (the hosted UI
 * sends it to `/auth`; the login form posts to the IdP itself), so those are answered; a fetch or form post
 * from another site's page is refused (../origins.ts).
 *
 * @throws {Error} when the port is taken (`EADDRINUSE`).
 */
export async function startLocalIdp({
  port = 9240,
  person,
  client,
  allowedOrigins = [],
}: LocalIdpOptions): Promise<LocalIdp> {
  // oidc-provider is ESM only.
  const { default: Provider } = await import('oidc-provider');
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, providerConfiguration({ person, client, allowedOrigins }));
  // Behind the Host check: a page rebound to this machine by DNS must not sign in as the person; behind the
  // origin check: nor may another site's page (oidc-provider grants CORS to any origin on discovery and JWKS).
  const policy: OriginPolicy = { service: 'the local IdP', allowedOrigins, navigations: true };
  const listener = originCheckedListener(interactionHandler(provider, person), () => policy);
  const server = http.createServer(hostCheckedListener(listener, LOOPBACK_HOSTNAMES));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * oidc-provider's configuration: one client (the hosted UI), a signing key drawn for this run, `person` as the only
 * account, the ID token with the email, and no consent screen.
 */
function providerConfiguration({
  person,
  client,
  allowedOrigins,
}: Required<Pick<LocalIdpOptions, 'person' | 'client' | 'allowedOrigins'>>): Configuration {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'local-idp', alg: 'RS256', use: 'sig' };
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    // CORS of the token and userinfo endpoints: the portal's pages only, as everywhere else here.
    clientBasedCORS: (_ctx, origin) => allowedOrigins.includes(origin),
    // The hosted UI reads the person's email from the ID token, as Cognito does with an OIDC provider.
    conformIdTokenClaims: false,
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Grant: 86_400, Session: 86_400, Interaction: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      if (sub !== person.sub) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: person.email, email_verified: true, name: person.name };
        },
      };
    },
    // The hosted UI is this IdP's only, first-party client: no consent screen.
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
}

/**
 * The IdP's HTTP handler: the login interaction (its form, the person's credentials checked in constant
 * time) on `/interaction/<uid>`, oidc-provider's own endpoints everywhere else.
 */
function interactionHandler(
  provider: InstanceType<typeof import('oidc-provider').default>,
  person: LocalIdpOptions['person'],
): http.RequestListener {
  const callback = provider.callback();
  return async (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const { uid, prompt } = await provider.interactionDetails(req, res);
      res.setHeader('cache-control', 'no-store');
      if (prompt.name !== 'login') throw new Error(`unexpected prompt ${prompt.name}`);
      if (!match[2]) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid));
      const form = await formOf(req);
      const email = form.get('email') ?? '';
      const good =
        email.toLowerCase() === person.email.toLowerCase() &&
        crypto.timingSafeEqual(
          crypto
            .createHash('sha256')
            .update(form.get('password') ?? '')
            .digest(),
          crypto.createHash('sha256').update(person.password).digest(),
        );
      if (!good)
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(loginPage(uid, WRONG_CREDENTIALS, email));
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`Local IdP: ${interactionErrorText(error)}`);
    }
  };
}
