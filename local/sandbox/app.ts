/**
 * The local sandbox API as a Fastify app: every operation of `openapi/customer-api.yaml`
 * under `/api/v1/customer`, routed and validated from the contract itself by fastify-openapi-glue with
 * Ajv for JSON Schema 2020-12 (OpenAPI 3.1), answered from the sample corpus (./corpus), behind the
 * bearer check of ./access.ts, for the portal's pages (with CORS) and no other site's (../origins.ts).
 * `GET /api/v1/openapi.json` serves the contract (spec §7.1). Tests build it and call `inject()`;
 * ./index.ts listens.
 */
import cors from '@fastify/cors';
import responseValidation from '@fastify/response-validation';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { addHostCheck } from '../../server/gate/hosts';
import type { AccessTokenVerifier } from '../../server/gate/verifier';
import { CUSTOMER_BASE_PATH, OPENAPI_PATH, operations, resolveRef } from '../../rules/contract';
import { LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import { addOriginCheck } from '../origins';
import { AccessError, authorize } from './access';
import type { CorpusDb } from './corpus/db';
import { FilterError } from './corpus/filters';
import { toValidationDetail } from './errors';
import { checkLink, FILES_PATH, sampleFile } from './files';
import { createHandlers } from './handlers';

/** Options of {@link buildSandbox}. */
export interface SandboxOptions {
  /** The contract, parsed (config/openapi.ts `loadContract`), with its servers as the portal shows them. */
  contract: Record<string, unknown>;
  corpus: CorpusDb;
  verifier: AccessTokenVerifier;
  /** The sandbox's own origin, e.g. `http://localhost:4010` (presigned links point at it). */
  baseUrl: string;
  /**
   * Origins whose pages may call the API, with the CORS grant (../origins.ts `portalOrigins`); a page of any
   * other origin is refused (403), and so is a cross-site request without one.
   */
  corsOrigins: string[];
  /** Validate every response against the contract and refuse undocumented statuses (tests; default false). */
  validateResponses?: boolean;
  /** Current time in ms (default `Date.now`). */
  now?: () => number;
}

function ajv(coerce: boolean) {
  // strict: false, so the contract's own keywords (`x-assumed`, `example`) are ignored, not errors.
  const instance = new Ajv2020({
    strict: false,
    allErrors: true,
    // Each error carries the value that failed, so a 422 can say "not 0" of a list, and tell a string pydantic
    // could not parse from a value of another type (./errors.ts).
    verbose: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    // fastify-openapi-glue gives every recursive schema the same $id; keep each compiled schema to itself.
    addUsedSchema: false,
  });
  addFormats(instance);
  return instance;
}

/** `METHOD /route` (as Fastify names a route) of each operation whose request body the contract requires. */
function requiredBodies(contract: Record<string, unknown>): Set<string> {
  return new Set(
    operations(contract)
      .filter(({ operation }) => resolveRef(contract, operation.requestBody).node?.required)
      .map(({ method, path }) => `${method.toUpperCase()} ${CUSTOMER_BASE_PATH}${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** The `detail` of a `500`; what went wrong is in the sandbox's console, which may name its files. */
export const SANDBOX_ERROR = "Sandbox error: the sandbox's console says why.";

/**
 * The answer to an error a route throws: `422` with the contract's `detail` list for invalid input (spec
 * §5.1, §8.1), the bearer check's `401`/`403` with its challenge, `500` for anything else.
 */
function answerError(error: FastifyError & { errors?: unknown[] }, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(422).send({ detail: toValidationDetail(error.validation, error.validationContext) });
  }
  // fastify-openapi-glue wraps the bearer check's failure; its first error says why.
  const access = [error, ...(error.errors ?? [])].find((e): e is AccessError => e instanceof AccessError);
  if (access) {
    if (access.wwwAuthenticate) reply.header('www-authenticate', access.wwwAuthenticate);
    return reply.code(access.statusCode).send({ detail: access.detail });
  }
  // A filter the schema allows but the sandbox will not run (too large a title search): the same 422.
  if (error instanceof FilterError) return reply.code(422).send({ detail: [error.detail] });
  // A body Fastify cannot read (malformed JSON, another media type, over the body limit) is invalid
  // input too (spec §5.1): the contract declares 422 for it, not 400, 413 or 415.
  if (error.code?.startsWith('FST_ERR_CTP_')) {
    const type = error.statusCode === 413 ? 'too_long' : 'json_invalid';
    return reply.code(422).send({ detail: [{ loc: ['body'], msg: error.message, type }] });
  }
  console.error(`[sandbox] ${request.method} ${request.routeOptions.url ?? request.url} failed:`, error);
  return reply.code(500).send({ detail: SANDBOX_ERROR });
}

/**
 * What the route schemas alone do not give: the contract's `404` body for a path no route has, and its
 * `422` for an operation whose required request body is missing.
 */
function addContractGuards(app: FastifyInstance, contract: Record<string, unknown>): void {
  // A path no route has: the contract's error body, as the provider's framework answers it.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
  const bodyRequired = requiredBodies(contract);
  app.addHook('preValidation', async (request, reply) => {
    // Fastify validates a body only when there is one; the contract requires it for these operations.
    if (request.body === undefined && bodyRequired.has(`${request.method} ${request.routeOptions.url}`)) {
      return reply.code(422).send({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
    }
    return undefined;
  });
}

/**
 * The presigned file links (`/files/:id?expires=…&signature=…`): a document's file while its link is valid,
 * 403 once it expires or when it was not signed here, 404 for an unknown document.
 */
function addFileLinks(app: FastifyInstance, options: SandboxOptions, now: () => number): void {
  app.get(`${FILES_PATH}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { expires, signature } = request.query as { expires?: string; signature?: string };
    const verdict = checkLink(id, expires, signature, now());
    if (verdict !== 'ok')
      return reply
        .code(403)
        .type('text/plain')
        .send(verdict === 'expired' ? 'Request has expired' : 'Access denied');
    const doc = options.corpus.document(id);
    if (!doc) return reply.code(404).type('text/plain').send('No such file');
    // Spec §6: a restricted document gives no metadata, so its file shows only its id, always as the same
    // PDF: its media type would otherwise tell its content_type.
    const restricted = doc.restriction === 'restricted';
    const file = sampleFile(restricted ? 'application/pdf' : doc.content_type, restricted ? id : (doc.title ?? id));
    return reply
      .type(file.type)
      .header('content-disposition', `inline; filename="${id}.${file.extension}"`)
      .send(file.body);
  });
}

/**
 * @throws {Error} when the contract has an operation without a handler, or cannot be parsed by
 *   fastify-openapi-glue.
 */
export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const app = Fastify({ logger: false });
  // Before CORS and the bearer check: it answers anyone holding a token signed with the local identity's
  // public key, so a page rebound to this machine by DNS must get nothing.
  addHostCheck(app, LOOPBACK_HOSTNAMES);
  // So is a page of another site, which would otherwise send its writes (a simple POST needs no preflight).
  addOriginCheck(app, { service: 'the local sandbox API', allowedOrigins: options.corsOrigins });
  // Bodies are validated exactly; query and path values arrive as strings and are coerced ("1" → 1).
  const bodies = ajv(false);
  const parameters = ajv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : parameters).compile(schema));
  // Responses are sent as the handlers build them (fast-json-stringify would drop what it cannot express).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The contract's bodies are JSON only: Fastify's default text parser would hand a handler a string that
  // no body schema checks (they are declared for application/json), so another media type is refused.
  app.removeContentTypeParser('text/plain');

  await app.register(cors, {
    origin: options.corsOrigins,
    methods: ['GET', 'POST'],
    // `prefer` asks for a state sample data never shows (./states.ts).
    allowedHeaders: ['authorization', 'content-type', 'accept', 'prefer'],
    exposedHeaders: ['location', 'content-disposition', 'preference-applied'],
  });
  if (options.validateResponses) {
    await app.register(responseValidation, { ajv: ajv(false), responseStatusCodeValidation: true });
  }

  app.setErrorHandler(answerError);
  addContractGuards(app, options.contract);

  app.get(OPENAPI_PATH, async () => options.contract);
  addFileLinks(app, options, now);

  await app.register(openapiGlue, {
    specification: structuredClone(options.contract),
    prefix: CUSTOMER_BASE_PATH,
    serviceHandlers: createHandlers({ corpus: options.corpus, baseUrl: options.baseUrl, now }),
    securityHandlers: {
      async bearerAuth(request: { headers: Record<string, string | undefined> }) {
        await authorize(request.headers.authorization, options.verifier);
      },
    },
  });
  return app;
}
