/**
 * The contract as an independent referee of the sandbox: every request and answer is checked against
 * `openapi/customer-api.yaml`, read from the file by Stoplight Prism's HTTP library, not by the sandbox's
 * own route schemas (fastify-openapi-glue and Ajv in ./app.ts). Prism routes the request to its
 * operation and validates what its validating proxy (`prism proxy --errors`) validates: security, path,
 * query, headers and body of the request; status, content type, headers and body of the answer.
 *
 * Why Prism's library and not `prism proxy` itself: its proxy (5.16) follows the upstream's redirects, so
 * a client sees the file a `307` points at instead of the `307`; it reads a binary answer (a sanction
 * file) as text; and it parses the request body itself, so a malformed JSON body never reaches the
 * sandbox (the request hangs). Here the request reaches the sandbox byte for byte, through Fastify's
 * `inject()`, and Prism judges the pair through its public `createInstance`, with a forwarder that hands
 * it the sandbox's answer. No second process, no network, and little work a request once a schema is compiled.
 *
 * {@link createContractValidator} checks one exchange; {@link startValidatedSandbox} puts a sandbox behind
 * an HTTP front that checks every exchange, for clients that need a URL (curl, Python, the guides' runs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpRequest,
  type IHttpResponse,
} from '@stoplight/prism-http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import pino from 'pino';
import { loadContract, OPENAPI_SPEC_PATH } from '../../config/openapi';
import { CUSTOMER_BASE_PATH } from '../../rules/contract';
import { buildSandbox, type SandboxOptions } from './app';
import { PROJECT_ROOT } from '../../config/paths';

/** The contract file Prism reads: the vendored description, as the sandbox serves it. */
export const CONTRACT_FILE = path.join(PROJECT_ROOT, OPENAPI_SPEC_PATH);

/** One request as a client sends it; `path` is under `/api/v1/customer`, query string included. */
export interface ContractRequest {
  method: string;
  /** e.g. `/documents?page=2`. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body exactly as sent (malformed JSON included), or undefined for none. */
  body?: string;
}

/** One answer as the sandbox gave it. */
export interface ContractResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body's bytes. */
  body: Buffer;
}

/** Something Prism found, on the request or on the answer. */
export interface ContractFinding {
  /** `error`, `warning`, `information` or `hint`, as Prism grades it. */
  severity: string;
  /** Where, e.g. `body.detail.0.loc` or `header.www-authenticate`; empty for the whole message. */
  where: string;
  message: string;
}

/** Prism's verdict on one exchange. */
export interface ContractReport {
  /** `GET /documents/{document_id}`-style name of the exchange, with the status answered. */
  exchange: string;
  /** The operation Prism routed the request to; undefined when none of the contract matches. */
  operationId?: string;
  /** What is wrong with the request: expected for a test's deliberately invalid input. */
  request: ContractFinding[];
  /** What is wrong with the answer: nothing, or the sandbox broke the contract. */
  response: ContractFinding[];
}

/** Checks exchanges against the contract. */
export interface ContractValidator {
  /** Prism's verdict on `request` answered by `response`. */
  check(request: ContractRequest, response: ContractResponse): Promise<ContractReport>;
  /** The operationIds of the contract, in its order. */
  operationIds: string[];
}

const SEVERITIES = ['error', 'warning', 'information', 'hint'];

type Diagnostic = { severity: number; message: string; path?: (string | number)[] };

const findings = (diagnostics: Diagnostic[]): ContractFinding[] =>
  diagnostics.map((d) => ({
    severity: SEVERITIES[d.severity] ?? String(d.severity),
    where: (d.path ?? []).join('.'),
    message: d.message,
  }));

/** A body as Prism's own forwarder reads it: JSON for a JSON media type, text otherwise. */
function parsedBody(body: Buffer | string | undefined, contentType: string | undefined): unknown {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** `request` as Prism reads it: its query by name (a repeated one as a list), its body parsed, its length set. */
function prismRequestOf(request: ContractRequest, url: URL): IHttpRequest {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  const headers = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(request.body));
  return {
    method: request.method.toLowerCase() as IHttpRequest['method'],
    url: { path: url.pathname, query },
    headers,
    body: parsedBody(request.body, headers['content-type']),
  };
}

/**
 * Reads the contract with Prism (`getHttpOperationsFromSpec`).
 *
 * @param contractFile - path of an OpenAPI 3.x description (default {@link CONTRACT_FILE}).
 * @throws {Error} when Prism cannot read the description.
 */
export async function createContractValidator(contractFile: string = CONTRACT_FILE): Promise<ContractValidator> {
  const operations = await getHttpOperationsFromSpec(contractFile);
  // Prism logs every step at info level; the verdicts are returned instead.
  const logger = pino({ enabled: false });
  return {
    operationIds: operations.map((op) => String(op.iid)),
    async check(request, response) {
      const url = new URL(request.path, 'http://sandbox.invalid');
      const input = prismRequestOf(request, url);
      const output: IHttpResponse = {
        statusCode: response.status,
        headers: response.headers,
        body: parsedBody(response.body, response.headers['content-type']),
      };
      let operationId: string | undefined;
      const prism = createInstance(
        {
          isProxy: true,
          upstream: new URL('http://sandbox.invalid'),
          upstreamProxy: undefined,
          checkSecurity: true,
          validateRequest: true,
          validateResponse: true,
          // Forward whatever the request: the sandbox, not Prism, answers invalid input.
          errors: false,
          mock: { dynamic: false },
        },
        {
          logger,
          forward: (_input, _upstream, _proxy, resource) => {
            operationId = resource?.iid;
            return () => TE.right(output);
          },
        },
      );
      const verdict = await prism.request(input, operations)();
      const template = operations.find((op) => op.iid === operationId)?.path ?? url.pathname;
      const exchange = `${request.method.toUpperCase()} ${template} → ${response.status}`;
      if (E.isLeft(verdict)) {
        return {
          exchange,
          operationId,
          request: [],
          response: [{ severity: 'error', where: '', message: `Prism failed: ${verdict.left.message}` }],
        };
      }
      const { input: requestDiagnostics, output: responseDiagnostics } = verdict.right.validations;
      return {
        exchange,
        operationId,
        request: findings(requestDiagnostics as Diagnostic[]),
        response: operationId
          ? findings(responseDiagnostics as Diagnostic[])
          : [{ severity: 'error', where: '', message: 'no operation of the contract has this method and path' }],
      };
    },
  };
}

/** The request of `inject()`'s answer, as {@link ContractValidator.check} takes it. */
export function toContractResponse(reply: LightMyRequestResponse): ContractResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: reply.statusCode, headers, body: reply.rawPayload };
}

/**
 * Sends `request` to `app` (a sandbox, through `inject()`: its whole request lifecycle, no socket) and
 * checks the exchange.
 *
 * @returns the answer and Prism's verdict on it.
 */
export async function validatedInject(
  app: FastifyInstance,
  validator: ContractValidator,
  request: ContractRequest,
): Promise<{ response: ContractResponse; report: ContractReport }> {
  const reply = await app.inject({
    method: request.method as 'GET',
    url: `${CUSTOMER_BASE_PATH}${request.path}`,
    headers: request.headers,
    payload: request.body,
  });
  const response = toContractResponse(reply);
  return { response, report: await validator.check(request, response) };
}

/**
 * Most bytes of a request body the front reads before it answers `413` itself: four times the sandbox's
 * own limit (Fastify's 1 MiB), so the sandbox's answer to an oversized body is still what a client sees.
 */
export const FRONT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Options of {@link startValidatedSandbox}. */
export type ValidatedSandboxOptions = Omit<SandboxOptions, 'baseUrl' | 'contract' | 'validateResponses'> & {
  /** The contract the sandbox routes by (default `loadContract()`). */
  contract?: SandboxOptions['contract'];
  /** The description Prism checks against (default {@link CONTRACT_FILE}). */
  contractFile?: string;
};

/** A sandbox listening behind the validating front. */
export interface ValidatedSandbox {
  /** The front's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** `<url>/api/v1/customer`, what the guides call `API_BASE`. */
  apiBase: string;
  /** Every exchange whose answer broke the contract, in order; a test expects it empty. */
  violations: ContractReport[];
  /** How many exchanges under `/api/v1/customer` were checked. */
  checked(): number;
  /** Stops the front and the sandbox; the corpus is the caller's to close. */
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FRONT_BODY_LIMIT_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve('too large');
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A request's headers as the front passes them to the sandbox: one string each, without the framing. */
function forwardedHeaders(incoming: http.IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined && !['content-length', 'transfer-encoding', 'connection'].includes(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Sends the sandbox's answer on: Node sets its own framing, so the sandbox's is dropped and the length given. */
function sendOn(reply: http.ServerResponse, response: ContractResponse): void {
  const passed = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => name !== 'transfer-encoding' && name !== 'connection'),
  );
  reply.writeHead(response.status, { ...passed, 'content-length': String(response.body.length) });
  reply.end(response.body);
}

/**
 * Starts a sandbox (./app.ts `buildSandbox`, with the contract as `loadContract()` reads it) behind an HTTP
 * front on 127.0.0.1 that passes every request to it unchanged and every answer back unchanged, after
 * Prism has checked the exchange. An answer that breaks the contract is recorded in `violations` and
 * carries Prism's `sl-violations` header; the front changes nothing else. Paths outside
 * `/api/v1/customer` (the presigned file links, the description) pass unchecked.
 *
 * @param options - the sandbox's options (its `baseUrl`, for presigned links, becomes the front's origin;
 *   its own response validation stays off, so the front sees what the sandbox sends), and `contractFile`,
 *   the description Prism checks against (default {@link CONTRACT_FILE}).
 * @param port - the front's port (default 0: any free one).
 * @throws {Error} when the port is taken, the description cannot be read or the sandbox cannot be built.
 */
export async function startValidatedSandbox(options: ValidatedSandboxOptions, port = 0): Promise<ValidatedSandbox> {
  const { contractFile, ...sandboxOptions } = options;
  const validator = await createContractValidator(contractFile);
  const violations: ContractReport[] = [];
  let checked = 0;
  const sandbox: { app?: FastifyInstance } = {};
  const front = http.createServer((request, reply) => {
    void (async () => {
      const body = await readBody(request);
      if (body === 'too large') {
        reply.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        reply.end(`The validating front reads at most ${FRONT_BODY_LIMIT_BYTES} bytes of a request body.\n`);
        return;
      }
      const headers = forwardedHeaders(request.headers);
      const url = request.url ?? '/';
      const contractPath = url.startsWith(`${CUSTOMER_BASE_PATH}/`) ? url.slice(CUSTOMER_BASE_PATH.length) : undefined;
      const sent = { method: request.method ?? 'GET', headers, body: body.length ? body.toString('utf8') : undefined };
      const answer = await sandbox.app!.inject({
        method: sent.method as 'GET',
        url,
        headers,
        payload: body.length ? body : undefined,
      });
      const response = toContractResponse(answer);
      if (contractPath !== undefined) {
        checked += 1;
        const report = await validator.check({ ...sent, path: contractPath }, response);
        if (report.response.length) {
          violations.push(report);
          response.headers['sl-violations'] = JSON.stringify(report.response).slice(0, 8000);
        }
      }
      sendOn(reply, response);
    })().catch((error: unknown) => {
      reply.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      reply.end(`The validating front failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const app = await buildSandbox({ contract: loadContract(), ...sandboxOptions, baseUrl: url });
  await app.ready();
  sandbox.app = app;
  return {
    url,
    apiBase: `${url}${CUSTOMER_BASE_PATH}`,
    violations,
    checked: () => checked,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await app.close();
    },
  };
}
