/**
 * How `npm run deploy:build` bundles a Lambda function: esbuild, one CommonJS file for
 * the nodejs24.x runtime the stack deploys, minified, with the function's configuration baked in through
 * `define` (Lambda@Edge has no environment variables; the MCP function is bound to the pool the same way).
 */
import { build } from 'esbuild';

/**
 * @param entry - the entry module (absolute).
 * @param outfile - where `index.js` goes (absolute).
 * @param define - global name → value, e.g. `{ __EDGE_CONFIG__: config }` (JSON-serialised here).
 */
export async function bundleFunction(entry: string, outfile: string, define: Record<string, unknown>): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    // The functions run nodejs24.x (deploy/stack.ts); the tests load the bundles on Node 24 and 26.
    target: 'node24',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    define: Object.fromEntries(Object.entries(define).map(([name, value]) => [name, JSON.stringify(value)])),
    logLevel: 'warning',
  });
}
