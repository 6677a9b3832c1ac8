/**
 * @jest-environment node
 *
 * A preview's names come from the branch name, which anyone who can push a branch chooses: a name git refuses,
 * an empty one or an overlong one is refused with the reason; any other becomes a DNS label of lowercase letters,
 * digits and hyphens, short enough for DNS and a stack name, distinct for distinct branches, and the same every
 * time for the same branch (so teardown finds what a deployment made).
 */
import { MAX_BRANCH_LENGTH, PREVIEW_STACK_PREFIX, PreviewNameError, previewLabel, previewNames } from '../names';

/** A DNS label (RFC 1035, lowercase): 1 to 63 letters, digits and inner hyphens. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A CloudFormation stack name: a letter, then letters, digits and hyphens, 128 at most. */
const STACK_NAME = /^[A-Za-z][A-Za-z0-9-]{0,127}$/;

describe('a branch git accepts', () => {
  it.each([
    ['feature/new-schema', /^feature-new-schema-[0-9a-f]{8}$/],
    ['Fix/Upper_Case.Name', /^fix-upper-case-name-[0-9a-f]{8}$/],
    ['dependabot/npm_and_yarn/@docusaurus/core-3.10.2', /^dependabot-npm-and-yarn-docusa-[0-9a-f]{8}$/],
    ['功能/中文', /^branch-[0-9a-f]{8}$/],
    ['_', /^branch-[0-9a-f]{8}$/],
    ['-leading-hyphen', /^leading-hyphen-[0-9a-f]{8}$/],
    ['x;$(reboot)`id`', /^x-reboot-id-[0-9a-f]{8}$/],
  ])('%s becomes a DNS label and stack names', (branch, label) => {
    const names = previewNames(branch, 'preview.docs.example.com');
    expect(names.label).toMatch(label);
    expect(names.label).toMatch(DNS_LABEL);
    expect(names.host).toBe(`${names.label}.preview.docs.example.com`);
    expect(names.siteUrl).toBe(`https://${names.host}`);
    for (const stack of [names.identityStackName, names.siteStackName]) {
      expect(stack).toMatch(STACK_NAME);
      expect(stack.startsWith(`${PREVIEW_STACK_PREFIX}${names.label}-`)).toBe(true);
    }
  });

  it('a very long name keeps 30 characters and its hash: within DNS, and apart from names sharing its start', () => {
    const long = `feature/${'a'.repeat(240)}`;
    const longer = `${long}b`;
    expect(previewLabel(long)).toMatch(/^feature-a{22}-[0-9a-f]{8}$/);
    expect(previewLabel(long)).not.toBe(previewLabel(longer));
    expect(previewLabel(`feature/${'a'.repeat(MAX_BRANCH_LENGTH - 8)}`)).toMatch(DNS_LABEL);
  });

  it('names that normalise alike get different labels; the same name always the same one', () => {
    const labels = ['Feature/X', 'feature-x', 'feature_x', 'feature/x', 'FEATURE/X'].map(previewLabel);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((label) => label.startsWith('feature-x-'))).toBe(true);
    expect(previewLabel('Feature/X')).toBe(labels[0]);
  });
});

describe('a branch name that cannot name a preview', () => {
  it.each([
    ['feature/../x', /not a branch name git accepts/],
    ['..', /not a branch name git accepts/],
    ['feature/x.lock', /not a branch name git accepts/],
    ['a b', /not a branch name git accepts/],
    ['a~1', /not a branch name git accepts/],
    ['x@{1}', /not a branch name git accepts/],
    ['line\nbreak', /not a branch name git accepts/],
    ['nul\u0000byte', /not a branch name git accepts/],
    ['trailing/', /not a branch name git accepts/],
    ['', /empty/],
    ['x'.repeat(MAX_BRANCH_LENGTH + 1), /256 characters long; previews take names of at most 255/],
  ])('%j is refused, saying why', (branch, reason) => {
    expect(() => previewNames(branch, 'preview.docs.example.com')).toThrow(PreviewNameError);
    expect(() => previewNames(branch, 'preview.docs.example.com')).toThrow(reason);
  });
});
