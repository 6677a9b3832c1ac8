/**
 * Request samples of the docs. A writer describes a request once, as text:
 *
 * ```
 * POST /documents?page=1&page_size=10
 * {"doctypes": ["Laws"]}
 * ```
 *
 * (method and path with query on the first line, an optional JSON body after it). The portal renders
 * it as curl, Python (requests), TypeScript (fetch), Java (the JDK's `java.net.http.HttpClient`) and Go
 * (`net/http`), and tests check it against the OpenAPI contract and run each language against the sandbox,
 * so a sample can neither drift between languages nor from the API. Every language comes from one snippet
 * generator, Scalar's `@scalar/snippetz`: this module feeds it the request as HAR and wraps its output into a
 * program a reader runs as is (settings from the environment or the reader's own, an exit status that says
 * when the API answered an error). Java and Go are in ./apiSampleSnippets.ts (a separate module, so pages
 * load their generators only when a reader picks one of them).
 */
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import { pythonRequests } from '@scalar/snippetz/plugins/python/requests';
import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';

/** A parsed request sample. Paths are relative to the API base (`/api/v1/customer`). */
export interface RequestSample {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path without query, e.g. `/documents/3f1c…/summary`. */
  path: string;
  /** Query parameters in order; a repeated name is a list. */
  query: [string, string][];
  /** Parsed JSON body, or `undefined` when there is none. */
  body?: unknown;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * @throws {Error} saying what to fix when the first line is not `METHOD /path` or the body is not JSON.
 */
export function parseRequestSample(text: string): RequestSample {
  const [first = '', ...rest] = text.trim().split('\n');
  const match = /^([A-Z]+)\s+(\/\S*)$/.exec(first.trim());
  if (!match || !METHODS.has(match[1])) {
    throw new Error(`request sample must start with "METHOD /path", e.g. "GET /doctypes"; got "${first.trim()}"`);
  }
  const url = new URL(match[2], 'https://api.invalid');
  const bodyText = rest.join('\n').trim();
  let body: unknown;
  if (bodyText) {
    try {
      body = JSON.parse(bodyText);
    } catch (error) {
      throw new Error(`request sample body of ${first.trim()} is not JSON: ${(error as Error).message}`);
    }
  }
  return {
    method: match[1] as RequestSample['method'],
    path: decodeURI(url.pathname),
    query: [...url.searchParams.entries()],
    body,
  };
}

/** The path as a URL, keeping `{name}` path-template parameters readable (an explorer preview shows them). */
export const encodePath = (path: string) => encodeURI(path).replace(/%7B(\w+)%7D/g, '{$1}');

/**
 * The reader's own API base URL and access token, filled into a sample when they turn "Use my token" on;
 * without them a sample reads `API_BASE` and `TOKEN` from the environment.
 */
export interface SampleCredentials {
  /** e.g. `https://api.example.com/api/v1/customer`, no trailing slash. */
  base: string;
  /** The signed-in user's Cognito access token. */
  token: string;
}

/** The sample's query as `?a=1&b=2` (URL-encoded, a repeated name repeated), or `''` when it has none. */
export const queryString = (sample: RequestSample) =>
  sample.query.length ? `?${new URLSearchParams(sample.query).toString()}` : '';

/**
 * Placeholders the generator writes as literals, which the wrapping then replaces by reads of `API_BASE` and
 * `TOKEN`. Each is a literal no request holds, so a replacement cannot touch anything else.
 */
export const BASE_PLACEHOLDER = 'https://api-base.invalid';
export const TOKEN_PLACEHOLDER = 'token-from-the-environment';

/** A request as HAR (what snippet generators take); the fields of HAR 1.2's `request` this portal sends. */
export interface HarRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  queryString?: { name: string; value: string }[];
  postData?: { mimeType: string; text: string };
}

/**
 * The sample as a HAR request against `base` with `token`: the query in the URL, or, with
 * `separateQuery`, as HAR's `queryString` list (which a generator may write as its own structure).
 */
export function harOf(
  sample: RequestSample,
  base = BASE_PLACEHOLDER,
  token = TOKEN_PLACEHOLDER,
  separateQuery = false,
): HarRequest {
  return {
    method: sample.method,
    url: `${base}${encodePath(sample.path)}${separateQuery ? '' : queryString(sample)}`,
    headers: [
      { name: 'Authorization', value: `Bearer ${token}` },
      ...(sample.body !== undefined ? [{ name: 'Content-Type', value: 'application/json' }] : []),
    ],
    ...(separateQuery ? { queryString: sample.query.map(([name, value]) => ({ name, value })) } : {}),
    ...(sample.body !== undefined
      ? { postData: { mimeType: 'application/json', text: JSON.stringify(sample.body) } }
      : {}),
  };
}

/**
 * Replaces every `find` in `text`, and fails loudly when the generator wrote none: its output changed shape,
 * and a sample that silently kept a placeholder would not run.
 *
 * @throws {Error} naming the text the generator's output no longer holds.
 */
export function replaceAll(text: string, find: string, replacement: string): string {
  if (!text.includes(find))
    throw new Error(`the snippet generator's output no longer contains ${JSON.stringify(find)}`);
  return text.split(find).join(replacement);
}

/** A string as a single-quoted shell word. */
const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** Characters that keep their meaning inside a shell's double quotes (so cannot follow `"$API_BASE` as is). */
const DOUBLE_QUOTE_ACTIVE = /["$`\\!]/;

/**
 * curl, with the base URL and token from the environment (`$API_BASE`, `$TOKEN`), or the reader's own.
 * `-sS --fail-with-body`: no progress meter but errors, and an error status fails the command (a script stops
 * there) while still printing the answer, which says what is wrong; `-w '\n'`: a newline after the answer,
 * which ends without one, so the next prompt starts on a line of its own.
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toCurl(sample: RequestSample, credentials?: SampleCredentials): string {
  const har = harOf(sample, credentials?.base, credentials?.token);
  let code = shellCurl.generate(har);
  // The generator quotes the URL only when the shell would read something in it.
  const quotedUrl = code.startsWith(`curl ${shellQuote(har.url)}`) ? shellQuote(har.url) : har.url;
  code = replaceAll(code, `curl ${quotedUrl}`, `curl -sS --fail-with-body ${quotedUrl}`);
  if (!credentials) {
    const target = har.url.slice(BASE_PLACEHOLDER.length);
    const url = DOUBLE_QUOTE_ACTIVE.test(target) ? `"$API_BASE"${shellQuote(target)}` : `"$API_BASE${target}"`;
    code = replaceAll(code, quotedUrl, url);
    code = replaceAll(code, `'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`, '"Authorization: Bearer $TOKEN"');
  }
  return `${code} \\\n  -w '\\n'`;
}

/**
 * Python with requests, reading `API_BASE` and `TOKEN` from the environment, or with the reader's own: the
 * generator's call, its answer checked (`raise_for_status`: an error answer ends the script with its status)
 * and printed (JSON as JSON, a file as its type and size), with a timeout (requests waits forever without one).
 * No answer at all (the API unreachable, `API_BASE` wrong) ends it with one line saying why and status 1.
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toPython(sample: RequestSample, credentials?: SampleCredentials): string {
  const har = harOf(sample, BASE_PLACEHOLDER, TOKEN_PLACEHOLDER, true);
  let code = pythonRequests.generate(har);
  // An f-string reads `{name}` (an explorer's path template) as code: doubled, it prints as written.
  const target = har.url.slice(BASE_PLACEHOLDER.length).replace(/[{}]/g, '$&$&');
  code = replaceAll(code, `"${har.url}"`, `f"{API_BASE}${target}"`);
  code = replaceAll(code, `"Bearer ${TOKEN_PLACEHOLDER}"`, 'f"Bearer {TOKEN}"');
  if (!code.endsWith('\n)')) throw new Error("the snippet generator's Python call no longer ends with a line of ')'");
  code = `${code.slice(0, -2)},\n    timeout=30,\n)`;
  const settings = credentials
    ? [
        'import json',
        'import sys',
        '',
        'import requests',
        '',
        `API_BASE = ${JSON.stringify(credentials.base)}`,
        `TOKEN = ${JSON.stringify(credentials.token)}  # your access token: keep it out of source control`,
      ]
    : [
        'import json',
        'import os',
        'import sys',
        '',
        'import requests',
        '',
        'API_BASE = os.environ["API_BASE"]  # set as Getting started shows',
        'TOKEN = os.environ["TOKEN"]',
      ];
  return [
    ...settings,
    '',
    'try:',
    ...`response = ${code}`.split('\n').map((line) => (line ? `    ${line}` : line)),
    'except requests.RequestException as error:  # no answer: the API is unreachable, or API_BASE is wrong',
    '    sys.exit(f"Request failed: {error}")',
    'response.raise_for_status()',
    'content_type = response.headers.get("Content-Type", "")',
    '# JSON prints as JSON; a file prints its type and size (response.content holds it); no body, the status.',
    'if "json" in content_type and response.content:',
    // ensure_ascii=False: text as the API sends it and the page shows it (©, é), not as \u escapes.
    '    print(json.dumps(response.json(), indent=2, ensure_ascii=False))',
    'else:',
    '    print(f"{content_type}: {len(response.content)} bytes" if response.content else response.status_code)',
  ].join('\n');
}

/**
 * TypeScript with fetch (Node 18+ or a browser), reading `API_BASE` and `TOKEN` from the environment, or
 * with the reader's own; an ES module (top-level `await`), run as `node sample.mts` on Node 24 (which strips
 * the types) or `npx --yes tsx sample.mts`. The generator's call, its answer checked (an error answer throws,
 * with its status and body) and printed (JSON as JSON, a file as its type and size). No answer at all (the
 * API unreachable, `API_BASE` unset) prints one line saying why and exits with status 1 (Node's `process`).
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toTypeScript(sample: RequestSample, credentials?: SampleCredentials): string {
  const har = harOf(sample);
  let code = jsFetch.generate(har);
  // In a template literal, a backquote, a backslash and `${` would be read as code: escaped, they are text.
  const target = har.url.slice(BASE_PLACEHOLDER.length).replace(/[`\\]|\$\{/g, '\\$&');
  const [base, token] = credentials ? ['API_BASE', 'TOKEN'] : ['process.env.API_BASE', 'process.env.TOKEN'];
  code = replaceAll(code, `'${har.url}'`, `\`\${${base}}${target}\``);
  code = replaceAll(code, `'Bearer ${TOKEN_PLACEHOLDER}'`, `\`Bearer \${${token}}\``);
  const settings = credentials
    ? [
        `const API_BASE = ${JSON.stringify(credentials.base)};`,
        `const TOKEN = ${JSON.stringify(credentials.token)}; // your access token: keep it out of source control`,
        '',
      ]
    : [];
  // In a block, settings included, so samples pasted one after another into one module do not declare
  // `response`, `API_BASE` or `TOKEN` twice.
  const indent = (line: string) => (line ? `  ${line}` : line);
  return [
    '{',
    ...[
      ...settings,
      ...`const response = await ${code}.catch((error) => {`.split('\n'),
      // No answer (the API unreachable, API_BASE unset): one line saying why, and exit status 1.
      '  console.error(`Request failed: ${error.cause?.message ?? error.message}`);',
      '  process.exit(1);',
      '});',
      'if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);',
      "const type = response.headers.get('content-type') ?? '';",
      '// JSON prints as JSON; a file prints its type and size (the bytes are in `body`); no body, the status.',
      'const body = new Uint8Array(await response.arrayBuffer());',
      "if (type.includes('json') && body.length) console.log(JSON.stringify(JSON.parse(new TextDecoder().decode(body)), null, 2));",
      'else console.log(body.length ? `${type}: ${body.length} bytes` : response.status);',
    ].map(indent),
    '}',
  ].join('\n');
}
