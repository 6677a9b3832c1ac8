/**
 * The CDK app of a branch's preview (deploy/preview/stacks.ts). `npm run deploy:preview` runs it through the CDK
 * CLI, with the branch, the stage (`identity`: the app client alone; `site`: the bucket and distribution too) and
 * the preview's last day as context (deploy/preview/deploy.ts). `npm run deploy:synth:preview -- <branch> [--site]`
 * synthesizes it offline into `deploy/cdk.out`, with no AWS credentials, its last day counted from now.
 *
 * Needs the site's user pool (COGNITO_USER_POOL_ID) and the preview settings (PREVIEW_DOMAIN,
 * PREVIEW_CERTIFICATE_ARN, PREVIEW_HOSTED_ZONE_ID). The site stage refuses, with one line: a missing build; an edge
 * bundle that trusts the local identity service or another pool, or that is not built for the reviewers group (it
 * would open the preview to every customer); a build made for another app client than the preview's; a SITE_URL or
 * readers group other than the preview's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { App } from 'aws-cdk-lib';
import { localIdentityRefusal, portalEnv } from '../../config/env';
import { cspDirectives, cspOriginsFor, readInlineScriptHashes } from '../../server/gate/csp';
import {
  BRANCH_CONTEXT,
  EXPIRES_CONTEXT,
  PREVIEW_STACK_IDS,
  previewSettingsOf,
  STAGE_CONTEXT,
} from '../preview/deploy';
import { previewNames, type PreviewNames } from '../preview/names';
import { PreviewIdentityStack, previewExpiry, PreviewSiteStack } from '../preview/stacks';
import { buildRefusal, bundleRefusal, readersGroupRefusal } from '../trust';
import { BUILD_DIR, CDK_OUT, EDGE_BUNDLE_DIR } from './paths';

/** Why the site stage must not be deployed with what is on disk and in the environment, or `null`. */
function siteRefusal(names: PreviewNames, reviewersGroup: string): string | null {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) return 'build/ is missing: run "npm run deploy:preview".';
  if (portalEnv.siteUrl !== names.siteUrl)
    return `SITE_URL is ${portalEnv.siteUrl}, but the preview of ${JSON.stringify(names.branch)} answers at ${names.siteUrl}: run "npm run deploy:preview".`;
  if (portalEnv.auth.readersGroup !== reviewersGroup)
    return `COGNITO_READERS_GROUP is ${portalEnv.auth.readersGroup ?? 'unset'}, but previews are for ${reviewersGroup}: run "npm run deploy:preview".`;
  return (
    bundleRefusal(EDGE_BUNDLE_DIR, portalEnv.auth.userPoolId) ??
    readersGroupRefusal(EDGE_BUNDLE_DIR, reviewersGroup) ??
    buildRefusal(BUILD_DIR, portalEnv.auth)
  );
}

/** The app: from the CDK CLI's context, or offline from the command line. */
function appOf(argv: string[]): App {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { site: { type: 'boolean' } },
  });
  if (positionals.length === 0) return new App();
  if (positionals.length > 1) throw new Error('give one branch: npm run deploy:synth:preview -- <branch> [--site]');
  return new App({
    outdir: CDK_OUT,
    context: {
      [BRANCH_CONTEXT]: positionals[0],
      [STAGE_CONTEXT]: values.site ? 'site' : 'identity',
      [EXPIRES_CONTEXT]: previewExpiry(Date.now()),
    },
  });
}

function main(): void {
  const settings = previewSettingsOf(portalEnv);
  const refusal = localIdentityRefusal(portalEnv, 'deploy');
  if (refusal) throw new Error(refusal);
  const app = appOf(process.argv.slice(2));
  const branch: unknown = app.node.tryGetContext(BRANCH_CONTEXT);
  const stage: unknown = app.node.tryGetContext(STAGE_CONTEXT);
  const expires: unknown = app.node.tryGetContext(EXPIRES_CONTEXT);
  if (typeof branch !== 'string') throw new Error('no branch: run "npm run deploy:preview -- <branch>".');
  if (stage !== 'identity' && stage !== 'site') throw new Error(`the stage is ${String(stage)}, not identity or site.`);
  if (typeof expires !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(expires))
    throw new Error(`the last day is ${String(expires)}, not YYYY-MM-DD.`);
  const names = previewNames(branch, settings.domain);
  const common = { env: { region: 'us-east-1' }, names, expires };
  const { auth, productName } = portalEnv;
  new PreviewIdentityStack(app, PREVIEW_STACK_IDS.identity, {
    ...common,
    description: `${productName} developer portal: preview ${names.label}'s app client (until ${expires})`,
    userPoolId: auth.userPoolId,
    ssoProviderName: auth.oauth.domain ? auth.oauth.customProvider : undefined,
  });
  if (stage === 'site') {
    const refused = siteRefusal(names, settings.reviewersGroup);
    if (refused) throw new Error(refused);
    new PreviewSiteStack(app, PREVIEW_STACK_IDS.site, {
      ...common,
      description: `${productName} developer portal: preview ${names.label} (until ${expires})`,
      buildDir: BUILD_DIR,
      edgeBundleDir: EDGE_BUNDLE_DIR,
      cspDirectives: cspDirectives(readInlineScriptHashes(BUILD_DIR), cspOriginsFor(portalEnv)),
      preview: settings,
    });
  }
  const assembly = app.synth();
  for (const stack of assembly.stacks) console.error(`Synthesized ${stack.stackName} into ${stack.templateFullPath}.`);
}

try {
  main();
} catch (error) {
  console.error(`deploy:preview: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
