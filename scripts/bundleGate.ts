/**
 * `npm run build:gate` (and the last step of `npm run build`): bundles the single-process gate, scripts/serve.ts
 * and what it imports from `server/`, `rules/`, `config/` and `local/`, with esbuild into one CommonJS file,
 * `dist/serve.js`, as `npm run deploy:build` bundles the Lambda functions (deploy/bin/bundle.ts), so the gate
 * starts on plain Node with no transpiler. Unlike those, it leaves the packages out (`require`d from the
 * install's `node_modules`): the production install (`npm ci --omit=dev`, handbook/deployment.md "the
 * single-process gate") has the `dependencies`, and the local services' modules, which need devDependencies, are
 * evaluated only in their own process (scripts/serve.ts).
 *
 * The bundle sits one folder below the project's root, as config/paths.ts does, which finds the root from its own
 * `__dirname`; any other module of ours that reads `__dirname` would find another folder from the bundle than
 * from its sources, so the bundler refuses it, naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../config/paths';

/** The gate's entry, and its bundle. */
export const GATE_ENTRY = path.join(PROJECT_ROOT, 'scripts', 'serve.ts');
export const GATE_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'serve.js');

/** The one module of ours whose `__dirname` the bundle may use (see above). */
const ROOT_MODULE = 'config/paths.ts';

/** A source file's text without its comments, roughly: enough not to count a `__dirname` in a TSDoc comment. */
function code(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .join('\n');
}

/**
 * Bundles the gate into {@link GATE_BUNDLE}.
 *
 * @returns the bundle's size, in bytes, and the project's modules in it.
 * @throws {Error} naming the files when a module of ours other than config/paths.ts reads `__dirname` or
 *   `__filename`, or with esbuild's errors.
 */
export async function bundleGate(): Promise<{ bytes: number; modules: string[] }> {
  const result = await build({
    entryPoints: [GATE_ENTRY],
    outfile: GATE_BUNDLE,
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    // package.json `engines`: Node 24 or 26.
    target: 'node24',
    format: 'cjs',
    packages: 'external',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const modules = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  const relative = modules.filter((input) => input !== ROOT_MODULE && /\b__(?:dirname|filename)\b/.test(code(input)));
  if (relative.length > 0) {
    fs.rmSync(GATE_BUNDLE, { force: true });
    throw new Error(
      `${relative.join(', ')} read __dirname or __filename: from the gate's bundle (dist/) they name another folder ` +
        `than from the sources. Take the project's root from config/paths.ts PROJECT_ROOT instead.`,
    );
  }
  return { bytes: fs.statSync(GATE_BUNDLE).size, modules };
}

if (require.main === module) {
  bundleGate().catch((error: unknown) => {
    console.error(`build:gate failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
