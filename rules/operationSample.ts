/**
 * The request an operation page shows before its explorer has loaded (src/theme/ApiExplorer/Preview.tsx),
 * written as the docs' request samples are (./apiSample.ts: `METHOD /path?query`, then the JSON body), so
 * that it runs as shown: each path parameter holds the contract's example value instead of its `{name}`
 * template, each required query parameter with an example is given it, and an operation with a request body
 * sends the contract's example body (a `POST /documents` without one is answered `422`). The values come
 * from the operation as the theme's explorer has it (the generator's `api` front matter); the tests build
 * the same from the contract and run every operation's sample in each language
 * (local/sandbox/__tests__/languages.test.ts).
 */

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
