/**
 * {@link PortalEnv}, everything the portal reads from the environment, and {@link parseEnv}, which reads it: each
 * concern's reader is in its own module beside this one; this one only calls them in order.
 */
import { type AuthSettings, readAuth } from './identity';
import {
  type LocalIdentitySettings,
  type LocalSandboxSettings,
  type LocalSsoSettings,
  readLocalIdentity,
  readLocalSandbox,
  readLocalSso,
  readUnsafeLocalIdentity,
} from './local';
import { type DeploySettings, readDeploy } from './deploy';
import { type McpSettings, readMcp } from './mcp';
import { ConfigError, type Env, read, readPort, readUrl } from './read';
import { readSite, type SiteSettings } from './site';

/** Everything the portal reads from the environment, typed. */
export interface PortalEnv extends SiteSettings {
  auth: AuthSettings;
  localIdentity: LocalIdentitySettings;
  localSandbox: LocalSandboxSettings;
  /** Single sign-on run locally: the local IdP and hosted UI started with the portal. */
  localSso: LocalSsoSettings;
  deploy: DeploySettings;
  /** The MCP server at `/mcp`. */
  mcp: McpSettings;
  /**
   * Reader insights (server/insights): the folder of the gate's SQLite store (INSIGHTS_DATA_DIR; default
   * `.local/insights` in the repository, git-ignored), and the DynamoDB table of a deployment on AWS that
   * `npm run insights -- --aws` reads (INSIGHTS_TABLE, the stack's `InsightsTableName` output).
   */
  insights: { dataDir?: string; table?: string };
  /**
   * UNSAFE_LOCAL_IDENTITY=1: let `npm run serve` on a non-loopback HOST, and `npm run deploy:build`,
   * run in local mode all the same, trusting the local identity service's public signing key. For the
   * tests only; see `localIdentityRefusal` (config/env/checks.ts).
   */
  unsafeLocalIdentity: boolean;
  /**
   * BENCH_PORT (default 3300): the first of the ports the benchmarks' own servers listen on (bench/sites/ports.ts
   * gives each its offset), so a benchmark runs beside a portal on the usual ports, and a second checkout's
   * benchmarks beside the first's with another BENCH_PORT.
   */
  benchPort: number;
  /**
   * BUILD_COPIES (`on`, the default, or `off`): whether `npm run build` writes the copies made from the finished
   * pages and assets, which no page's HTML or script depends on: each page's Markdown copy with `llms.txt`,
   * `llms-full.txt` and the MCP server's search file (plugins/markdown-export), and the brotli and gzip copies of
   * every text file (postbuild/compress.ts). `off` is for the test suite's extra builds, whose tests read none of
   * them (`npm run build:scale`, tests/e2e/hostile-description.spec.ts); a build for a user pool refuses it
   * (./checks.ts `customerBuildError`).
   */
  buildCopies: boolean;
}

/**
 * Parses the environment into {@link PortalEnv}.
 *
 * Local mode is chosen when `COGNITO_USER_POOL_ID` is unset; then Amplify talks to the local identity
 * service at `http://localhost:<LOCAL_IDENTITY_PORT>`. With `COGNITO_USER_POOL_ID` set, the app client
 * id is required as well.
 *
 * @param env - usually `process.env`; tests pass their own record.
 * @throws {ConfigError} naming the variable when a value is malformed or a required one is missing.
 */
export function parseEnv(env: Env): PortalEnv {
  const sitePort = readPort(env, 'PORT', 3000);
  const siteUrl = readUrl(env, 'SITE_URL', `http://localhost:${sitePort}`);
  const identityPort = readPort(env, 'LOCAL_IDENTITY_PORT', 9229);
  const productName = read(env, 'PRODUCT_NAME') ?? 'RegData';
  const userPoolId = read(env, 'COGNITO_USER_POOL_ID');
  const localSso = readLocalSso(env, userPoolId === undefined);
  const auth = readAuth(env, { userPoolId, identityPort, siteUrl, localSso, productName });
  const site = readSite(env, { sitePort, siteUrl, productName, authMode: auth.mode });
  return {
    ...site,
    auth,
    localIdentity: readLocalIdentity(env, identityPort),
    localSandbox: readLocalSandbox(env),
    localSso,
    deploy: readDeploy(env),
    mcp: readMcp(env, auth, site.apiHost),
    insights: { dataDir: read(env, 'INSIGHTS_DATA_DIR'), table: read(env, 'INSIGHTS_TABLE') },
    unsafeLocalIdentity: readUnsafeLocalIdentity(env),
    benchPort: readPort(env, 'BENCH_PORT', 3300),
    buildCopies: readBuildCopies(env),
  };
}

/** BUILD_COPIES: `on` (default) or `off` ({@link PortalEnv.buildCopies}). */
function readBuildCopies(env: Env): boolean {
  const value = (read(env, 'BUILD_COPIES') ?? 'on').toLowerCase();
  if (value !== 'on' && value !== 'off') throw new ConfigError('BUILD_COPIES', `"${value}" is not on or off.`);
  return value === 'on';
}
