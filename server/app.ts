/**
 * The production server of the portal: serves the Docusaurus build with @fastify/static and
 * lets nothing but the sign-in page and its assets out to a request that does not carry a valid
 * Cognito access token. The access check is one `onRequest` hook that runs before any file is read.
 *
 * An anonymous page request (a browser's, `Accept: text/html`) is answered with the sign-in page at its own
 * address, exactly as `/login` is answered; anonymous requests for anything else (JS chunks,
 * `search-index.json`, sitemap, feeds, a script's request) get 401 with no body. A page asked for with
 * `Accept: text/markdown` is answered with its Markdown copy (rules/negotiation.ts). A request whose access
 * token has expired but which still has a refresh token gets the sign-in page too, where Amplify refreshes
 * the session and shows the page without asking for the password.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import { normalisedPath, pageRoutesOf, SIGN_IN_ROUTE, sitePathsOf } from '../rules/routes';
import { ENCODINGS, type Coding } from '../rules/buildFiles';
import { decide, OUTSIDE_GROUP_TEXT, sameOriginLocation, type GateSettings } from '../rules/access';
import { negotiatedFile } from '../rules/negotiation';
import { PROTECTED_RESOURCE_METADATA_PATHS } from '../rules/mcp';
import { LOOPBACK_HOSTNAMES } from '../rules/hosts';
import { addMcp, mcpGateRules, type AppMcpOptions } from './mcp/fastify';
import { addInsights } from './insights/fastify';
import type { InsightsStore } from './insights/store';
import { mcpContentOf } from './mcp/content';
import { hideServerErrors } from './errors';

export type { AppMcpOptions };
import { cspDirectives, readInlineScriptHashes, type CspOrigins } from './gate/csp';
import { addHostCheck } from './gate/hosts';
import { publicFiles } from './gate/publicFiles';
import { gateRequestOf } from './gate/request';
import { ASSET_CACHE_CONTROL, helmetOptions, PAGE_CACHE_CONTROL, PAGE_VARY } from './gate/securityHeaders';
import type { AccessTokenVerifier } from './gate/verifier';

/** Path of the health check for load balancers. */
export const HEALTH_PATH = '/healthz';

/** Options of {@link buildApp}. */
export interface AppOptions {
  /** The Docusaurus output folder. */
  buildDir: string;
  /** The user pool app client whose cookies hold the tokens. */
  appClientId: string;
  verifier: AccessTokenVerifier;
  /** Origins for the Content-Security-Policy. */
  csp: CspOrigins;
  /** Whether the site is served over TLS; turns on HSTS. */
  tls: boolean;
  /** Fastify logger option (default off). */
  logger?: boolean;
  /**
   * Where to write one JSON access-log line per response (method, path, status, access verdict, duration
   * in ms; never a token, a cookie or the query string); off when unset. `npm run serve` turns it on in
   * production (a real user pool configured).
   */
  accessLog?: (line: string) => void;
  /** The MCP server at `/mcp`; off when unset. */
  mcp?: AppMcpOptions;
  /** Where `POST /insights/events` keeps reader insights (server/insights); the route is off when unset. */
  insights?: InsightsStore;
  /**
   * The `Host` names answered (config/env.ts `acceptedHostnames`: the loopback names, and SITE_URL's in
   * Cognito mode); any other gets 421 before anything else runs, against DNS rebinding (rules/hosts.ts).
   * Default: the loopback names only.
   */
  acceptedHostnames?: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The decoded request path, set by the gate. */
    sitePath: string;
    /** The request's query with its `?` (`''` for none or a bare `?`), set by the gate. */
    siteSearch: string;
  }
}

/**
 * Builds the app without listening (tests call `app.inject()`).
 *
 * @throws {Error} when `buildDir` lacks the sign-in page or `sign-in-assets.json` (run `npm run build`).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const buildDir = path.resolve(options.buildDir);
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 1024 },
    return503OnClosing: true,
  });
  hideServerErrors(app);
  app.decorateRequest('sitePath', '');
  app.decorateRequest('siteSearch', '');
  // First of all hooks: a page rebound to this machine by DNS gets nothing, not even a token verified.
  // The health check answers any name: a load balancer probes the target's IP, and it tells nothing.
  addHostCheck(app, options.acceptedHostnames ?? LOOPBACK_HOSTNAMES, { anyHost: [HEALTH_PATH] });
  await registerHeadersAndFiles(app, buildDir, options);
  const files = siteFiles(buildDir);
  const pages = htmlPages(buildDir, new Set(files.values()));
  const sendFile = (request: FastifyRequest, reply: FastifyReply, sitePath = request.sitePath) =>
    sendSiteFile(files, pages, request, reply, sitePath);
  addGate(app, sendFile, {
    // A load balancer's health check needs no token.
    // The MCP client reads the protected-resource metadata before it has a token (RFC 9728).
    publicPaths: new Set([
      ...publicFiles(buildDir),
      HEALTH_PATH,
      ...(options.mcp ? PROTECTED_RESOURCE_METADATA_PATHS : []),
    ]),
    appClientId: options.appClientId,
    verifier: options.verifier,
    signInRoute: SIGN_IN_ROUTE,
    servesPages: true,
    ...(options.mcp ? mcpGateRules(options.mcp) : {}),
  });
  if (options.mcp) await addMcp(app, options.mcp, mcpContentOf(buildDir, options.mcp));
  if (options.insights) {
    const pages: ReadonlySet<string> = new Set(pageRoutesOf(files.values()));
    addInsights(app, options.insights, () => pages, options.mcp?.siteUrl);
  }
  if (options.accessLog) addAccessLog(app, options.accessLog);

  // No content, no token, not a file of the build (so in no sitemap): "the process is up".
  app.get(HEALTH_PATH, (_request, reply) => reply.code(204).header('cache-control', 'no-store').send());

  app.route({ method: 'GET', url: '/*', handler: (request, reply) => sendFile(request, reply) });
  return app;
}

/**
 * Security headers (helmet, from the table of gate/securityHeaders.ts, with the build's CSP hashes) and the
 * static files of the build.
 */
async function registerHeadersAndFiles(app: FastifyInstance, buildDir: string, options: AppOptions): Promise<void> {
  // helmet's middleware, built once: @fastify/helmet builds a new one, parsing every CSP directive (hundreds of
  // script hashes), on each request, most of the gate's garbage under load (handbook/performance.md).
  const securityHeaders = helmet(
    helmetOptions(cspDirectives(readInlineScriptHashes(buildDir), options.csp), options.tls),
  );
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // Assets go out in the brotli or gzip copy written by `npm run build` when the client accepts it,
  // with `Vary: Accept-Encoding`; without a copy, or for a client that accepts neither, as they are.
  await app.register(fastifyStatic, {
    root: buildDir,
    serve: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    preCompressed: true,
  });
}

/**
 * The one access check (CONTRIBUTING.md "For engineers", Servers): before routing, before any file is
 * read. The decision is the one the CloudFront edge handler makes too (rules/access.ts). The sign-in page a
 * decision names is sent here, by `sendFile` as its own path would be, so no route runs for the request.
 */
function addGate(
  app: FastifyInstance,
  sendFile: (request: FastifyRequest, reply: FastifyReply, sitePath: string) => FastifyReply | Promise<FastifyReply>,
  rules: GateSettings,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const decision = await decide(gateRequestOf(request), rules);
    if (decision.pass) {
      request.sitePath = decision.path;
      request.siteSearch = decision.search;
      request.readerSubject = decision.subject;
      request.mcpTokenIssuedBy = decision.issuedBy;
      reply.header('x-gate', decision.access);
      return undefined;
    }
    if (decision.status === 200) {
      reply.header('x-gate', decision.access);
      return sendFile(request, reply, decision.page);
    }
    reply.header('cache-control', 'no-store');
    if (decision.status === 403)
      return reply.code(403).header('content-type', 'text/plain; charset=utf-8').send(OUTSIDE_GROUP_TEXT);
    if (!('access' in decision)) return reply.code(decision.status).send();
    reply.header('x-gate', decision.access);
    if (decision.status === 302) return reply.redirect(decision.location, 302);
    if (decision.wwwAuthenticate) reply.header('www-authenticate', decision.wwwAuthenticate);
    return reply.code(401).send();
  });
}

/** One JSON line per response ({@link AppOptions.accessLog}): never a token, a cookie or the query. */
function addAccessLog(app: FastifyInstance, accessLog: (line: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    accessLog(
      JSON.stringify({
        time: new Date().toISOString(),
        method: request.method,
        path: request.sitePath || request.url.split('?')[0],
        status: reply.statusCode,
        access: reply.getHeader('x-gate') ?? 'refused',
        ms: Math.round(reply.elapsedTime * 10) / 10,
      }),
    );
  });
}

/** One encoding of a built HTML page held in memory, with its entity tag. */
interface PageBody {
  body: Buffer;
  etag: string;
}

/** A built HTML page held in memory in every coding the build wrote (`identity` always). */
type CachedPage = Partial<Record<Coding, PageBody>> & { identity: PageBody };

/** Codings a page can be sent in, best first; the negotiator picks by the request's `Accept-Encoding`. */
const pageCodings = new Negotiator<Coding>({ supportedValues: [...ENCODINGS.map((e) => e.coding), 'identity'] });

/**
 * Every HTML page of the build, read once with its brotli and gzip copies (the build does not change
 * while the server runs; the memory held is the size of those files): serving a page then costs no
 * file-system call, which is most of a request's time. Other files (hashed assets) go through @fastify/static.
 */
function htmlPages(buildDir: string, relativeFiles: Set<string>): Map<string, CachedPage> {
  const pages = new Map<string, CachedPage>();
  const tag = (body: Buffer, coding: Coding) =>
    `"${crypto.createHash('sha1').update(body).digest('base64url')}${coding === 'identity' ? '' : `-${coding}`}"`;
  for (const relative of relativeFiles) {
    if (!relative.endsWith('.html')) continue;
    const file = path.join(buildDir, relative);
    const identity = fs.readFileSync(file);
    const page: CachedPage = { identity: { body: identity, etag: tag(identity, 'identity') } };
    for (const { coding, suffix } of ENCODINGS) {
      if (!relativeFiles.has(relative + suffix)) continue;
      const body = fs.readFileSync(file + suffix);
      page[coding] = { body, etag: tag(identity, coding) };
    }
    pages.set(relative, page);
  }
  return pages;
}

/** The best encoding of a page the client accepts (`identity` when it names none the build wrote). */
function pageBodyFor(page: CachedPage, acceptEncoding: string | undefined): { coding: Coding; body: PageBody } {
  const wanted = acceptEncoding ? pageCodings.negotiate(acceptEncoding) : null;
  const coding = wanted && page[wanted] ? wanted : 'identity';
  return { coding, body: page[coding]! };
}

/**
 * Request path → file of the build (relative), computed once: the build does not change while the
 * server runs; which paths a file answers is rules/routes.ts `sitePathsOf`.
 */
export function siteFiles(buildDir: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of fs.readdirSync(buildDir, { recursive: true, encoding: 'utf8' })) {
    if (!fs.statSync(path.join(buildDir, name)).isFile()) continue;
    const relative = name.split(path.sep).join('/');
    for (const sitePath of sitePathsOf(relative)) map.set(sitePath, relative);
  }
  return map;
}

/** Sends the file of the build `sitePath` names (the request's own path, or the sign-in page the gate chose). */
function sendSiteFile(
  files: Map<string, string>,
  pages: Map<string, CachedPage>,
  request: FastifyRequest,
  reply: FastifyReply,
  sitePath: string,
) {
  const normalised = normalisedPath(sitePath);
  if (normalised !== null) return reply.redirect(sameOriginLocation(normalised, request.siteSearch), 301);

  const file = files.get(sitePath);
  if (!file) {
    return reply.code(404).header('cache-control', PAGE_CACHE_CONTROL).sendFile('404.html', { cacheControl: false });
  }
  const page = pages.get(file);
  if (page) {
    reply.header('cache-control', PAGE_CACHE_CONTROL).header('vary', PAGE_VARY);
    const markdown = negotiatedFile(file, request.headers.accept, (copy) => files.has(`/${copy}`));
    // @fastify/static sends the copy's brotli or gzip file, its entity tag and `text/markdown; charset=utf-8`.
    if (markdown !== file) return reply.sendFile(markdown, { cacheControl: false });
    const { coding, body } = pageBodyFor(page, request.headers['accept-encoding']);
    reply.header('etag', body.etag);
    if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.type('text/html; charset=utf-8').send(body.body);
  }
  const hashedAsset = file.startsWith('assets/');
  reply.header('cache-control', hashedAsset ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
  return reply.sendFile(file, { cacheControl: false });
}
