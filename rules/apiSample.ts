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
 * so a sample can neither drift between languages nor from the API. Java and Go are in ./apiSampleSnippets.ts
 * (a separate module, so pages load their generator only when a reader picks one of them).
 */

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

/** A string as a single-quoted shell word. */
const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The sample's query as `?a=1&b=2` (URL-encoded, a repeated name repeated), or `''` when it has none. */
export const queryString = (sample: RequestSample) =>
  sample.query.length ? `?${new URLSearchParams(sample.query).toString()}` : '';

/** curl, with the base URL and token from the environment (`$API_BASE`, `$TOKEN`), or the reader's own. */
export function toCurl(sample: RequestSample, credentials?: SampleCredentials): string {
  const target = `${encodePath(sample.path)}${queryString(sample)}`;
  // -sS: no progress meter, but errors; --fail-with-body: an error status fails the command (a script stops
  // there) and still prints the answer, which says what is wrong.
  const lines = credentials
    ? [
        `curl -sS --fail-with-body -X ${sample.method} ${shellQuote(credentials.base + target)}`,
        `  -H ${shellQuote(`Authorization: Bearer ${credentials.token}`)}`,
      ]
    : [`curl -sS --fail-with-body -X ${sample.method} "$API_BASE${target}"`, `  -H "Authorization: Bearer $TOKEN"`];
  if (sample.body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(sample.body).replace(/'/g, "'\\''")}'`);
  }
  // -w: a newline after the answer, which ends without one, so the next prompt starts on a line of its own.
  lines.push(`  -w '\\n'`);
  return lines.join(' \\\n');
}

/** A JSON value as a Python literal (True/False/None), indented by `indent` spaces per level. */
export function toPythonLiteral(value: unknown, indent = 4, level = 0): string {
  const pad = ' '.repeat(indent * (level + 1));
  const end = ' '.repeat(indent * level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return `[${value.map((item) => toPythonLiteral(item)).join(', ')}]`;
    }
    return `[\n${value.map((item) => pad + toPythonLiteral(item, indent, level + 1)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${toPythonLiteral(item, indent, level + 1)}`).join(',\n')},\n${end}}`;
}

/** Python with requests, reading `API_BASE` and `TOKEN` from the environment, or with the reader's own. */
export function toPython(sample: RequestSample, credentials?: SampleCredentials): string {
  const args = [`    f"{API_BASE}${sample.path}",`];
  if (sample.query.length) {
    const params: Record<string, string | string[]> = {};
    for (const [name, value] of sample.query) {
      const existing = params[name];
      params[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    args.push(`    params=${toPythonLiteral(params, 4, 1)},`);
  }
  if (sample.body !== undefined) args.push(`    json=${toPythonLiteral(sample.body, 4, 1)},`);
  args.push('    headers={"Authorization": f"Bearer {TOKEN}"},', '    timeout=30,');
  const settings = credentials
    ? [
        'import json',
        '',
        'import requests',
        '',
        `API_BASE = ${JSON.stringify(credentials.base)}`,
        `TOKEN = ${JSON.stringify(credentials.token)}  # your access token: keep it out of source control`,
      ]
    : [
        'import json',
        'import os',
        '',
        'import requests',
        '',
        'API_BASE = os.environ["API_BASE"]  # set as Getting started shows',
        'TOKEN = os.environ["TOKEN"]',
      ];
  return [
    ...settings,
    '',
    `response = requests.${sample.method.toLowerCase()}(`,
    ...args,
    ')',
    'response.raise_for_status()',
    '# An answer without a body prints its status instead.',
    // ensure_ascii=False: text as the API sends it and the page shows it (©, é), not as \u escapes.
    'print(json.dumps(response.json(), indent=2, ensure_ascii=False) if response.content else response.status_code)',
  ].join('\n');
}

/**
 * TypeScript with fetch (Node 18+ or a browser), reading `API_BASE` and `TOKEN` from the environment, or
 * with the reader's own; an ES module (top-level `await`), run as `node sample.mts` on Node 24 (which strips
 * the types) or `npx --yes tsx sample.mts`.
 */
export function toTypeScript(sample: RequestSample, credentials?: SampleCredentials): string {
  const options = [`  method: '${sample.method}',`];
  const headers = [credentials ? 'Authorization: `Bearer ${TOKEN}`' : 'Authorization: `Bearer ${process.env.TOKEN}`'];
  if (sample.body !== undefined) headers.push("'Content-Type': 'application/json'");
  options.push(`  headers: { ${headers.join(', ')} },`);
  if (sample.body !== undefined) {
    options.push(`  body: JSON.stringify(${JSON.stringify(sample.body, null, 2).replace(/\n/g, '\n  ')}),`);
  }
  const base = credentials ? '${API_BASE}' : '${process.env.API_BASE}';
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
      `const response = await fetch(\`${base}${encodePath(sample.path)}${queryString(sample)}\`, {`,
      ...options,
      '});',
      'if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);',
      '// An answer without a body prints its status instead.',
      'const text = await response.text();',
      'console.log(text ? JSON.stringify(JSON.parse(text), null, 2) : response.status);',
    ].map(indent),
    '}',
  ].join('\n');
}
