/**
 * What `npm run deploy:preview -- <branch>` runs, in order, the way a first deployment of the site runs
 * (handbook/deployment.md): the preview's identity stack (its app client, whose id the build needs), the build and
 * the bundles for the preview's address, app client and reviewers, then the preview's site stack. Each step is a
 * command with the environment it needs on top of the caller's, run by the caller ({@link PreviewRunner}), so the
 * tests read the plan without running it.
 *
 * The branch name reaches the CDK app only as a context value in its own argument (`--context key=value`), never
 * inside a command line a shell reads: git allows `$`, `;` and backquotes in branch names.
 */
import path from 'node:path';
import type { PortalEnv, PreviewSettings } from '../../config/env';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { previewNames, type PreviewNames } from './names';
import { previewExpiry } from './stacks';

const ROOT = path.resolve(__dirname, '../..');

/** The CDK context keys through which `deploy:preview` tells the preview app what to synthesize. */
export const BRANCH_CONTEXT = 'portal:previewBranch';
export const STAGE_CONTEXT = 'portal:previewStage';
export const EXPIRES_CONTEXT = 'portal:previewExpires';

/**
 * The construct ids of the preview app's two stacks, by which `cdk deploy` selects them: the CDK CLI matches a
 * stack selector against a stack's construct path, never its CloudFormation name.
 */
export const PREVIEW_STACK_IDS = { identity: 'PreviewIdentity', site: 'PreviewSite' } as const;

/** The preview app (deploy/bin/preview-app.ts) as the CDK CLI's `--app`: a fixed command, no input in it. */
export const PREVIEW_APP = 'npx tsx deploy/bin/preview-app.ts';

/** The CDK CLI of deploy/'s own package (deploy/package.json). */
export const CDK = path.join(ROOT, 'deploy/node_modules/.bin/cdk');

/**
 * Where a preview's edge bundle and the functions' bundles beside it go (EDGE_BUNDLE_DIR), apart from the site's
 * `deploy/dist/edge`.
 */
export const PREVIEW_BUNDLE_DIR = 'deploy/dist/preview/edge';

/** One command of the plan: run in the repository's root, with `env` over the caller's environment. */
export interface PreviewStep {
  /** What it does, in a few words, for the log. */
  title: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Runs one step; throws when it fails. */
export type PreviewRunner = (step: PreviewStep) => void;

/** What {@link deployPreview} needs from its caller. */
export interface PreviewDeployment {
  /** The portal's configuration (config/env.ts `portalEnv`): its user pool and `deploy.preview`. */
  env: PortalEnv;
  run: PreviewRunner;
  /** Reads the CDK CLI's `--outputs-file`: stack name → output name → value. */
  readOutputs: (file: string) => Record<string, Record<string, string> | undefined>;
  /** Where the CDK CLI writes the identity stack's outputs. */
  outputsFile: string;
  /** Now, in ms since the epoch: the preview's last day counts from it. */
  nowMs: number;
}

/**
 * The preview settings, or an error saying what to set.
 *
 * @throws {Error} when PREVIEW_DOMAIN and the rest are unset, or the site has no user pool.
 */
export function previewSettingsOf(env: PortalEnv): PreviewSettings {
  if (env.auth.mode !== 'cognito')
    throw new Error(
      'previews deploy against the site’s user pool: set COGNITO_USER_POOL_ID and COGNITO_APP_CLIENT_ID.',
    );
  if (!env.deploy.preview)
    throw new Error(
      'previews are not set up: set PREVIEW_DOMAIN, PREVIEW_CERTIFICATE_ARN and PREVIEW_HOSTED_ZONE_ID ' +
        '(handbook/deployment.md, "A preview for every branch").',
    );
  return env.deploy.preview;
}

/**
 * The environment of the preview's build, bundles and site stack: its address (SITE_URL, and so its `/login` as
 * the OAuth redirects), its app client, the reviewers as the readers group, its own bundle folder, and none of the
 * site's MCP sign-in or custom domain.
 */
export function previewBuildEnv(
  names: PreviewNames,
  settings: PreviewSettings,
  clientId: string,
): Record<string, string> {
  const signIn = `${names.siteUrl}${SIGN_IN_ROUTE}`;
  return {
    SITE_URL: names.siteUrl,
    COGNITO_APP_CLIENT_ID: clientId,
    COGNITO_READERS_GROUP: settings.reviewersGroup,
    COGNITO_REDIRECT_SIGN_IN: signIn,
    COGNITO_REDIRECT_SIGN_OUT: signIn,
    COGNITO_MCP_CLIENT_ID: '',
    DEPLOY_DOMAIN_NAME: '',
    DEPLOY_CERTIFICATE_ARN: '',
    EDGE_BUNDLE_DIR: PREVIEW_BUNDLE_DIR,
  };
}

/**
 * `cdk deploy` of the stage's own stack (`identity`: the app client; `site`: the bucket and distribution), with the
 * branch, stage and last day as context.
 */
function cdkDeploy(
  names: PreviewNames,
  stage: 'identity' | 'site',
  expires: string,
  outputsFile?: string,
): Pick<PreviewStep, 'command' | 'args'> {
  return {
    command: CDK,
    args: [
      'deploy',
      PREVIEW_STACK_IDS[stage],
      '--app',
      PREVIEW_APP,
      '--output',
      path.join('deploy/cdk.out', `preview-${names.label}`),
      '--require-approval',
      'never',
      '--context',
      `${BRANCH_CONTEXT}=${names.branch}`,
      '--context',
      `${STAGE_CONTEXT}=${stage}`,
      '--context',
      `${EXPIRES_CONTEXT}=${expires}`,
      ...(outputsFile ? ['--outputs-file', outputsFile] : []),
    ],
  };
}

/**
 * Deploys `branch`'s preview: its identity stack, then `npm run build` and `npm run deploy:build` for it, then its
 * site stack.
 *
 * @returns the preview's names (its address is `siteUrl`).
 * @throws {PreviewNameError} for a branch name that cannot name a preview (./names.ts); {@link Error} when previews
 *   are not set up, a step fails, or the identity stack gave no app client id.
 */
export function deployPreview(branch: string, deployment: PreviewDeployment): PreviewNames {
  const settings = previewSettingsOf(deployment.env);
  const names = previewNames(branch, settings.domain);
  const expires = previewExpiry(deployment.nowMs);
  deployment.run({
    title: `the preview's app client (${names.identityStackName})`,
    ...cdkDeploy(names, 'identity', expires, deployment.outputsFile),
    env: {},
  });
  const clientId = deployment.readOutputs(deployment.outputsFile)[names.identityStackName]?.WebClientId;
  if (!clientId) throw new Error(`${names.identityStackName} gave no WebClientId output: see the CDK CLI's log above.`);
  const env = previewBuildEnv(names, settings, clientId);
  deployment.run({ title: `the build for ${names.siteUrl}`, command: 'npm', args: ['run', 'build'], env });
  deployment.run({ title: 'the edge bundle', command: 'npm', args: ['run', 'deploy:build'], env });
  deployment.run({
    title: `the preview's site (${names.siteStackName})`,
    ...cdkDeploy(names, 'site', expires),
    env,
  });
  return names;
}
