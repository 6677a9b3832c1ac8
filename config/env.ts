/**
 * The portal's configuration, read from the environment exactly once; nothing else reads `process.env`.
 * A value that is present but malformed throws at start-up, naming the variable, so a broken deployment
 * stops the build instead of shipping a portal nobody can sign in to. Every variable is documented in
 * `.env.example`. A `.env` file in the working directory is read first ({@link loadDotEnv}), so every npm
 * script (each runs in the project folder) sees the same configuration.
 *
 * This module is the one door: it reads `.env` and `process.env`, and every other module imports the typed values
 * from here. Each concern's types and reader live in `config/env/`: `read.ts` (the readers and
 * {@link ConfigError}), `site.ts` (name, address, port, `Host` names), `identity.ts` (user pool, app clients,
 * cookies, hosted UI, the operator's pool), `local.ts` (the local stand-ins), `deploy.ts` (AWS, previews),
 * `mcp.ts` (the MCP server and its sign-in), `portalEnv.ts` ({@link PortalEnv} and {@link parseEnv}), `checks.ts`
 * (what a run may do with a configuration) and `endpoints.ts` (the addresses and ports a run uses).
 */
import fs from 'node:fs';
import { parseEnv as parseDotEnv } from 'node:util';
import { type OperatorPool, operatorPool } from './env/identity';
import { parseEnv, type PortalEnv } from './env/portalEnv';
import type { Env } from './env/read';

export { ConfigError } from './env/read';
export type { SiteSettings } from './env/site';
export {
  type AuthMode,
  type AuthSettings,
  LOCAL_APP_CLIENT_ID,
  LOCAL_MCP_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  type OperatorPool,
  operatorPool,
  REFRESH_TOKEN_VALIDITY_DAYS,
  userPoolIssuer,
} from './env/identity';
export type { LocalIdentitySettings, LocalSandboxSettings, LocalSsoSettings } from './env/local';
export {
  DEFAULT_REVIEWERS_GROUP,
  type DeploySettings,
  MAX_PREVIEW_DOMAIN_LENGTH,
  type PreviewSettings,
} from './env/deploy';
export type { McpOAuthSettings, McpSettings } from './env/mcp';
export { parseEnv, type PortalEnv } from './env/portalEnv';
export {
  configWarnings,
  customerBuildError,
  localIdentityRefusal,
  type LocalIdentityUse,
  warnOnce,
} from './env/checks';
export { bakedEndpoints, portsOf } from './env/endpoints';

/** {@link operatorPool} of this process's environment. @throws {ConfigError} as {@link operatorPool}. */
export function currentOperatorPool(): OperatorPool {
  return operatorPool(process.env);
}

/** The file of variables {@link loadDotEnv} reads, in the working directory (npm runs every script in the project folder). */
export const DOT_ENV_FILE = '.env';

/**
 * Reads `file` into `env` when it exists, with Node's own parser (`util.parseEnv`, the format of
 * `node --env-file`: `NAME=value` lines, `#` comments, quoted values): a variable already in the environment
 * wins over the file, even when it is set empty, as with `node --env-file` and dotenv. Not read under a test runner
 * (NODE_ENV=test, which Jest sets), whose tests set the variables they mean.
 *
 * @returns whether the file was read.
 * @throws {Error} from Node when the file exists but cannot be read.
 */
export function loadDotEnv(env: Env = process.env, file: string = DOT_ENV_FILE): boolean {
  if (env.NODE_ENV === 'test' || !fs.existsSync(file)) return false;
  for (const [name, value] of Object.entries(parseDotEnv(fs.readFileSync(file, 'utf8')))) {
    if (!(name in env)) env[name] = value;
  }
  return true;
}

loadDotEnv();

/** The configuration of this process, parsed once on first import. */
export const portalEnv: PortalEnv = parseEnv(process.env);
