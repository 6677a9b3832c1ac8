/**
 * The local stand-ins started with the portal in local mode: the identity service (local/identity), the sandbox
 * API (local/sandbox) and single sign-on (local/idp, local/hostedUi), and the one switch that trusts the local
 * identity service beyond a plainly local run.
 */
import { ConfigError, type Env, read, readPort } from './read';

/** Settings of the local identity service (cognito-local wrapper in `local/identity`). */
export interface LocalIdentitySettings {
  /** TCP port; default 9229, cognito-local's own default. */
  port: number;
  /** Folder of the service's data files; unset means `.local/identity` in the project. */
  dataDir?: string;
  /**
   * MFA of the local user pool when it is created: `OPTIONAL` (default; users with MFA get a code step)
   * or `ON` (every user without MFA sets up TOTP at sign-in, as with a Cognito pool that requires MFA).
   */
  mfa: 'OPTIONAL' | 'ON';
  /** The demo user seeded on start. The password is for the local service only. */
  demoUsername: string;
  demoPassword: string;
}

/** The local sandbox API (local/sandbox), started with the portal in local mode. */
export interface LocalSandboxSettings {
  /** TCP port; default 4010, the contract's "Local sandbox" server. */
  port: number;
  /** The SQLite file of the sample corpus; unset means `.local/sandbox/corpus.db` in the project. */
  dbFile?: string;
}

/**
 * The local stand-ins for single sign-on: an OpenID Connect IdP (local/idp) and the user
 * pool's hosted-UI OAuth endpoints (local/hostedUi, over TLS because Amplify builds `https://<domain>`).
 */
export interface LocalSsoSettings {
  /**
   * Whether single sign-on runs locally (the IdP behind the local hosted UI, for the SSO button): in local mode unless
   * LOCAL_SSO=off or COGNITO_OAUTH_DOMAIN names another hosted UI; always false with a real user pool. The local
   * hosted UI runs in local mode either way, for MCP sign-in (local/index.ts).
   */
  enabled: boolean;
  /** Port of the local IdP (IDP_PORT, default 9240); its issuer is `http://localhost:<port>`. */
  idpPort: number;
  /** Port of the local hosted UI (HOSTED_UI_PORT, default 9230), served at `https://localhost:<port>`. */
  hostedUiPort: number;
}

/** The local identity service's settings; its port is read with the site's (LOCAL_IDENTITY_PORT). */
export function readLocalIdentity(env: Env, port: number): LocalIdentitySettings {
  return {
    port,
    dataDir: read(env, 'LOCAL_IDENTITY_DATA_DIR'),
    mfa: readMfa(env),
    demoUsername: read(env, 'DEMO_USERNAME') ?? 'demo@example.com',
    demoPassword: read(env, 'DEMO_PASSWORD') ?? 'DemoPassw0rd!',
  };
}

function readMfa(env: Env): 'OPTIONAL' | 'ON' {
  const value = read(env, 'LOCAL_IDENTITY_MFA') ?? 'OPTIONAL';
  if (value !== 'OPTIONAL' && value !== 'ON')
    throw new ConfigError('LOCAL_IDENTITY_MFA', `"${value}" is not OPTIONAL or ON.`);
  return value;
}

/** SANDBOX_PORT and SANDBOX_DB_FILE. */
export function readLocalSandbox(env: Env): LocalSandboxSettings {
  return { port: readPort(env, 'SANDBOX_PORT', 4010), dbFile: read(env, 'SANDBOX_DB_FILE') };
}

/** LOCAL_SSO (`on`/`off`), IDP_PORT and HOSTED_UI_PORT; enabled only in local mode without COGNITO_OAUTH_DOMAIN. */
export function readLocalSso(env: Env, localMode: boolean): LocalSsoSettings {
  const flag = (read(env, 'LOCAL_SSO') ?? 'on').toLowerCase();
  if (flag !== 'on' && flag !== 'off') throw new ConfigError('LOCAL_SSO', `"${flag}" is not on or off.`);
  const idpPort = readPort(env, 'IDP_PORT', 9240);
  const hostedUiPort = readPort(env, 'HOSTED_UI_PORT', 9230);
  if (idpPort === hostedUiPort) throw new ConfigError('HOSTED_UI_PORT', `it must differ from IDP_PORT (${idpPort}).`);
  const enabled = localMode && flag === 'on' && read(env, 'COGNITO_OAUTH_DOMAIN') === undefined;
  return { enabled, idpPort, hostedUiPort };
}

/** UNSAFE_LOCAL_IDENTITY: `1` or unset; anything else is a typo that must not pass silently. */
export function readUnsafeLocalIdentity(env: Env): boolean {
  const value = read(env, 'UNSAFE_LOCAL_IDENTITY');
  if (value === undefined || value === '0') return false;
  if (value !== '1') throw new ConfigError('UNSAFE_LOCAL_IDENTITY', `"${value}" is not 1 (or unset).`);
  return true;
}
