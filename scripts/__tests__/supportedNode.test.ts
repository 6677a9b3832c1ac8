/**
 * @jest-environment node
 *
 * The README's two commands work on any Node that runs npm: every npm script that runs code sources
 * scripts/supported-node.sh, which keeps Node 24 or 26 and otherwise runs the script under the pinned
 * release from .tools/, saying so in one line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PREFIX = '. scripts/supported-node.sh && ';

/** A folder holding a `node` that reports `version` and nothing else, to stand for the machine's Node. */
function fakeNode(version: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-node-'));
  fs.writeFileSync(path.join(dir, 'node'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return dir;
}

/** Runs `command` in npm's script shell (sh) with `first` first on PATH, as npm would on that machine. */
function inScriptShell(first: string, command: string) {
  return spawnSync('sh', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${first}${path.delimiter}${process.env.PATH}` },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

it('an old Node runs the script under the pinned Node 24, and says so in one line', () => {
  const run = inScriptShell(fakeNode('v20.20.2'), `${PREFIX}node -p process.versions.node`);
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe('24.21.0');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('Node v20.20.2 is not one the portal supports');
  expect(lines[0]).toContain('Node v24.21.0 from .tools/');
});

it('a supported Node is kept, silently', () => {
  const node26 = fakeNode('v26.1.0');
  const run = inScriptShell(node26, `${PREFIX}command -v node`);
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe(path.join(node26, 'node'));
  expect(run.stderr).toBe('');
});

it('every npm script that runs code switches Node first', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // pretest only checks the programs the tests need (bash and apt), before `test` switches Node.
  const withoutSwitch = Object.entries(scripts)
    .filter(([name, command]) => name !== 'pretest' && !command.startsWith(PREFIX))
    .map(([name]) => name);
  expect(withoutSwitch).toEqual([]);
});
