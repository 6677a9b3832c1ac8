// Installs deploy/'s own dependencies, the AWS CDK (deploy/package.json), when they are missing or were
// installed from another deploy/package-lock.json (the root `npm install` leaves the CDK out,
// so writers and the site's tests do not download it). Run by the deploy:* scripts, `typecheck` and
// `test:unit` (which check and test the stacks); does nothing when the install is current.
//
// Usage: node deploy/bin/install.mjs
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = path.join(deployDir, 'package-lock.json');
/** Written after a successful install: the hash of the lock file it installed. */
const stampFile = path.join(deployDir, 'node_modules', '.portal-deploy-lock.sha256');

const lockHash = crypto.createHash('sha256').update(fs.readFileSync(lockFile)).digest('hex');
const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (installed !== lockHash) {
  console.error('deploy/: installing the AWS CDK (deploy/package.json), once…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: deployDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('deploy/: npm ci failed; run "npm ci" in deploy/ to see why (it needs the npm registry).');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, `${lockHash}\n`);
}
