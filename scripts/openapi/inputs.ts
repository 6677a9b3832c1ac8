/**
 * What the API pages are generated from, as one fingerprint, so `npm run gen-api` (run by `npm start` and
 * `npm run build`) skips generating them when nothing they are made from has changed since its last run
 * (a writer's `npm start` waits on nothing that need not run).
 *
 * The inputs: the description chosen (scripts/openapi/source.ts: with `API_HOST` set, the provider's is
 * downloaded on every run, so a new one is seen), the vendored contract and changelog (`openapi/`), the
 * bundler's config, the configuration as read from the environment, the generating code (the gen-api script,
 * scripts/openapi, config/, rules/, the Docusaurus config) and the installed packages (package-lock.json:
 * the openapi-docs plugin and theme). The fingerprint is written last, after every output, so a run that
 * failed halfway is redone. A skipped run leaves the bundled contract as it was, so the landing page's
 * "Built on …" stays the time the pages were made.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  API_DOCS_DIR,
  BUNDLED_SPEC_PATH,
  GENERATED_STATIC_DIR,
  MARKDOWN_HTML_PATH,
  OPENAPI_SPEC_PATH,
} from '../../config/openapi';

/** Where the last run's fingerprint is kept (git-ignored with the rest of `generated/`). */
export const INPUTS_STAMP_PATH = 'generated/openapi/inputs.sha256';

/** Files and folders (relative to the site) whose bytes the pages depend on; tests in folders are left out. */
const INPUT_PATHS = [
  'openapi',
  'redocly.yaml',
  'scripts/gen-api.ts',
  'scripts/openapi',
  'config',
  'rules',
  'docusaurus.config.ts',
  'sidebarsApi.ts',
  'package-lock.json',
];

/** The outputs that must all be there for a skip. */
const OUTPUT_PATHS = [BUNDLED_SPEC_PATH, API_DOCS_DIR, GENERATED_STATIC_DIR, MARKDOWN_HTML_PATH];

/** Every file under `target` (itself when a file), sorted, tests left out; none when it does not exist. */
function filesOf(root: string, target: string): string[] {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [target];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(target, name))
    .filter((name) => !name.split(path.sep).includes('__tests__') && fs.statSync(path.join(root, name)).isFile())
    .sort();
}

/**
 * The fingerprint (sha256, hex) of the pages' inputs in `root`.
 *
 * @param settings - the configuration read from the environment (any JSON value; e.g. `portalEnv`).
 * @param description - the description file chosen for this run (absolute; may lie outside `root`).
 */
export function inputsFingerprint(root: string, settings: unknown, description: string): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  hash.update('\0description\0');
  hash.update(fs.readFileSync(description));
  for (const file of INPUT_PATHS.flatMap((target) => filesOf(root, target))) {
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Whether the last run in `root` had this fingerprint and left every output in place. */
export function upToDate(root: string, fingerprint: string): boolean {
  const stamp = path.join(root, INPUTS_STAMP_PATH);
  return (
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === fingerprint &&
    OUTPUT_PATHS.every((output) => fs.existsSync(path.join(root, output)))
  );
}

/** Records a completed run's fingerprint (call after every output is written). */
export function recordInputs(root: string, fingerprint: string): void {
  fs.mkdirSync(path.dirname(path.join(root, INPUTS_STAMP_PATH)), { recursive: true });
  fs.writeFileSync(path.join(root, INPUTS_STAMP_PATH), `${fingerprint}\n`);
}

/**
 * Whether `npm run gen-api` would skip, known without loading the bundler or the network: only when
 * `settings.apiHost` is unset, so the description is the vendored one (scripts/openapi/source.ts); with
 * API_HOST set the provider's may have changed, and the answer is `false`. `npm start` asks this first.
 */
export function vendoredPagesUpToDate(root: string, settings: { apiHost?: string }): boolean {
  if (settings.apiHost) return false;
  return upToDate(root, inputsFingerprint(root, settings, path.join(root, OPENAPI_SPEC_PATH)));
}
