/**
 * @jest-environment node
 *
 * The preview workflow (.github/workflows/preview.yml), read offline: it lints clean with action-validator (the
 * JSON schema of GitHub Actions workflows, `npm run lint:workflows`); a push deploys the branch's preview, deleting
 * the branch deletes it, a daily run deletes expired ones, each through an npm script that exists; the branch name
 * reaches the shell only through the environment; and it passes every setting `deploy:preview` needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { customerBuildError, parseEnv } from '../../../config/env';
import { previewSettingsOf } from '../deploy';

const ROOT = path.resolve(__dirname, '../../..');
const WORKFLOW = path.join(ROOT, '.github/workflows/preview.yml');
const source = fs.readFileSync(WORKFLOW, 'utf8');

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  steps: Step[];
}
const workflow = parse(source) as {
  on: Record<string, unknown>;
  env: Record<string, string>;
  jobs: Record<string, Job>;
};
const scripts = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The `npm run …` command lines of a job, as written. */
const npmRuns = (job: Job) =>
  job.steps.flatMap((step) => (step.run ?? '').split('\n')).filter((line) => line.includes('npm run'));

it('lints clean with action-validator, which does find a mistake in it', () => {
  expect(validateWorkflow(source).errors).toEqual([]);
  const broken = validateWorkflow(source.replace('runs-on: ubuntu-24.04', 'runs_on: ubuntu-24.04'));
  expect(broken.errors.length).toBeGreaterThan(0);
});

it('runs on a push to any branch but main, on a branch’s deletion, daily and by hand', () => {
  expect(workflow.on.push).toEqual({ 'branches-ignore': ['main'] });
  expect(Object.keys(workflow.on).sort()).toEqual(['delete', 'push', 'schedule', 'workflow_dispatch']);
  expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) }]);
});

describe('each job runs its own npm script', () => {
  it('a push (not one that deletes the branch) deploys the branch’s preview and shows its address', () => {
    const { deploy } = workflow.jobs;
    expect(deploy.if).toBe("github.event_name == 'push' && !github.event.deleted");
    expect(npmRuns(deploy).map((line) => line.trim())).toEqual([
      'npm run deploy:preview -- "$BRANCH"',
      'url=$(npm run -s deploy:preview -- --address "$BRANCH" | tail -n 1)',
    ]);
    for (const step of deploy.steps.filter((s) => s.run?.includes('$BRANCH')))
      expect(step.env).toEqual({ BRANCH: '${{ github.ref_name }}' });
  });

  it('deleting a branch deletes its preview', () => {
    const { destroy } = workflow.jobs;
    expect(destroy.if).toBe("github.event_name == 'delete' && github.event.ref_type == 'branch'");
    expect(npmRuns(destroy)).toEqual(['npm run deploy:preview:destroy -- "$BRANCH"']);
    expect(destroy.steps.find((s) => s.run?.includes('$BRANCH'))?.env).toEqual({ BRANCH: '${{ github.event.ref }}' });
  });

  it('the daily run deletes the previews past their last day', () => {
    const { expired } = workflow.jobs;
    expect(expired.if).toBe("github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'");
    expect(npmRuns(expired)).toEqual(['npm run deploy:preview:destroy -- --expired']);
  });

  it('and those scripts exist: deploy:preview, and deploy:preview:destroy is it with --destroy', () => {
    const named = Object.values(workflow.jobs)
      .flatMap(npmRuns)
      .map((line) => /npm run (?:-s )?(\S+)/.exec(line)![1]);
    for (const name of named) expect([name, scripts[name]]).toEqual([name, expect.any(String)]);
    expect(scripts['deploy:preview']).toMatch(/tsx deploy\/bin\/preview\.ts$/);
    expect(scripts['deploy:preview:destroy']).toMatch(/tsx deploy\/bin\/preview\.ts --destroy$/);
  });
});

it('never writes the branch name into a command line: it reaches the shell through the environment only', () => {
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => step.run ?? []));
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) expect(run).not.toContain('${{');
});

it('signs in to AWS through OIDC with the deploy role, in us-east-1, with no stored key', () => {
  for (const job of Object.values(workflow.jobs)) {
    const credentials = job.steps.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'));
    expect(credentials?.with).toEqual({
      'role-to-assume': '${{ vars.AWS_PREVIEW_ROLE_ARN }}',
      'aws-region': 'us-east-1',
    });
  }
  expect(source).not.toMatch(/secrets\.|aws-access-key-id|aws-secret-access-key/);
});

it('passes every setting deploy:preview needs, each from the repository variable of its name', () => {
  for (const [name, value] of Object.entries(workflow.env)) expect(value).toBe(`\${{ vars.${name} }}`);
  // The repository's variables as an operator sets them: a misspelt name in the workflow would leave one unset.
  const variables: Record<string, string> = {
    COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
    COGNITO_APP_CLIENT_ID: 'productionwebclient',
    SITE_URL: 'https://docs.example.com',
    API_HOST: 'https://api.example.com',
    PROVIDER_CONTACT: 'mailto:api@example.com',
    PREVIEW_DOMAIN: 'preview.docs.example.com',
    PREVIEW_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000',
    PREVIEW_HOSTED_ZONE_ID: 'Z0123456789ABCDEFGHIJ',
  };
  const passed = parseEnv(Object.fromEntries(Object.keys(workflow.env).map((name) => [name, variables[name] ?? ''])));
  expect(previewSettingsOf(passed).domain).toBe('preview.docs.example.com');
  expect(customerBuildError(passed)).toBeNull();
  // Every variable it passes is one the portal documents (.env.example).
  const documented = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  for (const name of Object.keys(workflow.env)) expect([name, documented.includes(`${name}=`)]).toEqual([name, true]);
});
