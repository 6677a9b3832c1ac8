/**
 * @jest-environment node
 *
 * What `npm run deploy:preview -- <branch>` runs, read from its plan with a runner that records each step
 * (nothing runs): the preview's identity stack first, then the build and the bundles for the preview's address,
 * its own app client and the reviewers group, then its site stack; only the preview's stacks are named, and the
 * branch reaches the CDK app as one argument, never through a shell.
 */
import { parseEnv } from '../../../config/env';
import {
  BRANCH_CONTEXT,
  CDK,
  deployPreview,
  EXPIRES_CONTEXT,
  PREVIEW_APP,
  PREVIEW_BUNDLE_DIR,
  PREVIEW_STACK_IDS,
  STAGE_CONTEXT,
  type PreviewStep,
} from '../deploy';
import { PreviewNameError, previewNames } from '../names';

const variables = {
  SITE_URL: 'https://docs.example.com',
  COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
  COGNITO_APP_CLIENT_ID: 'productionwebclient',
  COGNITO_MCP_CLIENT_ID: 'productionmcpclient',
  COGNITO_OAUTH_DOMAIN: 'auth.example.com',
  API_HOST: 'https://api.example.com',
  PROVIDER_CONTACT: 'mailto:api@example.com',
  PREVIEW_DOMAIN: 'preview.docs.example.com',
  PREVIEW_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000',
  PREVIEW_HOSTED_ZONE_ID: 'Z0123456789ABCDEFGHIJ',
};
const env = parseEnv(variables);
const branch = 'feature/$(reboot);`id`';
const names = previewNames(branch, 'preview.docs.example.com');
const NOW = Date.UTC(2026, 0, 31, 12);

/** Deploys with a runner that records the steps; the identity stack's outputs name `clientId`. */
function plan(clientId: string | null = 'previewwebclient', portal = env, steps: PreviewStep[] = []) {
  const result = deployPreview(branch, {
    env: portal,
    run: (step) => steps.push(step),
    readOutputs: (): Record<string, Record<string, string>> => ({
      [names.identityStackName]: clientId ? { WebClientId: clientId } : {},
    }),
    outputsFile: '/tmp/outputs.json',
    nowMs: NOW,
  });
  return { steps, result };
}

it('deploys the identity stack, builds for the preview, bundles, then deploys the site stack', () => {
  const { steps, result } = plan();
  expect(steps.map((s) => [s.command, s.args.slice(0, 2)])).toEqual([
    [CDK, ['deploy', PREVIEW_STACK_IDS.identity]],
    ['npm', ['run', 'build']],
    ['npm', ['run', 'deploy:build']],
    [CDK, ['deploy', PREVIEW_STACK_IDS.site]],
  ]);
  expect(result.siteUrl).toBe(`https://${names.label}.preview.docs.example.com`);
});

it('builds for the preview’s address, its own app client and the reviewers; none of the site’s MCP sign-in', () => {
  const { steps } = plan();
  const expected = {
    SITE_URL: names.siteUrl,
    COGNITO_APP_CLIENT_ID: 'previewwebclient',
    COGNITO_READERS_GROUP: 'portal-reviewers',
    COGNITO_REDIRECT_SIGN_IN: `${names.siteUrl}/login`,
    COGNITO_REDIRECT_SIGN_OUT: `${names.siteUrl}/login`,
    COGNITO_MCP_CLIENT_ID: '',
    EDGE_BUNDLE_DIR: PREVIEW_BUNDLE_DIR,
  };
  for (const step of steps.slice(1)) expect(step.env).toMatchObject(expected);
  // The identity stack needs nothing of the preview's build.
  expect(steps[0].env).toEqual({});
  // What the build reads then is the preview's, whatever the caller's environment says.
  const built = parseEnv({ ...variables, ...steps[1].env });
  expect(built.siteUrl).toBe(names.siteUrl);
  expect(built.auth).toMatchObject({ userPoolClientId: 'previewwebclient', readersGroup: 'portal-reviewers' });
  expect(built.mcp.oauth).toBeUndefined();
});

it('names the branch, stage and last day as context, each one argument, and only the preview’s stacks', () => {
  const { steps } = plan();
  const cdk = steps.filter((s) => s.command === CDK);
  for (const [step, stage] of [
    [cdk[0], 'identity'],
    [cdk[1], 'site'],
  ] as const) {
    expect(step.args).toEqual(expect.arrayContaining(['--app', PREVIEW_APP, '--require-approval', 'never']));
    const context = step.args.flatMap((arg, i) => (step.args[i - 1] === '--context' ? [arg] : []));
    expect(context).toEqual([
      `${BRANCH_CONTEXT}=${branch}`,
      `${STAGE_CONTEXT}=${stage}`,
      `${EXPIRES_CONTEXT}=2026-02-14`,
    ]);
  }
  // The preview app synthesizes only the branch's stacks (./app.test.ts), and no step names another stack.
  const words = steps.flatMap((s) => s.args);
  expect(words.filter((w) => /^RegulatoryPortal/.test(w))).toEqual([]);
  expect(PREVIEW_APP).not.toContain(branch);
});

it('stops, deploying nothing more, when the identity stack gave no app client id', () => {
  const steps: PreviewStep[] = [];
  expect(() => plan(null, env, steps)).toThrow(`${names.identityStackName} gave no WebClientId output`);
  expect(steps.map((step) => step.args[1])).toEqual([PREVIEW_STACK_IDS.identity]);
});

it('refuses a hostile branch name, unset preview settings or local mode before running anything', () => {
  const steps: PreviewStep[] = [];
  const deployment = {
    env,
    run: (step: PreviewStep) => steps.push(step),
    readOutputs: () => ({}),
    outputsFile: '/tmp/outputs.json',
    nowMs: NOW,
  };
  expect(() => deployPreview('feature/../x', deployment)).toThrow(PreviewNameError);
  expect(() =>
    deployPreview('x', {
      ...deployment,
      env: parseEnv({
        COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
        COGNITO_APP_CLIENT_ID: 'w',
        API_HOST: 'https://api.example.com',
        PROVIDER_CONTACT: 'mailto:a@example.com',
      }),
    }),
  ).toThrow('previews are not set up: set PREVIEW_DOMAIN');
  expect(() => deployPreview('x', { ...deployment, env: parseEnv({}) })).toThrow('COGNITO_USER_POOL_ID');
  expect(steps).toEqual([]);
});
