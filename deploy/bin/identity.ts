/**
 * `npm run deploy:synth:identity`: synthesizes the identity stack (deploy/stack.ts
 * `IdentityStack`: user pool, web, scripts and MCP app clients, hosted-UI domain, SSO provider) offline into
 * `deploy/cdk.out`. Also the CDK app for step 1 of a first deployment with a new user pool:
 * `npx cdk deploy --app "npx tsx deploy/bin/identity.ts"`; its outputs configure the build and the edge
 * bundle (handbook/deployment.md). Needs no user pool id, only the site's final https SITE_URL, which
 * becomes the OAuth callback and sign-out URL, and, with `/oauth/callback`, the MCP app client's callback URL.
 */
import { App } from 'aws-cdk-lib';
import { portalEnv } from '../../config/env';
import { IdentityStack } from '../stack';
import { invitationTemplate } from '../../rules/invitation';
import { MCP_OAUTH_CALLBACK_PATH } from '../../rules/mcp';
import { CDK_OUT } from './paths';
import { synthesize } from './synthesize';

/** Name of the identity stack (step 1 of the README's deploy section). */
export const IDENTITY_STACK = 'RegulatoryPortalIdentity';

function main(): void {
  if (!portalEnv.siteUrl.startsWith('https://')) {
    throw new Error(
      `SITE_URL is ${portalEnv.siteUrl}: set it to the site's final https address (the OAuth callback and sign-out URL).`,
    );
  }
  const app = new App({ outdir: CDK_OUT });
  const stack = new IdentityStack(app, IDENTITY_STACK, {
    env: { region: 'us-east-1' },
    description: `${portalEnv.productName} developer portal: Cognito user pool and app clients`,
    oauthRedirects: { signIn: portalEnv.auth.oauth.redirectSignIn, signOut: portalEnv.auth.oauth.redirectSignOut },
    mcpCallbackUrl: `${portalEnv.siteUrl}${MCP_OAUTH_CALLBACK_PATH}`,
    ssoProviderName: portalEnv.auth.oauth.customProvider,
    invitation: invitationTemplate({ productName: portalEnv.productName, siteUrl: portalEnv.siteUrl }),
  });
  synthesize(app, stack);
}

try {
  main();
} catch (error) {
  console.error(`deploy:synth:identity: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
