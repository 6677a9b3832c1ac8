/**
 * The MCP endpoint in Fastify: the gate (server/app.ts) registers it beside the site, and `npm start` runs
 * it alone next to the dev server ({@link buildMcpDevApp}), which proxies `/mcp` to it. Either way the
 * request has passed the one access decision (rules/access.ts) before it gets here, so no body is read
 * for a caller without a valid token.
 */
import { hideServerErrors } from '../errors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { decide, refusalWithoutPages, type AccessTokenVerifier, type GateSettings } from '../../rules/access';
import {
  MCP_MAX_BODY_BYTES,
  MCP_PATH,
  PROTECTED_RESOURCE_METADATA_METHODS,
  PROTECTED_RESOURCE_METADATA_PATHS,
  protectedResourceMetadata,
} from '../../rules/mcp';
import { SITE_SEARCH_INDEX_PATH } from '../../rules/buildFiles';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { ContentMissing, type McpContent } from './content';
import { addHostCheck } from '../gate/hosts';
import { gateRequestOf } from '../gate/request';
import { bodyTooLarge, handleMcpRequest, notJson, refusal } from './http';
import { addInsights } from '../insights/fastify';
import type { InsightsStore } from '../insights/store';
import { addAuthorizationServer, type AuthorizationServerRoutes } from '../oauth/fastify';
import { callApiToken, metadataAuthorizationServer, mcpOAuthRules } from './oauth';

declare module 'fastify' {
  interface FastifyRequest {
    /** On `/mcp`: who issued the token the access decision let in (rules/access.ts `issuedBy`). */
    mcpTokenIssuedBy?: 'user-pool' | 'authorization-server';
  }
}

/** What the gate's MCP endpoint needs (server/mcp). */
export interface AppMcpOptions {
  /** The site's public URL without a trailing slash: the resource the metadata names. */
  siteUrl: string;
  productName: string;
  /** The portal's version, reported to MCP clients. */
  version: string;
  /** The user pool's issuer (config/env.ts `userPoolIssuer`): the authorization server when {@link oauth} is unset. */
  issuer: string;
  /**
   * The portal's authorization server for MCP clients (server/oauth), served beside the endpoint: the
   * protected-resource metadata names it, and the tokens it issues open `/mcp`.
   */
  oauth?: AuthorizationServerRoutes;
  /** Where `call_api` sends requests (config/env.ts `mcp.callApiBase`). */
  callApiBase: string | null;
  /** The bundled contract; default: the build's downloadable copy. */
  contractFile?: string;
}

/**
 * The MCP endpoint (server/mcp/http.ts) and its RFC 9728 metadata. The gate's hook has already checked the
 * bearer token (rules/access.ts); the handler gets it for `call_api`. Fastify reads and parses the body
 * within the route's `bodyLimit` (rules/mcp.ts `MCP_MAX_BODY_BYTES`: by `content-length`, and by the bytes
 * that arrive when there is none), and a refused body gets the same JSON-RPC error as from the Lambda
 * function.
 */
export async function addMcp(app: FastifyInstance, options: AppMcpOptions, content: McpContent): Promise<void> {
  const authorizationServer = metadataAuthorizationServer(options.issuer, options.oauth?.view);
  const metadata = protectedResourceMetadata(options.siteUrl, authorizationServer, options.productName);
  if (options.oauth) await addAuthorizationServer(app, options.oauth);
  const allow = PROTECTED_RESOURCE_METADATA_METHODS.join(', ');
  for (const metadataPath of PROTECTED_RESOURCE_METADATA_PATHS) {
    app.get(metadataPath, (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(metadata));
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: metadataPath,
      handler: (_request, reply) => reply.code(405).header('allow', allow).header('cache-control', 'no-store').send(),
    });
  }
  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: MCP_PATH,
    bodyLimit: MCP_MAX_BODY_BYTES,
    errorHandler: (error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, bodyTooLarge());
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(reply, notJson());
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return send(reply, refusal(415, 'Unsupported Media Type: Content-Type must be application/json.'));
      }
      throw error;
    },
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await handleMcpRequest(
        new Request(`${options.siteUrl}${MCP_PATH}`, { method: request.method, headers }),
        {
          content,
          siteUrl: options.siteUrl,
          productName: options.productName,
          version: options.version,
          call: {
            base: options.callApiBase,
            token: await callApiToken(
              { issuedBy: request.mcpTokenIssuedBy, subject: request.readerSubject },
              request.headers.authorization,
              options.oauth?.view,
            ),
          },
        },
        request.body ?? undefined,
      );
      return send(reply, response);
    },
  });
}

/**
 * The access decision's rules' MCP part for `options`: where the endpoint is, and, with the authorization
 * server, the check of its tokens.
 */
export function mcpGateRules(options: AppMcpOptions): Pick<GateSettings, 'mcpSiteUrl' | 'mcpOAuthVerifier'> {
  return { mcpSiteUrl: options.siteUrl, ...mcpOAuthRules(options.oauth?.view) };
}

/** Sends a Fetch `Response` (server/mcp/http.ts answers with one) through Fastify's reply. */
async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * The MCP endpoint alone, behind the same access decision (for `npm start`, whose dev server has no gate):
 * `/mcp` needs a bearer access token, the metadata is public, anything else is 404. With `insights`, it also
 * records reader insights (server/insights) for the routes `insights.pages` names, which the dev server
 * proxies here too. With `siteSearchIndex`, it answers the search bar's index (`SITE_SEARCH_INDEX_PATH`, JSON) to a
 * signed-in reader, as the gate serves the built one (plugins/dev-search proxies it here).
 */
export async function buildMcpDevApp(
  options: AppMcpOptions,
  auth: { appClientId: string; verifier: AccessTokenVerifier },
  content: McpContent,
  acceptedHostnames: readonly string[],
  insights?: { store: InsightsStore; pages: () => ReadonlySet<string> },
  siteSearchIndex?: () => Promise<string>,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  hideServerErrors(app);
  // First, before the access check: a page rebound to this machine could otherwise call the tools with a
  // token it signs with the local identity's public key, and no token of it is even verified.
  addHostCheck(app, acceptedHostnames);
  const rules = {
    publicPaths: new Set(PROTECTED_RESOURCE_METADATA_PATHS),
    appClientId: auth.appClientId,
    verifier: auth.verifier,
    signInRoute: SIGN_IN_ROUTE,
    ...mcpGateRules(options),
  };
  app.addHook('onRequest', async (request, reply) => {
    // Reader insights come with the session's cookies (rules/insights.ts); `/mcp` ignores them.
    const decision = await decide(gateRequestOf(request), rules);
    if (decision.pass) {
      request.readerSubject = decision.subject;
      request.mcpTokenIssuedBy = decision.issuedBy;
      return undefined;
    }
    const { status, headers } = refusalWithoutPages(decision);
    return reply.code(status).headers(headers).send();
  });
  await addMcp(app, options, content);
  if (insights) addInsights(app, insights.store, insights.pages, options.siteUrl);
  if (siteSearchIndex) {
    app.get(SITE_SEARCH_INDEX_PATH, async (_request, reply) => {
      let json: string;
      try {
        json = await siteSearchIndex();
      } catch (error) {
        // The pages are not listed yet, or one does not parse: the bar gets no index (and records no search).
        const reason = error instanceof ContentMissing ? error.message : 'the pages could not be read for the index';
        return reply.code(503).header('cache-control', 'no-store').send({ error: reason });
      }
      // Made again whenever a source changes: never kept by the browser.
      return reply.header('cache-control', 'no-store').type('application/json').send(json);
    });
  }
  return app;
}
