/**
 * Downloads the provider's OpenAPI description from `<API_HOST>/api/v1/openapi.json` (spec §7.1) and
 * accepts it only when it parses as OpenAPI 3 and passes the Redocly lint (`redocly.yaml`) with no
 * errors. `npm run openapi:fetch` (./fetch.ts) and the build's choice of description (./source.ts)
 * both use it, so both accept exactly the same documents.
 *
 * What arrives is the provider's, so the download is held to the same terms as any hostile input: over
 * `https` only (plain `http` to this machine's loopback alone, for a local stand-in), redirects only to the
 * same origin, a JSON content type, at most {@link MAX_DESCRIPTION_BYTES} counted as it arrives, and no
 * `$ref` to another document (the lint and the bundle would fetch or read it on the terms of neither).
 */
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { OPENAPI_SPEC_PATH } from '../../config/openapi';
import { contractUrl, parseContract, type OpenApiDocument } from '../../rules/contract';
import { isLoopbackHostname } from '../../rules/hosts';

/** Largest description accepted, in bytes: many times the vendored one's size. */
export const MAX_DESCRIPTION_BYTES = 5 * 1024 * 1024;

/** Most redirects followed (each to the same origin). */
export const MAX_REDIRECTS = 3;

/** Why a download was refused before its body was parsed: one line, said as is. */
class Refused extends Error {}

/** Whether `url` may be fetched: `https`, or `http` to a loopback name (a local stand-in of the provider). */
function checkScheme(url: URL): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return;
  throw new Refused(`${url.href} is not https: the description is only fetched over https (set API_HOST to https://…)`);
}

/** The body as text, refused once it passes `limit` bytes, without reading further. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) throw new Refused(`it is ${declared} bytes, more than the ${limit} accepted`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    bytes += read.value.byteLength;
    if (bytes > limit) {
      await reader?.cancel();
      throw new Refused(`it is more than the ${limit} bytes accepted`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GETs `url`, following at most {@link MAX_REDIRECTS} redirects, each to the same origin.
 *
 * @throws {Refused} for another scheme, a redirect elsewhere or too many; the fetch's own errors as they are.
 */
async function fetchSameOrigin(url: URL, signal: AbortSignal): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    checkScheme(current);
    const response = await fetch(current, { signal, redirect: 'manual' });
    if (response.status < 300 || response.status >= 400) return response;
    const location = response.headers.get('location');
    if (location === null) return response;
    const next = new URL(location, current);
    if (next.origin !== url.origin) throw new Refused(`it redirects to another origin (${next.origin})`);
    if (hop >= MAX_REDIRECTS) throw new Refused(`it redirects more than ${MAX_REDIRECTS} times`);
    current = next;
  }
}

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
 * The first `$ref` that points outside the document (a URL or a file), with its JSON pointer, if any. The
 * lint and the bundle resolve such a reference themselves, with none of the terms above: a request from
 * the build machine to wherever it names, or a read of a local file.
 */
function externalRef(doc: unknown): { ref: string; at: string } | undefined {
  const stack: [unknown, string][] = [[doc, '']];
  while (stack.length > 0) {
    const [value, at] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) return { ref: child, at };
      stack.push([child, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
    }
  }
  return undefined;
}

/** `application/json`, `application/openapi+json`, … with any parameters. */
function isJsonType(contentType: string): boolean {
  const essence = contentType.split(';')[0].trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

/**
 * Downloads and checks the provider's description.
 *
 * @param apiHost - the API host (`API_HOST`), e.g. `https://api.example.com`.
 * @param timeoutMs - how long the download may take, in ms.
 * @param root - the site directory (its `redocly.yaml` is the lint configuration).
 * @throws {Error} saying what went wrong: the host could not be reached or answered an HTTP error
 *   ("could not download <url>: …"), the download broke one of the terms above ("refused <url>: …"), the
 *   body is not an OpenAPI 3 document ("<url> is not a usable contract: …"), or it fails the lint (each
 *   error with its rule and JSON pointer).
 */
export async function downloadContract(
  apiHost: string,
  timeoutMs: number,
  root = path.resolve(__dirname, '../..'),
): Promise<DownloadedContract> {
  const url = contractUrl(apiHost);
  let body: string;
  try {
    const response = await fetchSameOrigin(new URL(url), AbortSignal.timeout(timeoutMs));
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    const type = response.headers.get('content-type') ?? '(none)';
    if (!isJsonType(type)) throw new Refused(`it is served as ${type}, not as JSON (application/json)`);
    body = await boundedText(response, MAX_DESCRIPTION_BYTES);
  } catch (error) {
    if (error instanceof Refused) throw new Error(`refused ${url}: ${error.message}`);
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
  const external = externalRef(doc);
  if (external)
    throw new Error(
      `refused ${url}: it refers to another document ($ref "${external.ref.slice(0, 200)}" at ${external.at}); ` +
        'the description must be one document, whose $refs all start with #',
    );

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
