/**
 * The portal's MCP server with the official TypeScript SDK (`@modelcontextprotocol/server` 2.4,
 * `McpServer.registerTool` / `registerResource`, the SDK's "Tools" and "Resources" guides): the tools and
 * resources an AI assistant uses to read the docs and try the API. One server is built per request
 * (stateless, ./http.ts), for the caller whose access token the gate verified; the same server answers
 * clients of MCP 2026-07-28 and of the 2025 revisions.
 *
 * Tools (each with a JSON Schema input and output, from the zod schemas below):
 * - `search_docs`: a question or keywords, the pages ranked by relevance (./search.ts) → title, route, snippet;
 * - `read_page`: a route's Markdown copy (the build's `<route>.md`);
 * - `list_operations`, `get_operation`: the bundled contract (./operations.ts);
 * - `call_api`: an operation sent with the caller's token to the sandbox, or to the provider when allowed
 *   (./callApi.ts).
 * Resources: `llms.txt`, and every page's Markdown at `<site URL><route>.md`, listed from `llms.txt`'s links
 * (rules/llmsTxt.ts): each with its route as `name`, the page's own title, and its URI percent-encoded.
 *
 * Every string a tool takes has a `maxLength` in its published JSON Schema (the zod `.max` below, which
 * the SDK also checks before the tool runs), every record a `maxProperties` and every array a `maxItems`,
 * so what one call costs is bounded before any of it is parsed; `call_api`'s `body` is bounded by the
 * request's size (rules/mcp.ts `MCP_MAX_BODY_BYTES`) and every argument's element count by
 * {@link MAX_TOOL_INPUT_ELEMENTS}.
 */
import { McpServer, ResourceTemplate, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { llmsTxtLinks } from '../../rules/llmsTxt';
import { callApi, CallError, MAX_ANSWER_BYTES, type CallTarget } from './callApi';
import { ContentMissing, MAX_ROUTE_CHARS, sitePathOf, type McpContent } from './content';
import { getOperation, listOperations, MAX_OPERATION_CHARS } from './operations';
import { MAX_QUERY_CHARS, MAX_QUERY_TERMS, queryTerms, SearchIndexLayoutError } from './search';

/** What one server needs. */
export interface McpServerOptions {
  content: McpContent;
  /** The site's public URL without a trailing slash (resource URIs, links in answers). */
  siteUrl: string;
  productName: string;
  /** Version reported to clients (the portal's package version). */
  version: string;
  /** Where `call_api` sends requests, with the caller's token. */
  call: CallTarget;
}

/** Most hits `search_docs` returns. */
export const MAX_SEARCH_RESULTS = 20;

/** Longest name of a `call_api` path or query parameter, in characters. */
export const MAX_PARAMETER_NAME_CHARS = 64;

/** Longest `call_api` path parameter value, in characters: an id or a code. */
export const MAX_PATH_PARAMETER_CHARS = 256;

/** Longest `call_api` query value, in characters: room for a search phrase or a list of fields. */
export const MAX_QUERY_VALUE_CHARS = 1024;

/** Most path or query parameters in one `call_api`, and most values of one repeated query parameter. */
export const MAX_PARAMETERS = 32;

/**
 * Most array elements and object members in one tool call's arguments, all levels together (the SDK's
 * `maxToolInputElements`): bounds what a `call_api` body can make the server walk and re-serialise.
 */
export const MAX_TOOL_INPUT_ELEMENTS = 10_000;

/** A record of at most {@link MAX_PARAMETERS} parameters, its names bounded; JSON Schema `maxProperties`. */
function parameters<V extends z.ZodType>(value: V, description: string) {
  return z
    .record(z.string().max(MAX_PARAMETER_NAME_CHARS), value)
    .refine((record) => Object.keys(record).length <= MAX_PARAMETERS, {
      message: `At most ${MAX_PARAMETERS} parameters.`,
    })
    .meta({ description, maxProperties: MAX_PARAMETERS });
}

const pathValue = z.string().max(MAX_PATH_PARAMETER_CHARS);
const queryValue = z.string().max(MAX_QUERY_VALUE_CHARS);

/** The tools' inputs (zod schemas the SDK publishes as JSON Schema and checks before a tool runs). */
const inputs = {
  searchDocs: z.object({
    query: z
      .string()
      .min(1)
      .max(MAX_QUERY_CHARS, `A query is at most ${MAX_QUERY_CHARS} characters: search for a few words.`)
      .describe(
        `A question or keywords, e.g. "How do I get an access token?"; at most ${MAX_QUERY_TERMS} words ` +
          'besides common ones such as "how" and "the"',
      ),
    limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(8).describe('Most results (1–20)'),
  }),
  readPage: z.object({
    route: z
      .string()
      .min(1)
      .max(MAX_ROUTE_CHARS, `A route is at most ${MAX_ROUTE_CHARS} characters: give the page's path.`)
      .describe('The page’s route or URL'),
  }),
  listOperations: z.object({
    tag: z.string().max(MAX_OPERATION_CHARS).optional().describe('Only operations with this tag'),
  }),
  getOperation: z.object({
    operation: z.string().min(1).max(MAX_OPERATION_CHARS).describe('operationId or page slug, e.g. search-documents'),
  }),
  callApi: z.object({
    operation: z.string().min(1).max(MAX_OPERATION_CHARS).describe('operationId or page slug'),
    pathParameters: parameters(
      z.union([pathValue, z.number()]),
      'Values of the path’s {parameters}, by name; "." and ".." are refused',
    ).optional(),
    query: parameters(
      z.union([queryValue, z.number(), z.boolean(), z.array(z.union([queryValue, z.number()])).max(MAX_PARAMETERS)]),
      'Query parameters by name; an array repeats the parameter',
    ).optional(),
    body: z.unknown().optional().describe('The JSON request body, for POST operations'),
  }),
};

const operationSummary = z.object({
  operationId: z.string(),
  slug: z.string().describe('The page slug under /api/v1/'),
  page: z.string().describe('The operation’s reference page (a route of the portal)'),
  method: z.string(),
  path: z.string().describe('Path template below the API base, e.g. /documents/{document_id}'),
  summary: z.string(),
  tags: z.array(z.string()),
});

const anyJson = z.record(z.string(), z.unknown());

/** Builds the server; connect it to one transport (./http.ts). */
export function createMcpServer(options: McpServerOptions): McpServer {
  const { productName } = options;
  const server = new McpServer(
    { name: `${productName.toLowerCase().replace(/\W+/g, '-')}-portal`, version: options.version },
    {
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
      // The tools and pages do not change while a server runs (a new build is a new deployment), so no
      // client is told to listen for changes: a 2026-07-28 `subscriptions/listen` is acknowledged and closed
      // at once rather than held open as an SSE stream.
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        // No prompts and no log messages, but the methods answer as the conformance suite expects of every
        // server: `prompts/list` an empty list, `logging/setLevel` `{}`.
        prompts: { listChanged: false },
        logging: {},
      },
      instructions:
        `Documentation and API reference of the ${productName} regulatory-content API. search_docs finds pages, ` +
        'read_page reads one as Markdown, list_operations and get_operation describe the API, call_api tries an ' +
        'operation. Statements the provider has not confirmed carry x-assumed notes: say so when you rely on one.',
    },
  );

  registerDocsTools(server, options);
  registerApiTools(server, options);
  registerResources(server, options);
  return server;
}

/** `search_docs` and `read_page`. */
function registerDocsTools(server: McpServer, { content, siteUrl, productName }: McpServerOptions): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        `Searches the ${productName} portal (docs, API reference, blog) for a question or keywords: the pages that ` +
        'answer it best first, one hit per page, at its best section.',
      inputSchema: inputs.searchDocs,
      outputSchema: z.object({
        results: z.array(
          z.object({
            title: z.string(),
            route: z.string().describe('Route of the page (with #anchor for a section); give it to read_page'),
            snippet: z.string(),
          }),
        ),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) =>
      guarded(async () => {
        const terms = queryTerms(query).length;
        if (terms > MAX_QUERY_TERMS) {
          return failure(
            `search_docs searches at most ${MAX_QUERY_TERMS} different words (common words such as "how" and ` +
              `"the" do not count); this query has ${terms}. Keep the words that matter.`,
          );
        }
        const results = (await content.searchIndex()).search(query, limit);
        return result({ results }, results.length ? undefined : `No page matches "${query}".`);
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        'A page of the portal as Markdown, by its route (from search_docs or llms.txt), e.g. /docs/services/interrogator.',
      inputSchema: inputs.readPage,
      outputSchema: z.object({ route: z.string(), url: z.string(), markdown: z.string() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ route }) =>
      guarded(async () => {
        const page = await content.markdown(route);
        if (!page) return failure(`No page at "${route}". search_docs finds pages; llms.txt lists them all.`);
        return result({ route: page.route, url: `${siteUrl}${page.route}`, markdown: page.markdown }, page.markdown);
      }),
  );
}

/** `list_operations` and `get_operation`, then `call_api`. */
function registerApiTools(server: McpServer, options: McpServerOptions): void {
  registerOperationTools(server, options);
  registerCallApi(server, options);
}

/** `list_operations` and `get_operation`: the contract's operations, read. */
function registerOperationTools(server: McpServer, { content }: McpServerOptions): void {
  server.registerTool(
    'list_operations',
    {
      title: 'List API operations',
      description:
        'The operations of the customer API (method, path, summary, tags); tag filters, e.g. "Interrogator".',
      inputSchema: inputs.listOperations,
      outputSchema: z.object({ operations: z.array(operationSummary) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ tag }) => guarded(async () => result({ operations: listOperations(await content.contract(), tag) })),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Describe an API operation',
      description:
        'One operation of the customer API: parameters, request and response schemas with examples, the schemas it ' +
        'references, and x-assumed notes (what the provider has not confirmed, and what the portal assumes).',
      inputSchema: inputs.getOperation,
      outputSchema: operationSummary.extend({
        description: z.string(),
        servers: z.array(z.string()),
        parameters: z.array(anyJson),
        requestBody: anyJson.optional(),
        responses: z.record(z.string(), anyJson),
        schemas: z.record(z.string(), anyJson),
        assumed: z.array(z.object({ where: z.string(), note: z.string() })),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ operation }) =>
      guarded(async () => {
        const detail = getOperation(await content.contract(), operation);
        if (!detail) return failure(`No operation "${operation}": list_operations names them.`);
        return result({ ...detail });
      }),
  );
}

/** `call_api`: one operation sent with the reader's own token. */
function registerCallApi(server: McpServer, { content, call }: McpServerOptions): void {
  server.registerTool(
    'call_api',
    {
      title: 'Call the API',
      description:
        'Sends one operation with your own access token to the API this portal calls and returns the answer; ' +
        'where the portal’s operator has turned calls off, it says so and sends nothing. ' +
        `An answer over ${MAX_ANSWER_BYTES} bytes comes back cut, as text, with truncated: true.`,
      inputSchema: inputs.callApi,
      outputSchema: z.object({
        method: z.string(),
        url: z.string(),
        status: z.number().int(),
        contentType: z.string(),
        body: z.unknown(),
        truncated: z.boolean().describe('The answer was cut: body holds its start as text; note says what to do'),
        note: z.string().optional(),
      }),
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async (args) =>
      guarded(async () => {
        const answer = await callApi(await content.contract(), args, call);
        return result({ ...answer });
      }),
  );
}

/** `llms.txt` and every page's Markdown. */
function registerResources(server: McpServer, { content, siteUrl }: McpServerOptions): void {
  server.registerResource(
    'llms.txt',
    `${siteUrl}/llms.txt`,
    { title: 'llms.txt', description: 'Every page of the portal, linked as Markdown', mimeType: 'text/markdown' },
    async (uri) =>
      readGuarded(async () => ({
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await content.llmsTxt() }],
      })),
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${siteUrl}{+route}.md`, {
      list: async () => readGuarded(async () => ({ resources: pageResources(await content.llmsTxt(), siteUrl) })),
    }),
    { title: 'A page as Markdown', description: 'A page of the portal by its route', mimeType: 'text/markdown' },
    async (uri, { route }) => {
      if (String(route).length > MAX_ROUTE_CHARS) {
        throw new Error(`A page's route is at most ${MAX_ROUTE_CHARS} characters; llms.txt lists every page.`);
      }
      const page = await readGuarded(async () => content.markdown(String(route)));
      if (!page) throw new Error(`No page at ${uri.href}.`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
    },
  );
}

/**
 * The page resources of `resources/list`: one per link of `llms.txt`, i.e. per page with a Markdown copy,
 * in its order. `uri` is the copy's URL on `siteUrl`, percent-encoded as `llms.txt` links it (a route may
 * hold spaces); `name` is the page's route, which `read_page` takes; `title` and `description` are the
 * page's own (none when `llms.txt` gives none).
 */
export function pageResources(llmsTxt: string, siteUrl: string) {
  return llmsTxtLinks(llmsTxt).flatMap(({ title, url, description }) => {
    let pathname: string;
    try {
      ({ pathname } = new URL(url));
    } catch {
      return [];
    }
    const route = sitePathOf(pathname);
    if (route === null) return [];
    return [
      {
        uri: `${siteUrl}${pathname}`,
        name: route,
        ...(title && { title }),
        ...(description && { description }),
        mimeType: 'text/markdown',
      },
    ];
  });
}

/**
 * Reads content for a resource: a missing file keeps its message (it says what to run); anything else is
 * logged on the server and becomes an error that names none of the server's files.
 */
async function readGuarded<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ContentMissing || error instanceof SearchIndexLayoutError) throw error;
    console.error('MCP resource failed:', error);
    throw new Error('The resource could not be read on the server; its operator finds the reason in the server log.');
  }
}

/** A tool's answer: the structured content, and as text the given text or the JSON. */
function result(structured: Record<string, unknown>, text?: string): CallToolResult {
  return {
    structuredContent: structured,
    content: [{ type: 'text', text: text ?? JSON.stringify(structured, null, 2) }],
  };
}

/** A tool error the agent can act on (MCP: tool failures are results with `isError`). */
function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/**
 * Runs a tool; a missing file, a refused call or a network failure becomes a {@link failure} saying what to
 * do. Anything else is logged on the server and answered without its message, which may name the
 * server's files.
 */
async function guarded(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentMissing || error instanceof SearchIndexLayoutError || error instanceof CallError)
      return failure(error.message);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError')) {
      return failure(`The API did not answer: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}.`);
    }
    console.error('MCP tool failed:', error);
    return failure('The tool failed on the server; its operator finds the reason in the server log.');
  }
}
