/**
 * Downloads the provider's OpenAPI description from `<API_HOST>/api/v1/openapi.json` (spec §7.1) and
 * accepts it only when it parses as OpenAPI 3 and passes the Redocly lint (`redocly.yaml`) with no
 * errors. `npm run openapi:fetch` (./fetch.ts) and the build's choice of description (./source.ts)
 * both use it, so both accept exactly the same documents.
 */
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { OPENAPI_SPEC_PATH } from '../../config/openapi';
import { contractUrl, parseContract, type OpenApiDocument } from '../../rules/contract';

/** A downloaded description that passed every check. */
export interface DownloadedContract {
  /** Where it came from: `<API_HOST>/api/v1/openapi.json`. */
  url: string;
  /** The parsed document. */
  doc: OpenApiDocument;
  /** The same document as YAML (the vendored copy's format). */
  yamlText: string;
}

/**
 * Downloads and checks the provider's description.
 *
 * @param apiHost - the API host (`API_HOST`), e.g. `https://api.example.com`.
 * @param timeoutMs - how long the download may take, in ms.
 * @param root - the site directory (its `redocly.yaml` is the lint configuration).
 * @throws {Error} saying what went wrong: the host could not be reached or answered an HTTP error
 *   ("could not download <url>: …"), the body is not an OpenAPI 3 document ("<url> is not a usable
 *   contract: …"), or it fails the lint (each error with its rule and JSON pointer).
 */
export async function downloadContract(
  apiHost: string,
  timeoutMs: number,
  root = path.resolve(__dirname, '../..'),
): Promise<DownloadedContract> {
  const url = contractUrl(apiHost);
  let body: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    body = await response.text();
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
    throw new Error(`could not download ${url}: ${reason}`);
  }

  let doc: OpenApiDocument;
  try {
    doc = parseContract(body);
  } catch (error) {
    throw new Error(`${url} is not a usable contract: ${error instanceof Error ? error.message : error}`);
  }

  const yamlText = stringify(doc, { lineWidth: 0 });
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const problems = await lintFromString({ source: yamlText, absoluteRef: path.join(root, OPENAPI_SPEC_PATH), config });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const list = errors.map((e) => `  - ${e.ruleId}: ${e.message} (${e.location[0]?.pointer ?? ''})`).join('\n');
    throw new Error(`${url} fails the Redocly lint with ${errors.length} error(s):\n${list}`);
  }
  return { url, doc, yamlText };
}
