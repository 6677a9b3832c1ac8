/**
 * `npm run deploy:synth`: synthesizes the site stack (deploy/stack.ts `SiteStack`)
 * offline, with no AWS credentials, into `deploy/cdk.out`. Also the CDK app for a real deployment:
 * `npx cdk deploy --app "npx tsx deploy/bin/app.ts"` (handbook/deployment.md, step 3).
 *
 * Refuses, with one line, to run in local mode (no COGNITO_USER_POOL_ID), to deploy an edge bundle
 * that trusts the local identity service's key or another user pool, and to deploy a `build/` made for
 * another identity mode, user pool or app client (deploy/trust.ts), a bundle built for a readers group (a
 * preview's, which would shut customers out), and an MCP or authorization server bundle
 * built for another COGNITO_MCP_CLIENT_ID than the one set now (none included). With COGNITO_MCP_CLIENT_ID, the
 * site stack deploys the portal's authorization server for AI tools too. Needs `npm run build` and
 * `npm run deploy:build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { localIdentityRefusal, portalEnv } from '../../config/env';
import { cspDirectives, cspOriginsFor, readInlineScriptHashes } from '../../server/gate/csp';
import { SiteStack } from '../stack';
import { buildRefusal, bundleRefusal, mcpOAuthRefusal, readersGroupRefusal } from '../trust';
import { BUILD_DIR, CDK_OUT, EDGE_BUNDLE_DIR, INSIGHTS_BUNDLE_DIR, MCP_BUNDLE_DIR, OAUTH_BUNDLE_DIR } from './paths';
import { synthesize } from './synthesize';

/** Name of the site stack (step 3 of the README's deploy section). */
export const SITE_STACK = 'RegulatoryPortalSite';

function main(): void {
  const refusal = localIdentityRefusal(portalEnv, 'deploy');
  if (refusal) throw new Error(refusal);
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html')))
    throw new Error('build/ is missing: run "npm run build" first.');
  // Sign-in for AI tools through the portal's authorization server (COGNITO_MCP_CLIENT_ID), or undefined.
  const oauth = portalEnv.mcp.oauth;
  const oauthBundles = [MCP_BUNDLE_DIR, ...(oauth ? [OAUTH_BUNDLE_DIR] : [])];
  for (const bundle of [EDGE_BUNDLE_DIR, INSIGHTS_BUNDLE_DIR, ...oauthBundles]) {
    const untrusted = bundleRefusal(bundle, portalEnv.auth.userPoolId) ?? readersGroupRefusal(bundle, undefined);
    if (untrusted) throw new Error(untrusted);
  }
  for (const bundle of oauthBundles) {
    const otherClient = mcpOAuthRefusal(bundle, oauth?.clientId);
    if (otherClient) throw new Error(otherClient);
  }
  const otherBuild = buildRefusal(BUILD_DIR, portalEnv.auth);
  if (otherBuild) throw new Error(otherBuild);
  const app = new App({ outdir: CDK_OUT });
  const stack = new SiteStack(app, SITE_STACK, {
    env: { region: 'us-east-1' },
    description: `${portalEnv.productName} developer portal: CloudFront + Lambda@Edge gate + WAF + private S3`,
    buildDir: BUILD_DIR,
    edgeBundleDir: EDGE_BUNDLE_DIR,
    mcpBundleDir: MCP_BUNDLE_DIR,
    insightsBundleDir: INSIGHTS_BUNDLE_DIR,
    oauthBundleDir: oauth ? OAUTH_BUNDLE_DIR : undefined,
    cspDirectives: cspDirectives(readInlineScriptHashes(BUILD_DIR), cspOriginsFor(portalEnv)),
    customDomain: portalEnv.deploy.customDomain,
  });
  synthesize(app, stack);
}

try {
  main();
} catch (error) {
  console.error(`deploy:synth: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
