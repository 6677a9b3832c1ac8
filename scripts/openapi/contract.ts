/**
 * Pure helpers for the customer API contract (spec §7.1): where it is fetched from and how the build
 * points its servers at the configured API host.
 */

/** Path of the OpenAPI description on the API host (spec §7.1). */
export const OPENAPI_PATH = '/api/v1/openapi.json';

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
  return `${apiHost.replace(/\/+$/, '')}${OPENAPI_PATH}`;
}

/**
 * Returns a copy of `doc` whose first server is the customer API on `apiHost`; the other servers
 * (the local sandbox) stay. With no `apiHost` the document is returned unchanged.
 */
export function withApiHost<T extends OpenApiDocument>(doc: T, apiHost: string | undefined): T {
  if (!apiHost) return doc;
  const [first, ...rest] = doc.servers ?? [];
  const production = { ...first, url: `${apiHost.replace(/\/+$/, '')}${CUSTOMER_BASE_PATH}` };
  return { ...doc, servers: [production, ...rest] };
}

/**
 * Returns a copy of `doc` whose first server is the local sandbox API (issue #11) on `port`, so the
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
 * a customer's real token in clear to whatever listens on their port 4010 (issue #22, L3).
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
