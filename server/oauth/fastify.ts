/**
 * The authorization server's routes on a Fastify app: the gate's (server/app.ts), `npm start`'s MCP server
 * (server/mcp/fastify.ts) and the authorization server's Lambda function on AWS (deploy/oauth) all register
 * them with this one function.
 *
 * - `/oauth/interaction/:uid` the consent page (./consentPage.ts); `…/allow` sends the reader to the user
 *   pool's hosted UI with the MCP app client (PKCE S256, a single-use `state` kept in the store 10 minutes),
 *   `…/deny` ends the request with `access_denied`;
 * - `/oauth/callback` redeems the hosted UI's code, keeps the reader's user-pool session (./sessions.ts),
 *   grants the client the MCP scope for the MCP endpoint and lets oidc-provider finish the authorization;
 * - everything else under `/oauth/` is oidc-provider's (discovery, authorization, token, registration,
 *   revocation, JWKS), and `/.well-known/oauth-authorization-server/oauth` is its metadata at the RFC 8414
 *   address MCP clients try first.
 *
 * These paths are public (no portal session): rules/access.ts lets them through.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { AUTHORIZATION_SERVER_METADATA_PATH, MCP_OAUTH_CALLBACK_PATH, MCP_OAUTH_PREFIX } from '../../rules/mcp';
import type { AuthorizationServer, AuthorizationServerView } from './authorizationServer';
import { INTERACTION_SECONDS } from './authorizationServer';
import { escapeHtml } from '../../rules/html';
import { consentPage, readerPage } from './consentPage';
import { MCP_SCOPE } from './scopes';
import { authorizeUrl, pkce, redeemCode, UserPoolRefused, type UserPoolClient } from './userPool';

/** The store's model of a reader on their way through the hosted UI: `state` → interaction and PKCE verifier. */
export const USER_POOL_LOGIN = 'UserPoolLogin';

/** Longest `state` or `code` the callback reads, in characters. */
export const MAX_CALLBACK_PARAM_CHARS = 2048;

/** Options of {@link addAuthorizationServer}. */
export interface AuthorizationServerRoutes {
  /** The server's issuer, resource, store and readers' sessions, which the routes and the MCP endpoint read first. */
  view: AuthorizationServerView;
  /**
   * The server itself, awaited by each route that needs oidc-provider: built already ({@link builtRoutes}), or on
   * the first such request ({@link lazyRoutes}: the gate's, where oidc-provider and what it loads hold about 10 MiB
   * of resident memory that a gate no AI tool signs in to never pays, handbook/performance.md).
   */
  server(): Promise<AuthorizationServer>;
  userPool: UserPoolClient;
  productName: string;
}

/** The routes of a server built already. */
export function builtRoutes(server: AuthorizationServer, userPool: UserPoolClient, productName: string) {
  const built = Promise.resolve(server);
  return { view: server, server: () => built, userPool, productName } satisfies AuthorizationServerRoutes;
}

/**
 * The routes of a server built on its first use by `build` (once; a failed build is tried again on the next
 * request, and that request gets 500).
 */
export function lazyRoutes(
  view: AuthorizationServerView,
  build: () => Promise<AuthorizationServer>,
  userPool: UserPoolClient,
  productName: string,
): AuthorizationServerRoutes {
  let building: Promise<AuthorizationServer> | undefined;
  const server = () =>
    (building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    }));
  return { view, server, userPool, productName };
}

/** A page for the reader ({@link readerPage}), never cached; `text` is HTML, `head` added to its head. */
function page(reply: FastifyReply, status: number, title: string, text: string, head = ''): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(readerPage(title, `<p>${text}</p>`, head));
}

/**
 * Hands the request to oidc-provider as if it were mounted at `/oauth` (its path below the prefix in `url`,
 * the whole one in `originalUrl`, from which it learns the mount path), with the site's public host and scheme
 * in `Host` and `X-Forwarded-Proto`: every URL it writes names the site, however the request reached this
 * process (CloudFront sends a function URL's own host).
 */
function toProvider(server: AuthorizationServer, request: FastifyRequest, reply: FastifyReply, path?: string): void {
  reply.hijack();
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  const original = raw.url ?? '/';
  const below = path ?? original.slice(MCP_OAUTH_PREFIX.length);
  raw.url = below.startsWith('/') ? below : `/${below}`;
  raw.originalUrl = path ? `${MCP_OAUTH_PREFIX}${raw.url}` : original;
  const site = new URL(server.issuer);
  raw.headers.host = site.host;
  raw.headers['x-forwarded-proto'] = site.protocol.slice(0, -1);
  delete raw.headers['x-forwarded-host'];
  void server.provider.callback()(raw, reply.raw);
}

/** Registers the routes (see the module comment). */
export async function addAuthorizationServer(app: FastifyInstance, routes: AuthorizationServerRoutes): Promise<void> {
  const { userPool } = routes;
  const logins = routes.view.store.adapter(USER_POOL_LOGIN);
  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get(`${MCP_OAUTH_PREFIX}/interaction/:uid`, async (request, reply) => {
      const server = await routes.server();
      const details = await server.provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details) return page(reply, 400, 'This sign-in has expired', 'Start again from your AI tool.');
      const clientId = String(details.params.client_id);
      const client = await server.provider.Client.find(clientId).catch(() => undefined);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          consentPage({
            uid: details.uid,
            productName: routes.productName,
            clientId,
            clientName: client?.clientName,
            redirectUri: String(details.params.redirect_uri),
          }),
        );
    });

    scope.get(`${MCP_OAUTH_PREFIX}/interaction/:uid/allow`, async (request, reply) => {
      const server = await routes.server();
      const details = await server.provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details) return page(reply, 400, 'This sign-in has expired', 'Start again from your AI tool.');
      const state = crypto.randomBytes(32).toString('base64url');
      const { verifier, challenge } = pkce();
      await logins.upsert(state, { uid: details.uid, verifier } as never, INTERACTION_SECONDS);
      return reply.header('cache-control', 'no-store').redirect(authorizeUrl(userPool, state, challenge));
    });

    scope.get(`${MCP_OAUTH_PREFIX}/interaction/:uid/deny`, async (request, reply) => {
      const server = await routes.server();
      reply.hijack();
      const result: InteractionResults = { error: 'access_denied', error_description: 'The reader declined.' };
      await server.provider
        .interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false })
        .catch(() => reply.raw.writeHead(400).end('This sign-in has expired. Start again from your AI tool.'));
    });

    scope.get(MCP_OAUTH_CALLBACK_PATH, async (request, reply) => finishSignIn(routes, request, reply));

    scope.get(AUTHORIZATION_SERVER_METADATA_PATH, async (request, reply) =>
      toProvider(await routes.server(), request, reply, '/.well-known/openid-configuration'),
    );
    scope.all(`${MCP_OAUTH_PREFIX}/*`, async (request, reply) => toProvider(await routes.server(), request, reply));
  });
}

/**
 * `/oauth/callback`: the hosted UI's answer. The `state` is looked up and deleted (single use), the code
 * redeemed with its PKCE verifier, the reader's session kept, the client granted the MCP scope on the MCP
 * endpoint, and the browser sent on to oidc-provider, which issues the client its code. That last step is a
 * page that moves on by itself (a meta refresh, with a link), not a redirect: the hosted UI's sign-in form
 * brought the reader here, and a browser holds every redirect after a form's submission to the form page's
 * `form-action` policy, which names the portal but not the tool's own address.
 */
async function finishSignIn(routes: AuthorizationServerRoutes, request: FastifyRequest, reply: FastifyReply) {
  const { userPool } = routes;
  const server = await routes.server();
  const query = request.query as Record<string, unknown>;
  const state = typeof query.state === 'string' && query.state.length <= MAX_CALLBACK_PARAM_CHARS ? query.state : '';
  const code = typeof query.code === 'string' && query.code.length <= MAX_CALLBACK_PARAM_CHARS ? query.code : '';
  const logins = server.store.adapter(USER_POOL_LOGIN);
  const login = state ? ((await logins.find(state)) as { uid?: string; verifier?: string } | undefined) : undefined;
  if (state) await logins.destroy(state);
  const interaction = login?.uid ? await server.provider.Interaction.find(login.uid) : undefined;
  if (!login?.verifier || !interaction)
    return page(reply, 400, 'This sign-in has expired', 'Start again from your AI tool.');
  if (!code) {
    // The reader cancelled at the hosted UI, or it refused them: the client hears access_denied.
    interaction.result = { error: 'access_denied', error_description: 'The sign-in did not complete.' };
  } else {
    try {
      const signIn = await redeemCode(userPool, code, login.verifier);
      await server.sessions.save(signIn);
      const grant = new server.provider.Grant({
        accountId: signIn.sub,
        clientId: String(interaction.params.client_id),
      });
      grant.addResourceScope(server.resource, MCP_SCOPE);
      const requested = String(interaction.params.scope ?? '').split(' ');
      const oidcScopes = requested.filter((scope) => scope === 'openid' || scope === 'offline_access');
      if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
      interaction.result = {
        login: { accountId: signIn.sub, remember: false },
        consent: { grantId: await grant.save() },
      };
    } catch (error) {
      if (!(error instanceof UserPoolRefused)) throw error;
      interaction.result = { error: 'access_denied', error_description: 'The user pool refused the sign-in.' };
    }
  }
  await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / 1000)));
  const onward = escapeHtml(interaction.returnTo);
  return page(
    reply,
    200,
    'Back to your AI tool',
    `You are signed in to the ${escapeHtml(routes.productName)} developer portal. <a href="${onward}">Continue</a>`,
    `<meta http-equiv="refresh" content="0;url=${onward}">`,
  );
}
