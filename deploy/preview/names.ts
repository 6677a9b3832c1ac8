/**
 * What a branch's preview is called: its DNS label, its address and its two stacks' names, all derived from the
 * branch name, which is hostile input (anyone who can push a branch names it). A name git itself refuses as a
 * branch (`feature/../x`, a control character, `@{`…) or one over {@link MAX_BRANCH_LENGTH} characters is refused
 * with a {@link PreviewNameError}; any other is normalised to a label of lowercase letters, digits and hyphens,
 * at most {@link READABLE_LENGTH} of them from the name, followed by a hash of the exact name, so `Feature/X` and
 * `feature-x` never share a preview and a long name stays within DNS's 63 characters a label.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { trimBoth } from '../../rules/text';

/** The longest branch name accepted, in characters (UTF-16 code units), checked before anything else reads it. */
export const MAX_BRANCH_LENGTH = 255;

/** How many characters of the normalised branch name a preview's label keeps before its hash. */
export const READABLE_LENGTH = 30;

/** Hex digits of the SHA-256 of the branch name at the end of the label (32 bits: distinct names stay apart). */
export const HASH_LENGTH = 8;

/**
 * The start of every preview stack's name. Teardown deletes only stacks whose name starts so and that carry
 * {@link PREVIEW_TAG} (./teardown.ts), so the site's own stacks (`RegulatoryPortalSite`, `RegulatoryPortalIdentity`)
 * are never candidates.
 */
export const PREVIEW_STACK_PREFIX = 'RegulatoryPortalPreview-';

/** The tag every resource of a preview carries: its label. */
export const PREVIEW_TAG = 'portal:preview';

/** The tag holding the last day a preview is kept (`YYYY-MM-DD`, UTC), renewed by each deployment. */
export const EXPIRES_TAG = 'portal:preview-expires';

/** A branch name that cannot name a preview; the message says why and what to do. */
export class PreviewNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewNameError';
  }
}

/** Everything named after a branch's preview. */
export interface PreviewNames {
  /** The branch, as given. */
  branch: string;
  /** The DNS label, e.g. `feature-new-schema-3f2a1c0b`: lowercase letters, digits and hyphens, at most 39. */
  label: string;
  /** The preview's host name, `<label>.<preview domain>`. */
  host: string;
  /** The preview's address, `https://<host>`, without a trailing slash (SITE_URL of its build). */
  siteUrl: string;
  /** The stack of the preview's own app client (deployed first: the build needs its id). */
  identityStackName: string;
  /** The stack of the preview's bucket, distribution, edge gate and DNS records. */
  siteStackName: string;
}

/**
 * Whether git accepts `branch` as a branch name (`git check-ref-format`, the rules git itself applies: no `..`,
 * no control character, space, `~^:?*[\`, no `@{`, no component starting with `.` or ending `.lock`…). Run
 * without a shell; the `refs/heads/` prefix keeps a name starting with `-` from reading as an option.
 */
function gitAccepts(branch: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', `refs/heads/${branch}`], { stdio: 'ignore' });
    return true;
  } catch {
    // A non-zero exit, or a name Node cannot pass as an argument (a NUL byte).
    return false;
  }
}

/**
 * The DNS label of `branch`'s preview.
 *
 * @throws {PreviewNameError} for an empty name, one over {@link MAX_BRANCH_LENGTH} characters, or one git refuses.
 */
export function previewLabel(branch: string): string {
  if (branch.length === 0) throw new PreviewNameError('the branch name is empty: give the branch to preview.');
  if (branch.length > MAX_BRANCH_LENGTH)
    throw new PreviewNameError(
      `the branch name is ${branch.length} characters long; previews take names of at most ${MAX_BRANCH_LENGTH}.`,
    );
  if (!gitAccepts(branch))
    throw new PreviewNameError(
      `${JSON.stringify(branch)} is not a branch name git accepts (git check-ref-format): rename the branch.`,
    );
  const readable = trimBoth(
    trimBoth(branch.toLowerCase().replace(/[^a-z0-9]+/g, '-'), '-').slice(0, READABLE_LENGTH),
    '-',
  );
  const hash = crypto.createHash('sha256').update(branch, 'utf8').digest('hex').slice(0, HASH_LENGTH);
  // A name with no ASCII letter or digit (`功能`, `_`) keeps its hash alone, after a word a label may start with.
  return `${readable || 'branch'}-${hash}`;
}

/**
 * The names of `branch`'s preview under `domain` (config/env.ts `deploy.preview.domain`).
 *
 * @throws {PreviewNameError} as {@link previewLabel} does.
 */
export function previewNames(branch: string, domain: string): PreviewNames {
  const label = previewLabel(branch);
  const host = `${label}.${domain}`;
  return {
    branch,
    label,
    host,
    siteUrl: `https://${host}`,
    identityStackName: `${PREVIEW_STACK_PREFIX}${label}-Identity`,
    siteStackName: `${PREVIEW_STACK_PREFIX}${label}-Site`,
  };
}
