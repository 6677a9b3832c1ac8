/**
 * The request an operation page shows before its explorer has loaded (src/theme/ApiExplorer/Preview.tsx),
 * written as the docs' request samples are (rules/apiSample.ts: `METHOD /path?query`, then the JSON body), so
 * that it runs as shown: each path parameter holds the contract's example value instead of its `{name}`
 * template, each required query parameter with an example is given it, and an operation with a request body
 * sends the contract's example body (a `POST /documents` without one is answered `422`). The values come
 * from the operation as the theme's explorer has it (the generator's `api` front matter).
 *
 * The explorer's own request (its fields as the reader fills them) becomes a sample the same way, for the
 * explorer's code samples (src/theme/ApiExplorer/CodeSnippets): {@link sampleOfRequest}.
 */
import type buildPostmanRequest from '@theme/ApiExplorer/buildPostmanRequest';

/** The explorer's request as the theme builds it (a postman-collection Request; src/types/openapi-theme.d.ts). */
export type PostmanRequest = ReturnType<typeof buildPostmanRequest>;
import type { RequestSample, SampleCredentials } from '../../rules/apiSample';

/** One parameter of the operation (OpenAPI 3.1 Parameter Object, the fields read here). */
export interface OperationParameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
  schema?: { example?: unknown; examples?: unknown[]; default?: unknown };
}

/** The operation, as the theme's explorer gets it (plugin types.ts `ApiItem`, the fields read here). */
export interface ExplorerOperation {
  /** Any case, e.g. `post`. */
  method: string;
  /** The path template, e.g. `/documents/{document_id}`. */
  path: string;
  parameters?: OperationParameter[];
  /** The example of the request body the generator took from the contract (its `example`), if any. */
  jsonRequestBodyExample?: unknown;
}

/** A parameter's example value: its own `example`, its first `examples` entry, then its schema's. */
function exampleOf(parameter: OperationParameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {}).find((entry) => entry?.value !== undefined);
  if (named) return named.value;
  return parameter.schema?.example ?? parameter.schema?.examples?.[0];
}

/** A scalar example as it goes into a URL; `undefined` for none or a structured value. */
function asText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/**
 * @param operation - the operation as the explorer gets it.
 * @returns the request as an `<ApiSample>` text, e.g.
 *   `GET /documents/3f1c2a9e-…` or `POST /documents\n{"doctypes":["Laws"]}`. A path parameter without an
 *   example keeps its `{name}`, so the reader sees what to fill in.
 */
export function explorerSampleOf(operation: ExplorerOperation): string {
  const parameters = operation.parameters ?? [];
  const path = operation.path.replace(/\{([^{}/]+)\}/g, (template, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const value = parameter && asText(exampleOf(parameter));
    return value === undefined ? template : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    const value = parameter.in === 'query' && parameter.required ? asText(exampleOf(parameter)) : undefined;
    if (value !== undefined) query.append(parameter.name, value);
  }
  const search = query.toString();
  const target = search ? `${path}?${search}` : path;
  const line = `${operation.method.toUpperCase()} ${target}`;
  const body = operation.jsonRequestBodyExample;
  return body === undefined ? line : `${line}\n${JSON.stringify(body)}`;
}

/** The request as a sample, or what the reader must fix in the explorer's fields for there to be one. */
export type SampleOrError = { sample: RequestSample } | { error: string };

/** A path variable postman has no value for (`:document_id`), written as the contract's template (`{document_id}`). */
const UNFILLED_VARIABLE = /(^|\/):(\w+)/g;

/**
 * The explorer's request as a docs request sample: its path relative to the server (a path parameter left empty
 * keeps its `{name}`), its query, and its body, which the samples send as JSON.
 */
export function sampleOfRequest(request: PostmanRequest, contentType: string): SampleOrError {
  const path = request.url.getPath().replace(UNFILLED_VARIABLE, '$1{$2}');
  const query = request.url.query
    .all()
    .filter((parameter) => !parameter.disabled && parameter.key)
    .map((parameter): [string, string] => [parameter.key ?? '', parameter.value ?? '']);
  const raw = request.body?.mode === 'raw' ? (request.body.raw ?? '').trim() : '';
  let body: unknown;
  if (raw) {
    if (!/json/i.test(contentType)) return { error: `The samples send JSON bodies; this body is ${contentType}.` };
    try {
      body = JSON.parse(raw);
    } catch (error) {
      return { error: `The body is not JSON (${(error as Error).message}): correct it in the Body field.` };
    }
  }
  return { sample: { method: request.method.toUpperCase() as RequestSample['method'], path, query, body } };
}

/** The explorer's server URL and bearer token, as "Use my token" puts them in a sample. */
export function credentialsOfRequest(request: PostmanRequest): SampleCredentials {
  const authorization = request.headers.get('Authorization') ?? '';
  return {
    base: (request.url.host ?? []).join('.').replace(/\/$/, ''),
    token: authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : authorization,
  };
}
