/**
 * @jest-environment node
 *
 * Teardown against a CloudFormation client mocked with aws-sdk-client-mock (no credentials, no network): a closed
 * pull request deletes its preview's two stacks, the app client first; the daily sweep deletes previews past their
 * last day and retries failed deletions; neither ever deletes a stack that is not a preview (the site's own
 * stacks included), nor another branch's preview.
 */
import {
  CloudFormationClient,
  DeleteStackCommand,
  DescribeStacksCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { EXPIRES_TAG, PREVIEW_TAG, previewNames } from '../names';
import { destroyExpired, destroyPreview, sdkWaitForDeletion } from '../teardown';

const cloudFormation = mockClient(CloudFormationClient);
const client = new CloudFormationClient({ region: 'us-east-1' });
beforeEach(() => cloudFormation.reset());

const names = previewNames('feature/new-schema', 'preview.docs.example.com');
const other = previewNames('feature/other', 'preview.docs.example.com');

/** A stack as DescribeStacks returns it. */
function stack(StackName: string, tags: Record<string, string>, StackStatus = 'UPDATE_COMPLETE'): Stack {
  return {
    StackName,
    StackStatus,
    CreationTime: new Date(0),
    Tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })),
  } as Stack;
}
const tagsOf = (label: string, expires = '2026-02-14') => ({ [PREVIEW_TAG]: label, [EXPIRES_TAG]: expires });
const deletedStacks = () => cloudFormation.commandCalls(DeleteStackCommand).map((call) => call.args[0].input.StackName);
const waitedFor: string[] = [];
const deletes = async (stackName: string) => {
  waitedFor.push(stackName);
  return true;
};
beforeEach(() => waitedFor.splice(0));

describe('deploy:preview:destroy -- <branch>', () => {
  it('deletes the identity stack, waits, then the site stack: nothing else', async () => {
    for (const name of [names.identityStackName, names.siteStackName])
      cloudFormation
        .on(DescribeStacksCommand, { StackName: name })
        .resolves({ Stacks: [stack(name, tagsOf(names.label))] });
    const outcomes = await destroyPreview(client, names, deletes);
    expect(deletedStacks()).toEqual([names.identityStackName, names.siteStackName]);
    expect(waitedFor).toEqual([names.identityStackName, names.siteStackName]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['deleted', 'deleted']);
  });

  it('says so when a stack is already gone, and deletes what is left', async () => {
    cloudFormation
      .on(DescribeStacksCommand, { StackName: names.identityStackName })
      .rejects(new Error(`Stack with id ${names.identityStackName} does not exist`));
    cloudFormation
      .on(DescribeStacksCommand, { StackName: names.siteStackName })
      .resolves({ Stacks: [stack(names.siteStackName, tagsOf(names.label))] });
    expect(await destroyPreview(client, names, deletes)).toEqual([
      { stackName: names.identityStackName, outcome: 'already gone' },
      { stackName: names.siteStackName, outcome: 'deleted' },
    ]);
    expect(deletedStacks()).toEqual([names.siteStackName]);
  });

  it('leaves the site stack to the next sweep when Lambda@Edge replicas hold its deletion', async () => {
    for (const name of [names.identityStackName, names.siteStackName])
      cloudFormation
        .on(DescribeStacksCommand, { StackName: name })
        .resolves({ Stacks: [stack(name, tagsOf(names.label))] });
    const outcomes = await destroyPreview(client, names, async (name) => name !== names.siteStackName);
    expect(outcomes.map((o) => o.outcome)).toEqual(['deleted', 'left for the next sweep']);
  });

  it('refuses, deleting nothing, a stack of that name without the branch’s tag: untagged, or another branch’s', async () => {
    for (const tags of [{}, tagsOf(other.label)]) {
      cloudFormation.reset();
      cloudFormation
        .on(DescribeStacksCommand, { StackName: names.identityStackName })
        .resolves({ Stacks: [stack(names.identityStackName, tagsOf(names.label))] });
      cloudFormation
        .on(DescribeStacksCommand, { StackName: names.siteStackName })
        .resolves({ Stacks: [stack(names.siteStackName, tags)] });
      await expect(destroyPreview(client, names, deletes)).rejects.toThrow(
        `does not carry the tag ${PREVIEW_TAG}=${names.label}`,
      );
      expect(deletedStacks()).toEqual([]);
    }
  });

  it("waits with the SDK's waiter, which reads the stack's status", async () => {
    cloudFormation.on(DescribeStacksCommand).resolvesOnce({
      Stacks: [stack(names.siteStackName, {}, 'DELETE_COMPLETE')],
    });
    expect(await sdkWaitForDeletion(client)(names.siteStackName)).toBe(true);
    cloudFormation.reset();
    cloudFormation
      .on(DescribeStacksCommand)
      .resolvesOnce({ Stacks: [stack(names.siteStackName, {}, 'DELETE_FAILED')] });
    expect(await sdkWaitForDeletion(client)(names.siteStackName)).toBe(false);
  });
});

describe('deploy:preview:destroy -- --expired', () => {
  it('deletes previews past their last day and failed deletions, identity stacks first; nothing else', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [
        // The site's own stacks, even with tags that would make a preview expired.
        stack('RegulatoryPortalSite', tagsOf('x', '2000-01-01')),
        stack('RegulatoryPortalIdentity', {}),
        // A stack named like a preview but not tagged as one.
        stack(`RegulatoryPortalPreview-untagged-Site`, { [EXPIRES_TAG]: '2000-01-01' }),
        // Expired on 2026-02-14: deleted from the 15th.
        stack(names.siteStackName, tagsOf(names.label, '2026-02-14')),
        stack(names.identityStackName, tagsOf(names.label, '2026-02-14')),
        // Kept until tomorrow.
        stack(other.identityStackName, tagsOf(other.label, '2026-02-15')),
        // Its deletion failed (Lambda@Edge replicas): tried again.
        stack(other.siteStackName, tagsOf(other.label, '2026-02-15'), 'DELETE_FAILED'),
        // Being deleted: left alone.
        stack(
          'RegulatoryPortalPreview-gone-1a2b3c4d-Site',
          tagsOf('gone-1a2b3c4d', '2000-01-01'),
          'DELETE_IN_PROGRESS',
        ),
        // No valid last day: left alone.
        stack('RegulatoryPortalPreview-odd-1a2b3c4d-Site', tagsOf('odd-1a2b3c4d', 'never')),
      ],
    });
    const outcomes = await destroyExpired(client, '2026-02-15');
    expect(deletedStacks()).toEqual([names.identityStackName, names.siteStackName, other.siteStackName]);
    expect(outcomes.every((o) => o.outcome === 'deleting')).toBe(true);
  });

  it('on a preview’s last day, keeps it', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [stack(names.siteStackName, tagsOf(names.label, '2026-02-14'))],
    });
    expect(await destroyExpired(client, '2026-02-14')).toEqual([]);
    expect(deletedStacks()).toEqual([]);
  });
});
