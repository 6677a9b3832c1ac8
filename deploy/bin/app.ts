/**
 * `npm run deploy:synth` (issue #12): synthesizes the CloudFormation template of the portal stack
 * (deploy/stack.ts) offline, with no AWS credentials, into `deploy/cdk.out`. Also the CDK app for a real
 * deployment: `npx cdk deploy --app "npx tsx deploy/bin/app.ts"` (see the README, "Deploy to AWS").
 *
 * Needs `npm run build` and `npm run deploy:build` first. An existing user pool is used instead of a new
 * one when DEPLOY_USER_POOL_ID and DEPLOY_USER_POOL_CLIENT_ID are set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { portalEnv } from '../../config/env';
import { cspDirectives, cspOriginsFor, inlineScriptHashes } from '../../server/gate/csp';
import { PortalStack } from '../stack';

const ROOT = path.resolve(__dirname, '../..');
const BUILD_DIR = path.join(ROOT, 'build');
const EDGE_BUNDLE_DIR = path.join(ROOT, 'deploy/dist/edge');
export const CDK_OUT = path.join(ROOT, 'deploy/cdk.out');

function main(): void {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html')))
    throw new Error('build/ is missing: run "npm run build" first.');
  if (!fs.existsSync(path.join(EDGE_BUNDLE_DIR, 'index.js'))) {
    throw new Error('deploy/dist/edge/index.js is missing: run "npm run deploy:build" first.');
  }
  const app = new App({ outdir: CDK_OUT });
  const existing = portalEnv.deploy.existingUserPool;
  const stack = new PortalStack(app, 'RegulatoryPortal', {
    env: { region: 'us-east-1' },
    description: `${portalEnv.productName} developer portal: CloudFront + Lambda@Edge gate + private S3 + Cognito`,
    buildDir: BUILD_DIR,
    edgeBundleDir: EDGE_BUNDLE_DIR,
    oauthRedirects: { signIn: portalEnv.auth.oauth.redirectSignIn, signOut: portalEnv.auth.oauth.redirectSignOut },
    cspDirectives: cspDirectives(inlineScriptHashes(BUILD_DIR), cspOriginsFor(portalEnv)),
    ssoProviderName: portalEnv.auth.oauth.customProvider,
    existingUserPool: existing,
  });
  const assembly = app.synth();
  const template = assembly.getStackByName(stack.stackName).templateFullPath;
  const resources = Object.keys(JSON.parse(fs.readFileSync(template, 'utf8')).Resources ?? {}).length;
  console.log(
    `Synthesized ${stack.stackName} (us-east-1, ${resources} resources) into ${path.relative(ROOT, template)}.`,
  );
}

try {
  main();
} catch (error) {
  console.error(`deploy:synth: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
