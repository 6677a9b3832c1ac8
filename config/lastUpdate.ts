/**
 * Whether doc pages can show "Last updated on …" (Docusaurus `showLastUpdateTime`). Docusaurus
 * reads each doc's last commit with `git log`: in a shallow clone that is the clone's commit, an
 * uncommitted file just has no date, but outside a Git work tree (a downloaded archive, a container
 * without `.git`) it stops the build. So the option is on only inside a work tree with Git installed.
 */
import { spawnSync } from 'node:child_process';

/**
 * @param dir - the site folder.
 * @returns true when `git` runs and `dir` is inside a Git work tree.
 */
export function insideGitWorkTree(dir: string): boolean {
  const git = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir, encoding: 'utf8' });
  return git.status === 0 && git.stdout.trim() === 'true';
}
