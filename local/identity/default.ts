/**
 * The local identity service as the portal runs it: the ids of config/env.ts (the web and MCP app clients), the
 * demo user, data in `.local/identity` (LOCAL_IDENTITY_DATA_DIR overrides), codes printed as they are delivered,
 * and the portal's origins (../origins.ts) as the only pages it answers.
 */
import { LOCAL_APP_CLIENT_ID, LOCAL_MCP_CLIENT_ID, LOCAL_USER_POOL_ID, type PortalEnv } from '../../config/env';
import { MCP_OAUTH_CALLBACK_PATH } from '../../rules/mcp';
import { DEFAULT_DATA_DIR, startLocalIdentity, type LocalIdentity } from './index';
import { TEST_PASSWORD, testUsers } from './testUsers';
import { invitationTemplate } from '../../rules/invitation';
import { portalOrigins } from '../origins';

/**
 * The local pool's MCP app client ({@link LOCAL_MCP_CLIENT_ID}) and where the hosted UI may send its codes: the
 * portal's authorization server's callback (rules/mcp.ts `MCP_OAUTH_CALLBACK_PATH`) on each of the portal's
 * origins (../origins.ts `portalOrigins`), e.g. `http://localhost:3000/oauth/callback`. The identity service
 * seeds it and the hosted UI accepts it with these URLs (../index.ts).
 */
export function localMcpClient(env: Pick<PortalEnv, 'siteUrl' | 'sitePort'>): {
  clientId: string;
  callbackUrls: string[];
} {
  return {
    clientId: LOCAL_MCP_CLIENT_ID,
    callbackUrls: portalOrigins(env).map((origin) => `${origin}${MCP_OAUTH_CALLBACK_PATH}`),
  };
}

/**
 * Starts the service for `env` and prints where it listens and how to sign in.
 *
 * @throws {Error} when `env` is not in local mode (a real user pool is configured) or the port is taken.
 */
export async function startDefaultLocalIdentity(env: PortalEnv): Promise<LocalIdentity> {
  if (env.auth.mode !== 'local') {
    throw new Error(
      'COGNITO_USER_POOL_ID is set, so the portal uses that user pool; the local identity service is not started.',
    );
  }
  const { demoUsername, demoPassword, port } = env.localIdentity;
  const identity = await startLocalIdentity({
    port,
    dataDir: env.localIdentity.dataDir ?? DEFAULT_DATA_DIR,
    userPoolId: LOCAL_USER_POOL_ID,
    appClientId: LOCAL_APP_CLIENT_ID,
    mcpClient: localMcpClient(env),
    users: [
      {
        username: demoUsername,
        password: demoPassword,
        attributes: { email: demoUsername.includes('@') ? demoUsername : 'demo@example.com', email_verified: 'true' },
      },
      ...testUsers(),
    ],
    mfa: env.localIdentity.mfa,
    invitation: invitationTemplate({ productName: env.productName, siteUrl: env.siteUrl }),
    allowedOrigins: portalOrigins(env),
    onMessage: (m) =>
      console.log(
        m.subject
          ? `[identity] Invitation sent to ${m.destination} (temporary password ${m.code})`
          : `[identity] ${m.medium} code ${m.code} sent to ${m.destination}`,
      ),
  });
  console.log(
    `[identity] Local identity service at ${identity.url} (user pool ${LOCAL_USER_POOL_ID}).\n` +
      `[identity] Sign in as ${demoUsername} / ${demoPassword} (local demo user; codes at ${identity.url}/_local/messages).\n` +
      `[identity] Test users for each sign-in path (password ${TEST_PASSWORD}): ${testUsers()
        .map((u) => u.username)
        .join(', ')}.`,
  );
  return identity;
}
