/**
 * Pure helpers for the customer API contract (spec §7.1): where it is fetched from and how the build
 * points its servers at the configured API host.
 */
import { trimTrailing } from './text';

/** Path of the OpenAPI description on the API host (spec §7.1). */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * Where the portal serves the description it is built from, as JSON and as YAML (spec §7.1 names
 * `/api/v1/openapi.json`): `npm run gen-api` writes them there, the `/api` landing page links them.
 */
export const DESCRIPTION_DOWNLOADS = {
  json: OPENAPI_PATH,
  yaml: OPENAPI_PATH.replace(/\.json$/, '.yaml'),
} as const;

/** Path prefix of every customer operation on the API host (spec §7.1). */
export const CUSTOMER_BASE_PATH = '/api/v1/customer';

/** The parts of an OpenAPI document these helpers read. */
export interface OpenApiDocument {
  openapi?: string;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, unknown>;
  [key: string]: unknown;
}

/** URL of the OpenAPI description on `apiHost`, e.g. `https://api.example.com/api/v1/openapi.json`. */
export function contractUrl(apiHost: string): string {
  return `${trimTrailing(apiHost, '/')}${OPENAPI_PATH}`;
}

/**
 * Returns a copy of `doc` whose first server is the customer API on `apiHost`; the other servers
 * (the local sandbox) stay. With no `apiHost` the document is returned unchanged.
 */
export function withApiHost<T extends OpenApiDocument>(doc: T, apiHost: string | undefined): T {
  if (!apiHost) return doc;
  const [first, ...rest] = doc.servers ?? [];
  const production = { ...first, url: `${trimTrailing(apiHost, '/')}${CUSTOMER_BASE_PATH}` };
  return { ...doc, servers: [production, ...rest] };
}

/**
 * Returns a copy of `doc` whose first server is the local sandbox API on `port`, so the
 * reference's "Send API request" goes to it by default in local mode. The sandbox server is the one on
 * `localhost`; a document without one is returned unchanged.
 */
export function sandboxFirst<T extends OpenApiDocument>(doc: T, port: number): T {
  const servers = doc.servers ?? [];
  const index = servers.findIndex(isLocalSandbox);
  if (index < 0) return doc;
  const sandbox = {
    ...servers[index],
    url: servers[index].url.replace(/^http:\/\/localhost(:\d+)?/, `http://localhost:${port}`),
  };
  return { ...doc, servers: [sandbox, ...servers.filter((_, i) => i !== index)] };
}

/** Whether a server of the contract is the local sandbox API (on `http://localhost`). */
const isLocalSandbox = (server: { url: string }) => /^http:\/\/localhost(:\d+)?\//.test(server.url);

/**
 * The servers the reference offers for an identity mode: in local mode the local sandbox API first
 * ({@link sandboxFirst}); with a real user pool, none on localhost, so "Send API request" can never send
 * a customer's real token in clear to whatever listens on their port 4010.
 */
export function serversForMode<T extends OpenApiDocument>(doc: T, mode: 'local' | 'cognito', port: number): T {
  if (mode === 'local') return sandboxFirst(doc, port);
  return { ...doc, servers: (doc.servers ?? []).filter((server) => !isLocalSandbox(server)) };
}

/**
 * Checks that a downloaded body is an OpenAPI 3 document with paths, before anything is linted or
 * written.
 *
 * @returns the parsed document.
 * @throws {Error} saying what is wrong: not JSON, not OpenAPI 3.x, or no paths.
 */
export function parseContract(body: string): OpenApiDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new Error(`the response is not JSON (it starts with ${JSON.stringify(body.slice(0, 40))})`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('the response is not a JSON object');
  const { openapi, paths } = doc as OpenApiDocument;
  if (typeof openapi !== 'string' || !openapi.startsWith('3.')) {
    throw new Error(`the response is not an OpenAPI 3 document (openapi: ${JSON.stringify(openapi)})`);
  }
  if (!paths || typeof paths !== 'object' || Object.keys(paths).length === 0) {
    throw new Error('the document has no paths');
  }
  return doc as OpenApiDocument;
}

/**
 * The node a local JSON pointer (RFC 6901, as a URI fragment: `#/components/schemas/Domain`) names in
 * `doc`, e.g. the target of a `$ref`.
 *
 * @returns the node, or `undefined` when the pointer leads nowhere.
 */
export function nodeAt(doc: unknown, pointer: string): unknown {
  const path = pointer.replace(/^#\/?/, '');
  if (!path) return doc;
  return path
    .split('/')
    .reduce<unknown>(
      (parent, key) => (parent as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
}

/**
 * Returns a copy of `doc` in which each request body's schema also carries the body's `example`, so the
 * API explorer starts "Send API request" from that example rather than from a body sampled from the
 * schema (docusaurus-plugin-openapi-docs `sampleFromSchema` takes a schema's own `example` first). A
 * sampled body fills every field with placeholders such as `"string"` and `0`, which the API refuses.
 */
export function withExampleBodies<T extends OpenApiDocument>(doc: T): T {
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths ?? {}) as Record<
    string,
    { requestBody?: { content?: Record<string, { schema?: object; example?: unknown }> } }
  >[]) {
    for (const operation of Object.values(item)) {
      for (const media of Object.values(operation?.requestBody?.content ?? {})) {
        if (media.schema && media.example !== undefined) media.schema = { ...media.schema, example: media.example };
      }
    }
  }
  return copy;
}

/** A piece of an OpenAPI document: any JSON value, read by the walkers below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ContractNode = any;

/** The HTTP methods an OpenAPI path item may hold operations under (OpenAPI 3.1 "Path Item Object"). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Follows a local `$ref` (`#/components/...`) of `doc`, and the `$ref`s its target holds in turn. Keys
 * beside a `$ref` (OpenAPI 3.1 allows `description` and `summary` there) override the target's. Other
 * nodes, and references to other documents, are returned as they are.
 *
 * @param seen - references already followed on the way here (for walkers of recursive schemas); the
 *   returned `seen` adds the ones followed now.
 * @returns the resolved node, or `node: undefined` when a reference leads back to one in `seen` (a
 *   recursive schema) or nowhere.
 */
export function resolveRef(
  doc: unknown,
  node: ContractNode,
  seen: ReadonlySet<string> = new Set(),
): { node: ContractNode; seen: Set<string> } {
  const chain = new Set(seen);
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    const ref: string = current.$ref;
    if (chain.has(ref)) return { node: undefined, seen: chain };
    chain.add(ref);
    const target = nodeAt(doc, ref);
    if (target === undefined) return { node: undefined, seen: chain };
    const siblings = Object.entries(current).filter(([key]) => key !== '$ref');
    current = siblings.length ? { ...(target as object), ...Object.fromEntries(siblings) } : target;
  }
  return { node: current, seen: chain };
}

/** One operation of the contract, found by {@link findOperation}. */
export interface FoundOperation {
  /** The path template it is declared under, e.g. `/documents/{document_id}`. */
  template: string;
  operation: ContractNode;
  pathItem: ContractNode;
  /** Path parameter name → the value the concrete path gave it (empty for a template). */
  pathValues: Record<string, string>;
}

/**
 * The operation of `doc` a method and a path name: the path may be a template (`/documents/{id}`) or a
 * concrete path (`/documents/42`), matched segment by segment.
 *
 * @param method - an HTTP method, any case.
 * @returns the operation, or `null` when no path item has that method.
 */
export function findOperation(doc: ContractNode, method: string, path: string): FoundOperation | null {
  const name = method.toLowerCase();
  const paths = (doc?.paths ?? {}) as Record<string, ContractNode>;
  if (paths[path]?.[name])
    return { template: path, operation: paths[path][name], pathItem: paths[path], pathValues: {} };
  for (const [template, item] of Object.entries(paths)) {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^{}]+)\}/g, (_m, param: string) => (names.push(param), '([^/]+)'))}$`,
    );
    const match = pattern.exec(path);
    if (match && item?.[name]) {
      const pathValues = Object.fromEntries(names.map((param, i) => [param, match[i + 1]]));
      return { template, operation: item[name], pathItem: item, pathValues };
    }
  }
  return null;
}

/** Every operation of `doc`, in document order, with its lower-case method and path template. */
export function operations(doc: ContractNode): { method: string; path: string; operation: ContractNode }[] {
  return Object.entries((doc?.paths ?? {}) as Record<string, ContractNode>).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item?.[method]).map((method) => ({ method, path, operation: item[method] })),
  );
}

/**
 * The page slug docusaurus-plugin-openapi-docs gives an operation under `/api/v1/`: its `operationId` in
 * kebab case (`searchDocuments` → `search-documents`). The docs checks, the MCP tools and the tests name
 * operation pages with it.
 */
export function operationSlug(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/**
 * The page id docusaurus-plugin-openapi-docs 5.2 gives a schema (`lib/openapi/openapi.js`): its title (the
 * schema's name when it has none), first space made a hyphen, lower-cased, in lodash `kebabCase` words —
 * letters and digits split apart (`ErrorS2` → `errors-2`, `DocumentLite` → `documentlite`).
 */
export function schemaPageId(title: string): string {
  return (
    title
      .replace(' ', '-')
      .toLowerCase()
      .match(/[a-z]+|\d+/g) ?? []
  ).join('-');
}
