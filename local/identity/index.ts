/**
 * The local identity service: cognito-local (npm, MIT) run in-process with a fixed user pool, app
 * client and demo user, the shims Amplify v6 needs, and a local inbox of delivered codes.
 * Cognito cannot be reached from this project's machines; Amplify talks to this service through
 * `Auth.Cognito.userPoolEndpoint` in local mode. Its signing key ships inside the npm package, so
 * tokens it issues must never be trusted outside local mode. It answers the portal's pages and clients
 * outside a browser, never another site's page (../origins.ts), and the inbox to no page at all.
 */
import './quiet-sdk';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cors from 'cors';
import pino from 'pino';
import { createServer } from 'cognito-local/lib/server/server';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import { hostCheckedListener } from '../../server/gate/hosts';
import { originCheckedListener, type OriginPolicy } from '../origins';
import { answerError, withoutInternals } from './errors';
import { MessageInbox, type LocalMessage } from './messages';
import type { PoolAdapter } from '../hostedUi/app';
import { poolAdapter } from './federation';
import { withShims } from './shims';
import { invitingMessages } from './adminShims';
import type { InvitationTemplate } from '../../rules/invitation';
import { seed, type SeedPlan, type SeedUser } from './seed';
import { PROJECT_ROOT } from '../../config/paths';

export type { LocalMessage } from './messages';
export type { SeedUser } from './seed';

/** Options of {@link startLocalIdentity}. */
export interface LocalIdentityOptions {
  /** TCP port on 127.0.0.1 (default 9229); 0 picks a free one. */
  port?: number;
  /** Folder of cognito-local's JSON data files; created if missing. */
  dataDir: string;
  userPoolId: string;
  appClientId: string;
  /** Users created on start when missing (existing users are left as they are). */
  users: SeedUser[];
  /** MFA of the pool when it is created (default `OPTIONAL`). */
  mfa?: 'OPTIONAL' | 'ON';
  /** pino log level of cognito-local (default `error`; `silent` for none). */
  logLevel?: pino.LevelWithSilent;
  /** Called for each delivered code (e.g. to print it). */
  onMessage?: (message: LocalMessage) => void;
  /** A second app client, for scripts, with its own access-token lifetime (./seed.ts `SeedPlan`). */
  scriptsClient?: SeedPlan['scriptsClient'];
  /** The MCP app client and its callback URLs, for the hosted UI's code flow (./seed.ts `SeedPlan`). */
  mcpClient?: SeedPlan['mcpClient'];
  /** The invitation an `AdminCreateUser` sends (rules/invitation.ts); without it, the code alone. */
  invitation?: InvitationTemplate;
  /**
   * The portal's origins (../origins.ts `portalOrigins`): their pages may call the service, with the CORS
   * grant; a page of any other origin is refused (403). Default none: only clients that are not web pages.
   */
  allowedOrigins?: readonly string[];
}

/** A running local identity service. */
export interface LocalIdentity {
  /** Base URL, e.g. `http://localhost:9229`: Amplify's `userPoolEndpoint` and the token issuer domain. */
  url: string;
  /** Token issuer, `<url>/<userPoolId>`; its JWKS is at `<issuer>/.well-known/jwks.json`. */
  issuer: string;
  /** Codes delivered so far (also at `GET <url>/_local/messages`). */
  inbox: MessageInbox;
  /** Password sign-in, federated users and their tokens, for the local hosted UI. */
  pool: PoolAdapter;
  /** Stops listening; resolves when every connection is closed. */
  close(): Promise<void>;
}

/**
 * Starts cognito-local on `port`, creates the user pool, app client and users when missing, and adds
 * `GET /_local/messages` (JSON list of {@link LocalMessage}) and `DELETE /_local/messages`. Pages of
 * `options.allowedOrigins` may call the Cognito API, no other page may call anything, and no page at all
 * reads or clears the inbox (../origins.ts).
 *
 * @throws {Error} when the port is taken (`EADDRINUSE`) or the data folder cannot be written.
 */
export async function startLocalIdentity(options: LocalIdentityOptions): Promise<LocalIdentity> {
  const port = options.port ?? 9229;
  const logger = pino({ level: options.logLevel ?? 'error' });
  const ctx = { logger };
  fs.mkdirSync(options.dataDir, { recursive: true });

  // The issuer must name the port actually bound; with port 0 it is known only after listen, so the
  // token config is filled in below before any request can arrive.
  const tokenConfig: Config['TokenConfig'] = { IssuerDomain: `http://localhost:${port}` };
  const config: Config = {
    ...DefaultConfig,
    UserPoolDefaults: {},
    TokenConfig: tokenConfig,
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const inbox = new MessageInbox({ onDeliver: options.onMessage });
  const services = await cognitoServices(options, ctx, config, inbox);
  const { clock, cognito } = services;

  const { userPoolId, appClientId, users, mfa, scriptsClient, mcpClient } = options;
  await seed(ctx, cognito, clock, { userPoolId, appClientId, users, mfa, scriptsClient, mcpClient });

  const router = withoutInternals(withShims(Router(services), services));
  const server = createServer(router, logger, config.ServerConfig, services);
  addInbox(server.application, inbox);
  // Last, so it answers every error above without Express's stack trace (./errors.ts).
  server.application.use(answerError);
  const { hostname } = config.ServerConfig;
  const httpServer = await listenBehindChecks(server.application, options.allowedOrigins ?? [], port, hostname);
  const address = httpServer.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://localhost:${boundPort}`;
  tokenConfig.IssuerDomain = url;

  return {
    url,
    issuer: `${url}/${options.userPoolId}`,
    inbox,
    pool: poolAdapter(ctx, cognito, clock, services.tokenGenerator, options.userPoolId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error ? reject(error) : resolve()));
        httpServer.closeAllConnections();
      }),
  };
}

/**
 * cognito-local's services over `options.dataDir`: the pool's store, the triggers (none configured), message
 * delivery into `inbox` (with the invitation an `AdminCreateUser` sends, when given) and the token generator,
 * which signs with `config.TokenConfig` as it is when a token is made.
 */
async function cognitoServices(
  options: LocalIdentityOptions,
  ctx: Context,
  config: Config,
  inbox: MessageInbox,
): Promise<Services> {
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    // No Lambda triggers are configured, so the Lambda client is never called.
    new LambdaService(config.TriggerFunctions, undefined as never),
    new CryptoService(config.KMSConfig),
  );
  const delivery = new MessageDeliveryService(inbox);
  const messages = new MessagesService(triggers, delivery);
  return {
    clock,
    cognito,
    config,
    messages: options.invitation ? invitingMessages(messages, delivery, options.invitation) : messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
}

/** What {@link addInbox} uses of the express app cognito-local's `createServer` builds. */
interface InboxRoutes {
  get(path: string, handler: (req: unknown, res: { json(body: unknown): void }) => void): unknown;
  delete(path: string, handler: (req: unknown, res: { status(code: number): { end(): void } }) => void): unknown;
}

/** `GET /_local/messages` lists the codes delivered so far; `DELETE /_local/messages` clears them. */
function addInbox(app: InboxRoutes, inbox: MessageInbox): void {
  app.get('/_local/messages', (_req: unknown, res: { json(body: unknown): void }) => {
    res.json(inbox.list());
  });
  app.delete('/_local/messages', (_req: unknown, res: { status(code: number): { end(): void } }) => {
    inbox.clear();
    res.status(204).end();
  });
}

/** The express app cognito-local's `createServer` builds, as far as {@link grantOnly} reads it. */
interface CognitoLocalApp {
  router: { stack: { name: string; handle: unknown }[] };
}

/**
 * Makes cognito-local's CORS middleware grant `origins` only. Its server registers the `cors` package with
 * `origin: '*'` (cognito-local 5.3.0, `lib/server/server.js`), which lets every page read every answer,
 * the inbox's codes included; the same middleware given a list answers a preflight from one of them with
 * that origin and `Vary: Origin`, and grants no other (the `cors` package's `origin` option).
 *
 * @throws {Error} when the app has no such middleware: cognito-local's server changed, and this service
 *   would otherwise grant every origin again.
 */
function grantOnly(application: CognitoLocalApp, origins: readonly string[]): void {
  const layer = application.router.stack.find((l) => l.name === 'corsMiddleware');
  if (!layer) {
    throw new Error(
      "cognito-local's CORS middleware was not found in its app (local/identity/index.ts grantOnly): check its server after an upgrade.",
    );
  }
  layer.handle = cors({ origin: [...origins] });
}

/** Who the service answers: the portal's pages for the Cognito API, no page at all for the inbox. */
function originPolicies(allowedOrigins: readonly string[]): (request: http.IncomingMessage) => OriginPolicy {
  const api: OriginPolicy = { service: 'the local identity service', allowedOrigins };
  const inbox: OriginPolicy = { service: "the local identity service's inbox", allowedOrigins: [] };
  // Express matches routes without regard to case (`/_LOCAL/messages` is the inbox too).
  return (request) => ((request.url ?? '').toLowerCase().startsWith('/_local/') ? inbox : api);
}

/**
 * Serves the app cognito-local built behind the Host check (its own `start()` answers any Host): a page
 * rebound to this machine by DNS must not read the inbox's codes or call the pool's admin operations; then
 * behind the origin check (../origins.ts), with its CORS grant for `allowedOrigins` only: a page of another
 * site must not either.
 *
 * @throws {Error} when the port is taken (`EADDRINUSE`), or from {@link grantOnly}.
 */
async function listenBehindChecks(
  application: CognitoLocalApp,
  allowedOrigins: readonly string[],
  port: number,
  hostname?: string,
): Promise<http.Server> {
  grantOnly(application, allowedOrigins);
  const listener = originCheckedListener(
    application as unknown as http.RequestListener,
    originPolicies(allowedOrigins),
  );
  const httpServer = http.createServer(hostCheckedListener(listener, LOOPBACK_HOSTNAMES));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, hostname, () => resolve());
  });
  return httpServer;
}

/** Default folder of the local identity data, inside the project and ignored by git. */
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, '.local', 'identity');
