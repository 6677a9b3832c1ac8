/**
 * Bundles the vendored contract (openapi/) into one JSON document for the build, with its production
 * server on API_HOST (config/env.ts) and, in local mode, the local sandbox API first. Redocly resolves
 * any `$ref` to other files, so the contract may be split by tag. Every `x-assumed` detail also says so in its description (./assumptions.ts), so the
 * reference never shows an assumption as the provider's word (issue #10). Output:
 * generated/openapi/customer-api.json (git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { portalEnv } from '../../config/env';
import { BUNDLED_SPEC_PATH, OPENAPI_SPEC_PATH } from '../../config/openapi';
import { withAssumptionNotes } from './assumptions';
import { serversForMode, withApiHost, withExampleBodies, type OpenApiDocument } from '../../rules/contract';

/**
 * Writes the bundled contract and returns its path.
 *
 * @throws {Error} when the contract cannot be read or a `$ref` cannot be resolved.
 */
export async function bundleContract(root = path.resolve(__dirname, '../..')): Promise<string> {
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const result = await bundle({ ref: path.join(root, OPENAPI_SPEC_PATH), config });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`${OPENAPI_SPEC_PATH} cannot be bundled: ${errors.map((e) => e.message).join('; ')}`);
  }
  // Local mode: "Send API request" answers from the local sandbox (issue #11) out of the box; with a real
  // user pool the sandbox is not offered at all (issue #22).
  const doc = serversForMode(
    withExampleBodies(withAssumptionNotes(withApiHost(result.bundle.parsed as OpenApiDocument, portalEnv.apiHost))),
    portalEnv.auth.mode,
    portalEnv.localSandbox.port,
  );
  const out = path.join(root, BUNDLED_SPEC_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  return out;
}
