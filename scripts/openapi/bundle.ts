/**
 * Bundles the description the build uses (./source.ts: the provider's `<API_HOST>/api/v1/openapi.json`
 * when it can be read and passes the checks, else the vendored copy in openapi/) into one JSON document,
 * with its production server on API_HOST (config/env.ts) and, in local mode, the local sandbox API
 * first. Redocly resolves any `$ref` to other files, so the contract may be split by tag. Every
 * `x-assumed` detail also says so in its description, and in the description an operation's page shows
 * where it would not show that one (./assumptions.ts), so the reference never shows an assumption as the
 * provider’s word, and the landing page says which description it was
 * built from and when. Its Markdown texts are held to an allow-list (./sanitize.ts), each text
 * that loses something saying so in the log. Output: generated/openapi/customer-api.json (git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { portalEnv } from '../../config/env';
import { BUNDLED_SPEC_PATH } from '../../config/openapi';
import { withAssumptionNotes } from './assumptions';
import { chooseContractSource, sourceLogLine, withSourceNote, type ContractSource } from './source';
import { findingLogLine, sanitizeContract } from './sanitize';
import { withProviderContact } from './contact';
import { serversForMode, withApiHost, withExampleBodies, type OpenApiDocument } from '../../rules/contract';

/** What bundleContract wrote. */
export interface BundleResult {
  /** The bundled file, absolute. */
  out: string;
  /** The description it was built from. */
  source: ContractSource;
}

/**
 * Chooses the description, logs one line saying which (console.log), writes the bundle and returns
 * where.
 *
 * @param root - the site directory.
 * @param options.apiHost - the API host to read the provider's description from (default API_HOST).
 * @param options.out - the file to write, absolute (default `<root>/generated/openapi/customer-api.json`).
 * @param options.source - the description already chosen (chooseContractSource), else chosen here.
 * @throws {Error} when the chosen description cannot be read or a `$ref` cannot be resolved.
 */
export async function bundleContract(
  root = path.resolve(__dirname, '../..'),
  options: { apiHost?: string; out?: string; source?: ContractSource } = { apiHost: portalEnv.apiHost },
): Promise<BundleResult> {
  const source = options.source ?? (await chooseContractSource(root, options.apiHost));
  if (!options.source) console.log(sourceLogLine(source));
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const result = await bundle({ ref: source.file, config });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const file = path.relative(root, source.file);
    throw new Error(`${file} cannot be bundled: ${errors.map((e) => e.message).join('; ')}`);
  }
  // Local mode: "Send API request" answers from the local sandbox out of the box; with a real
  // user pool the sandbox is not offered at all.
  const described = withAssumptionNotes(withApiHost(result.bundle.parsed as OpenApiDocument, options.apiHost));
  const doc = serversForMode(
    withProviderContact(withSourceNote(withExampleBodies(described), source), portalEnv.providerContact),
    portalEnv.auth.mode,
    portalEnv.localSandbox.port,
  );
  const sanitized = await sanitizeContract(doc);
  sanitized.findings.forEach((finding) => console.warn(findingLogLine(finding)));
  const out = options.out ?? path.join(root, BUNDLED_SPEC_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(sanitized.doc, null, 2)}\n`);
  return { out, source };
}
