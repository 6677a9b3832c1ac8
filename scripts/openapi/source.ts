/**
 * Which OpenAPI description the build turns into `/api`. Spec §2.1 and §7.1: the reference is generated
 * from the provider's description at `<API_HOST>/api/v1/openapi.json`. With `API_HOST` set, the build
 * downloads it and checks it as `npm run openapi:fetch` does (./download.ts); when that works the
 * reference is built from it, otherwise — `API_HOST` unset (offline, the default), unreachable, or a
 * document that fails the checks — from the vendored copy in `openapi/`. Either way the build log gets
 * one line saying which and why, and the `/api` landing page says which and when (withSourceNote).
 */
import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_SPEC_PATH } from '../../config/openapi';
import { contractUrl } from '../../rules/contract';
import { downloadContract } from './download';

/** How long the build waits for the provider's description, in ms, before using the vendored copy. */
export const SOURCE_TIMEOUT_MS = 10_000;

/** Where the build keeps the downloaded description (git-ignored, like all of `generated/`). */
export const PROVIDER_SPEC_PATH = 'generated/openapi/provider.yaml';

/** The description the build uses, and why. */
export interface ContractSource {
  /** `provider`: downloaded from API_HOST; `vendored`: the copy in `openapi/`. */
  kind: 'provider' | 'vendored';
  /** The file to bundle, absolute. */
  file: string;
  /** The provider's URL (set whenever API_HOST is). */
  url?: string;
  /** Why the vendored copy was used, when API_HOST was set (the download's error). */
  reason?: string;
  /** When the choice was made (build time). */
  at: Date;
}

/**
 * Chooses the description: the provider's when `apiHost` is set and its description downloads and
 * passes the checks (written to PROVIDER_SPEC_PATH), else the vendored copy. Never throws for the
 * provider's sake: any failure there falls back to the vendored copy and is given as `reason`.
 *
 * @param root - the site directory.
 * @param apiHost - `API_HOST`, or undefined (then nothing is downloaded).
 * @param timeoutMs - how long to wait for the provider, in ms.
 */
export async function chooseContractSource(
  root: string,
  apiHost: string | undefined,
  timeoutMs = SOURCE_TIMEOUT_MS,
): Promise<ContractSource> {
  const vendored = path.join(root, OPENAPI_SPEC_PATH);
  const at = new Date();
  if (!apiHost) return { kind: 'vendored', file: vendored, at };
  try {
    const { url, yamlText } = await downloadContract(apiHost, timeoutMs, root);
    const file = path.join(root, PROVIDER_SPEC_PATH);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, yamlText);
    return { kind: 'provider', file, url, at };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'vendored', file: vendored, url: contractUrl(apiHost), reason, at };
  }
}

/** The one build-log line saying which description `/api` is built from, and why. */
export function sourceLogLine(source: ContractSource): string {
  if (source.kind === 'provider') return `API reference: built from the provider's description at ${source.url}.`;
  if (!source.url) return `API reference: built from the vendored copy ${OPENAPI_SPEC_PATH} (API_HOST is not set).`;
  return `API reference: built from the vendored copy ${OPENAPI_SPEC_PATH}; the provider's description was not used: ${source.reason?.split('\n').join(' ')}`;
}

export { withSourceNote } from './sourceNote';
