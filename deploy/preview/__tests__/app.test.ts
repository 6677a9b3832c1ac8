/**
 * @jest-environment node
 *
 * The preview app (deploy/bin/preview-app.ts) synthesized offline exactly as `npm run deploy:preview` has the CDK
 * CLI run it, with the branch, stage and last day as context (CDK_CONTEXT_JSON) and no AWS credentials: the
 * identity stage is the branch's app client alone, named and tagged for the branch, whose callback and sign-out
 * URL is the preview's `/login`; the CDK CLI's own stack selection picks it by the name `deploy:preview` gives;
 * and the site stage refuses, with one line, a build and environment not made for the preview.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BRANCH_CONTEXT, CDK, EXPIRES_CONTEXT, PREVIEW_STACK_IDS, STAGE_CONTEXT, previewBuildEnv } from '../deploy';
import { parseEnv } from '../../../config/env';
import { EXPIRES_TAG, PREVIEW_TAG, previewNames } from '../names';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const tsx = require.resolve('tsx/cli');

/** Spawning tsx and the CDK CLI takes seconds alone, many more while other suites run beside this one. */
const SPAWN_TIMEOUT_MS = 180_000;

const settings = {
  PREVIEW_DOMAIN: 'preview.docs.example.com',
  PREVIEW_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000',
  PREVIEW_HOSTED_ZONE_ID: 'Z0123456789ABCDEFGHIJ',
};
const site = {
  SITE_URL: 'https://docs.example.com',
  COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
  COGNITO_APP_CLIENT_ID: 'productionwebclient',
  API_HOST: 'https://api.example.com',
  PROVIDER_CONTACT: 'mailto:api@example.com',
  ...settings,
};
const branch = 'Feature/New-schema;$(id)';
const names = previewNames(branch, settings.PREVIEW_DOMAIN);

/** This process's environment without the portal's settings, so only the test's reach the app. */
const clean = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(COGNITO_|PREVIEW_|SITE_URL$|UNSAFE_|EDGE_BUNDLE_DIR$|CDK_|DEPLOY_)/.test(name),
  ),
);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the preview app as the CDK CLI does: context in CDK_CONTEXT_JSON (the branch, `stage` and last day, or
 * `context`'s), the assembly written to CDK_OUTDIR; its exit status and standard error.
 */
async function synth(stage: string, env: Record<string, string> = site, context: Record<string, string> = {}) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-app-'));
  made.push(outdir);
  const all = { [BRANCH_CONTEXT]: branch, [STAGE_CONTEXT]: stage, [EXPIRES_CONTEXT]: '2026-02-14', ...context };
  try {
    await run(process.execPath, [tsx, 'deploy/bin/preview-app.ts'], {
      cwd: ROOT,
      env: { ...clean, ...env, CDK_CONTEXT_JSON: JSON.stringify(all), CDK_OUTDIR: outdir },
    });
    return { outdir, status: 0, stderr: '' };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { outdir, status: code, stderr };
  }
}

describe('the identity stage', () => {
  let outdir: string;
  beforeAll(async () => {
    const result = await synth('identity');
    expect(result).toMatchObject({ status: 0 });
    outdir = result.outdir;
  }, SPAWN_TIMEOUT_MS);
  const template = () =>
    JSON.parse(fs.readFileSync(path.join(outdir, `${PREVIEW_STACK_IDS.identity}.template.json`), 'utf8'));

  it('is the branch’s app client alone, its callback and sign-out URL the preview’s /login', () => {
    const resources = Object.values(template().Resources) as { Type: string; Properties: Record<string, unknown> }[];
    expect(resources.map((r) => r.Type)).toEqual(['AWS::Cognito::UserPoolClient']);
    expect(resources[0].Properties).toMatchObject({
      UserPoolId: 'eu-west-2_AbC123xyz',
      ClientName: `portal-preview-${names.label}`,
      CallbackURLs: [`https://${names.label}.preview.docs.example.com/login`],
      LogoutURLs: [`https://${names.label}.preview.docs.example.com/login`],
    });
    // The build of the preview signs in and out at the very URLs the client accepts.
    const build = previewBuildEnv(names, parseEnv(site).deploy.preview!, 'previewwebclient');
    expect(resources[0].Properties.CallbackURLs).toEqual([build.COGNITO_REDIRECT_SIGN_IN]);
    expect(resources[0].Properties.LogoutURLs).toEqual([build.COGNITO_REDIRECT_SIGN_OUT]);
    // No site stack before the build exists.
    expect(fs.existsSync(path.join(outdir, `${PREVIEW_STACK_IDS.site}.template.json`))).toBe(false);
  });

  it('is named and tagged for the branch, with its last day, in us-east-1', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const stack = manifest.artifacts[PREVIEW_STACK_IDS.identity];
    expect(stack.environment).toBe('aws://unknown-account/us-east-1');
    expect(stack.properties).toMatchObject({
      stackName: names.identityStackName,
      tags: { [PREVIEW_TAG]: names.label, [EXPIRES_TAG]: '2026-02-14' },
    });
  });

  it(
    'is the stack the CDK CLI selects for the name deploy:preview gives it',
    async () => {
      const { stdout } = await run(CDK, ['list', PREVIEW_STACK_IDS.identity, '--app', outdir, '--no-notices'], {
        cwd: ROOT,
        env: { ...clean, CDK_DISABLE_CLI_TELEMETRY: 'true' },
      });
      expect(stdout.trim().split('\n')).toEqual([`${PREVIEW_STACK_IDS.identity} (${names.identityStackName})`]);
    },
    SPAWN_TIMEOUT_MS,
  );
});

it(
  'refuses the site stage, with one line naming the command to run, when the build is not the preview’s',
  async () => {
    // The site's own address, as a shell left from deploying the site has it.
    const result = await synth('site');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^deploy:preview: .*run "npm run deploy:preview"\.$/),
    ]);
    expect(fs.readdirSync(result.outdir)).toEqual([]);
  },
  SPAWN_TIMEOUT_MS,
);

it(
  'refuses a branch git refuses, and a site without previews set up, with one line saying what to fix',
  async () => {
    const [badBranch, unset] = await Promise.all([
      synth('identity', site, { [BRANCH_CONTEXT]: 'feature/../x' }),
      synth('identity', { ...site, PREVIEW_DOMAIN: '', PREVIEW_CERTIFICATE_ARN: '', PREVIEW_HOSTED_ZONE_ID: '' }),
    ]);
    expect(badBranch.stderr).toContain('"feature/../x" is not a branch name git accepts');
    expect(unset.stderr).toContain('previews are not set up: set PREVIEW_DOMAIN');
    for (const result of [badBranch, unset]) {
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(fs.readdirSync(result.outdir)).toEqual([]);
    }
  },
  SPAWN_TIMEOUT_MS,
);
