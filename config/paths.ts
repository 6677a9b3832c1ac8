/**
 * The project's root folder: where `package.json`, `build/` and the git-ignored `.local/` are. The one module
 * that finds it from its own location, one folder below the root; the gate's bundle (`dist/serve.js`, built by
 * scripts/gate/bundle.ts) is one folder below it too, so the same line finds the root from the sources and from
 * the bundle alike. Every other module that reads or writes a file of the project takes its path from here
 * (the bundler refuses another `__dirname` in the gate's bundle).
 */
import path from 'node:path';

/** Absolute path of the project's root folder. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');
