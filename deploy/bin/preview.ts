/**
 * `npm run deploy:preview` and `npm run deploy:preview:destroy`: a branch's preview on AWS (handbook/deployment.md,
 * "A preview for every branch").
 *
 *     npm run deploy:preview -- <branch>              deploy it (or update it): prints its address last
 *     npm run deploy:preview -- --address <branch>    print its address only, deploying nothing
 *     npm run deploy:preview:destroy -- <branch>      delete it: its app client, bucket, distribution, records
 *     npm run deploy:preview:destroy -- --expired     delete every preview past its last day, and finish
 *                                                     deletions that failed (the workflow runs it daily)
 *
 * (`deploy:preview:destroy` is this script with `--destroy`.) Needs AWS credentials (but for `--address`), the
 * site's user pool (COGNITO_USER_POOL_ID, COGNITO_APP_CLIENT_ID) and the preview settings (PREVIEW_DOMAIN,
 * PREVIEW_CERTIFICATE_ARN, PREVIEW_HOSTED_ZONE_ID); a bad branch name or a missing setting stops it with one line
 * saying what to fix. Deploying runs deploy/preview/deploy.ts's steps; deleting, deploy/preview/teardown.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { portalEnv } from '../../config/env';
import { deployPreview, previewSettingsOf, type PreviewStep } from '../preview/deploy';
import { previewNames } from '../preview/names';
import { destroyExpired, destroyPreview, type StackOutcome } from '../preview/teardown';

const ROOT = path.resolve(__dirname, '../..');

const USAGE =
  'usage: npm run deploy:preview -- [--address] <branch>, or npm run deploy:preview:destroy -- <branch> | --expired';

/** Runs a step in the repository's root, its output shown, with its environment over this process's own. */
function run(step: PreviewStep): void {
  console.error(`deploy:preview: ${step.title}…`);
  execFileSync(step.command, step.args, {
    cwd: ROOT,
    stdio: 'inherit',
    // eslint-disable-next-line no-restricted-properties -- passed on to a child whole, not read here
    env: { ...process.env, ...step.env },
  });
}

function report(outcomes: StackOutcome[]): void {
  for (const { stackName, outcome } of outcomes) console.log(`${stackName}: ${outcome}`);
  if (outcomes.some(({ outcome }) => outcome === 'left for the next sweep'))
    console.log(
      "Lambda@Edge keeps the gate's replicas for a few hours after the distribution is gone; " +
        '"npm run deploy:preview:destroy -- --expired" (run daily by the preview workflow) finishes the deletion.',
    );
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      address: { type: 'boolean' },
      destroy: { type: 'boolean' },
      expired: { type: 'boolean' },
    },
  });
  const settings = previewSettingsOf(portalEnv);
  const cloudFormation = () => new CloudFormationClient({ region: 'us-east-1' });
  if (values.expired) {
    if (!values.destroy || values.address || positionals.length > 0) throw new Error(USAGE);
    const outcomes = await destroyExpired(cloudFormation(), new Date().toISOString().slice(0, 10));
    if (outcomes.length === 0) console.log('No preview is past its last day, and none is left to delete.');
    report(outcomes);
    return;
  }
  if (positionals.length !== 1 || (values.address && values.destroy)) throw new Error(USAGE);
  const [branch] = positionals;
  if (values.address) {
    console.log(previewNames(branch, settings.domain).siteUrl);
    return;
  }
  if (values.destroy) {
    report(await destroyPreview(cloudFormation(), previewNames(branch, settings.domain)));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-preview-'));
  try {
    const names = deployPreview(branch, {
      env: portalEnv,
      run,
      readOutputs: (file) => JSON.parse(fs.readFileSync(file, 'utf8')),
      outputsFile: path.join(dir, 'outputs.json'),
      nowMs: Date.now(),
    });
    console.log(names.siteUrl);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`deploy:preview: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
