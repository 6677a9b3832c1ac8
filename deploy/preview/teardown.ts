/**
 * Deleting previews, through CloudFormation's own API (DescribeStacks, DeleteStack). `npm run deploy:preview:destroy`
 * deletes one branch's two stacks (given the branch, once it is deleted), or with `--expired` every preview past
 * its last day and every preview stack whose deletion failed before (the daily run). Deleting the stacks deletes
 * everything in them (./stacks.ts retains nothing): the app client, and with it the refresh tokens it issued, the
 * bucket and its files, the distribution, the edge gate, the DNS records, the log groups.
 *
 * A stack is deleted only when its name starts with {@link PREVIEW_STACK_PREFIX} and it carries {@link PREVIEW_TAG}
 * (with the branch's label, when deleting one branch's preview): the site's own stacks, and any other stack of the
 * account, are never touched, whatever their name or tags.
 *
 * Lambda@Edge keeps replicas of the gate in CloudFront's regions for a few hours after the distribution is
 * deleted, and refuses to delete the function until they are gone (Lambda Developer Guide, "Deleting Lambda@Edge
 * functions and replicas"): the site stack's deletion then ends in DELETE_FAILED, with the distribution, bucket,
 * client and records already gone, and the next `deploy:preview:destroy -- --expired` deletes what is left.
 */
import {
  type CloudFormationClient,
  DeleteStackCommand,
  DescribeStacksCommand,
  paginateDescribeStacks,
  type Stack,
  waitUntilStackDeleteComplete,
} from '@aws-sdk/client-cloudformation';
import { EXPIRES_TAG, PREVIEW_STACK_PREFIX, PREVIEW_TAG, type PreviewNames } from './names';

/**
 * How long deleting one branch's preview waits for each stack's deletion, in seconds (a distribution takes minutes
 * to go).
 */
export const DELETE_WAIT_SECONDS = 30 * 60;

/** What became of one stack. */
export interface StackOutcome {
  stackName: string;
  outcome: 'deleted' | 'already gone' | 'deleting' | 'left for the next sweep';
}

/** Waits until `stackName` is deleted: `true`, or `false` when its deletion failed or took too long. */
export type WaitForDeletion = (stackName: string) => Promise<boolean>;

/** The SDK's waiter (it polls DescribeStacks), for up to {@link DELETE_WAIT_SECONDS}. */
export function sdkWaitForDeletion(cloudFormation: CloudFormationClient): WaitForDeletion {
  return async (stackName) => {
    try {
      await waitUntilStackDeleteComplete(
        { client: cloudFormation, maxWaitTime: DELETE_WAIT_SECONDS },
        { StackName: stackName },
      );
      return true;
    } catch {
      return false;
    }
  };
}

/** The value of tag `key` of `stack`, if it has it. */
function tag(stack: Stack, key: string): string | undefined {
  return stack.Tags?.find((candidate) => candidate.Key === key)?.Value;
}

/** Whether `stack` is a preview's: its name and its {@link PREVIEW_TAG}. */
function isPreview(stack: Stack): boolean {
  return (stack.StackName ?? '').startsWith(PREVIEW_STACK_PREFIX) && tag(stack, PREVIEW_TAG) !== undefined;
}

/** The stack named `stackName`, or `undefined` when CloudFormation has none (deleted, or never made). */
async function describe(cloudFormation: CloudFormationClient, stackName: string): Promise<Stack | undefined> {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    return Stacks?.[0]?.StackStatus === 'DELETE_COMPLETE' ? undefined : Stacks?.[0];
  } catch (error) {
    // CloudFormation answers a name it does not know with a ValidationError "Stack with id … does not exist".
    if (error instanceof Error && error.message.includes('does not exist')) return undefined;
    throw error;
  }
}

/**
 * Deletes `names`' preview: the identity stack first (its app client: no reviewer signs in again, and its refresh
 * tokens stop working), then the site stack, waiting for each.
 *
 * @throws {Error} when a stack of that name is not the branch's preview (no {@link PREVIEW_TAG} with its label):
 *   nothing is deleted then.
 */
export async function destroyPreview(
  cloudFormation: CloudFormationClient,
  names: PreviewNames,
  waitForDeletion: WaitForDeletion = sdkWaitForDeletion(cloudFormation),
): Promise<StackOutcome[]> {
  const stackNames = [names.identityStackName, names.siteStackName];
  const stacks = await Promise.all(stackNames.map((stackName) => describe(cloudFormation, stackName)));
  for (const stack of stacks) {
    if (stack && (!isPreview(stack) || tag(stack, PREVIEW_TAG) !== names.label))
      throw new Error(
        `${stack.StackName} does not carry the tag ${PREVIEW_TAG}=${names.label}: it is not the preview of ` +
          `${JSON.stringify(names.branch)}, so nothing was deleted.`,
      );
  }
  const outcomes: StackOutcome[] = [];
  for (const [index, stackName] of stackNames.entries()) {
    if (!stacks[index]) {
      outcomes.push({ stackName, outcome: 'already gone' });
      continue;
    }
    await cloudFormation.send(new DeleteStackCommand({ StackName: stackName }));
    const deleted = await waitForDeletion(stackName);
    outcomes.push({ stackName, outcome: deleted ? 'deleted' : 'left for the next sweep' });
  }
  return outcomes;
}

/**
 * Starts the deletion of every preview stack past its last day ({@link EXPIRES_TAG} before `today`) or whose
 * deletion failed before (DELETE_FAILED: the edge gate's replicas were not gone yet), without waiting; a stack
 * being deleted already, or carrying no valid last day, is left alone.
 *
 * @param today - the current UTC day, `YYYY-MM-DD`.
 * @returns the stacks whose deletion it started.
 */
export async function destroyExpired(cloudFormation: CloudFormationClient, today: string): Promise<StackOutcome[]> {
  const due: string[] = [];
  for await (const page of paginateDescribeStacks({ client: cloudFormation }, {})) {
    for (const stack of page.Stacks ?? []) {
      if (!isPreview(stack) || stack.StackStatus === 'DELETE_IN_PROGRESS') continue;
      const expires = tag(stack, EXPIRES_TAG) ?? '';
      const expired = /^\d{4}-\d{2}-\d{2}$/.test(expires) && expires < today;
      if (expired || stack.StackStatus === 'DELETE_FAILED') due.push(stack.StackName!);
    }
  }
  // Identity stacks first, as deleting one branch's preview does: the app client goes before the pages.
  due.sort((a, b) => Number(a.endsWith('-Site')) - Number(b.endsWith('-Site')) || a.localeCompare(b));
  for (const stackName of due) await cloudFormation.send(new DeleteStackCommand({ StackName: stackName }));
  return due.map((stackName) => ({ stackName, outcome: 'deleting' }));
}
