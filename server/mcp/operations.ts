/**
 * `list_operations` and `get_operation` of the MCP server: the operations of the bundled
 * contract (spec §7.1; `generated/openapi/customer-api.json`, served at `/api/v1/openapi.json`) as an agent
 * needs them, each with the schemas it references and every `x-assumed` note on the way (what the
 * specification does not say and the reference assumes; openapi/README.md).
 */
import { operationAssumptions } from '../../rules/assumptions';
import { nodeAt, operations, operationSlug, resolveRef, type ContractNode } from '../../rules/contract';

/** An operation in the list: enough to choose one. */
export interface OperationSummary {
  operationId: string;
  /** The operation's page slug under `/api/v1/`, e.g. `search-documents`. */
  slug: string;
  /** Its reference page, e.g. `/api/v1/search-documents`. */
  page: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
}

/** One operation in full. */
export interface OperationDetail extends OperationSummary {
  description: string;
  /** The server URLs the contract names, first the one the portal's samples use. */
  servers: string[];
  /** Each parameter whole: a `$ref` to a shared parameter is replaced by the parameter ({@link inlineRefs}). */
  parameters: ContractNode[];
  /** The request body whole, as the parameters. */
  requestBody?: ContractNode;
  /** Status → the response whole, its headers and examples too; schemas stay `$ref`s into {@link OperationDetail.schemas}. */
  responses: Record<string, ContractNode>;
  /** Every `components/schemas` entry the operation refers to, directly or through another schema. */
  schemas: Record<string, ContractNode>;
  /** `x-assumed` notes of the contract as a whole and of the operation (rules/assumptions.ts): where (a JSON pointer) and what is assumed. */
  assumed: { where: string; note: string }[];
}

/**
 * Longest operation name (`operationId` or page slug) and tag the tools take, in characters: the
 * contract's longest is under 40.
 */
export const MAX_OPERATION_CHARS = 128;

/** The contract's operations as {@link OperationSummary}, in document order (`tag` filters, any case). */
export function listOperations(contract: ContractNode, tag?: string): OperationSummary[] {
  return operations(contract)
    .map(({ method, path, operation }) => summaryOf(method, path, operation))
    .filter((op) => !tag || op.tags.some((t) => t.toLowerCase() === tag.toLowerCase()));
}

function summaryOf(method: string, path: string, operation: ContractNode): OperationSummary {
  const operationId = String(operation.operationId ?? `${method}${path}`);
  const slug = operationSlug(operationId);
  return {
    operationId,
    slug,
    page: `/api/v1/${slug}`,
    method: method.toUpperCase(),
    path,
    summary: String(operation.summary ?? ''),
    tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
  };
}

/**
 * One operation by its `operationId` or page slug (`searchDocuments` or `search-documents`), or `null`
 * (also for a name over {@link MAX_OPERATION_CHARS}, which no operation has).
 */
export function getOperation(contract: ContractNode, name: string): OperationDetail | null {
  if (name.length > MAX_OPERATION_CHARS) return null;
  const wanted = name.trim().toLowerCase();
  const found = operations(contract).find(
    ({ operation }) =>
      String(operation.operationId ?? '').toLowerCase() === wanted ||
      operationSlug(String(operation.operationId ?? '')) === wanted,
  );
  if (!found) return null;
  const { method, path, operation } = found;
  const refs = referencedSchemas(contract, operation);
  const assumed = operationAssumptions(contract, method, path).map(({ pointer, reason }) => ({
    where: pointer,
    note: reason,
  }));
  return {
    ...summaryOf(method, path, operation),
    description: String(operation.description ?? ''),
    servers: ((contract.servers ?? []) as { url: string }[]).map((server) => server.url),
    parameters: inlineRefs(contract, operation.parameters ?? []) as ContractNode[],
    ...(operation.requestBody ? { requestBody: inlineRefs(contract, operation.requestBody) } : {}),
    responses: inlineRefs(contract, operation.responses ?? {}) as Record<string, ContractNode>,
    schemas: refs,
    assumed,
  };
}

/** Every `#/components/schemas/<name>` reachable from `node`, by name. */
function referencedSchemas(contract: ContractNode, node: ContractNode): Record<string, ContractNode> {
  const found: Record<string, ContractNode> = {};
  const visit = (value: ContractNode) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const ref = value.$ref;
    if (typeof ref === 'string') {
      // Parameters and responses may be referenced too; follow any local reference, keep the schemas.
      const schema = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
      if (schema && !(schema in found)) {
        found[schema] = nodeAt(contract, ref);
        visit(found[schema]);
      } else if (!schema && ref.startsWith('#/')) visit(nodeAt(contract, ref));
    }
    for (const [key, child] of Object.entries(value)) if (key !== '$ref') visit(child);
  };
  visit(node);
  return found;
}

/**
 * Most objects {@link inlineRefs} builds for one node. The contract's largest operation (`POST /documents`,
 * its responses inlined) has a few hundred; the cap keeps a description whose shared parts refer to each
 * other many times over (each a fan-out of the one below) from growing an answer without bound.
 */
export const MAX_INLINED_NODES = 20_000;

/**
 * `node` with each local `$ref` outside `#/components/schemas/` replaced by its target, followed by
 * rules/contract.ts {@link resolveRef} (keys beside the `$ref` override the target's), so the parameters,
 * request body, responses, headers and examples of an operation read whole without the components
 * they come from: an agent sees `{"name": "page_size", "in": "query", …}`, not
 * `{"$ref": "#/components/parameters/PageSize"}`. Schema references stay as they are: schemas may be
 * recursive, and `get_operation` gives each one by name in `schemas`. Example values are data and are
 * copied untouched (`example`, a schema's `examples` list, an Example object's `value`); an Example object
 * that is itself a `$ref` is replaced by its target. `node` itself is not changed.
 *
 * A reference is left as it is, never followed, when it leads back to one being inlined (a cycle), leads
 * nowhere, or would take the copy past {@link MAX_INLINED_NODES} objects.
 */
export function inlineRefs(contract: ContractNode, node: ContractNode): ContractNode {
  let budget = MAX_INLINED_NODES;
  const copy = (value: ContractNode, seen: ReadonlySet<string>): ContractNode => {
    if (!value || typeof value !== 'object') return value;
    if (budget <= 0) return value;
    budget -= 1;
    if (Array.isArray(value)) return value.map((item) => copy(item, seen));
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !ref.startsWith('#/components/schemas/')) {
      const { node: target, seen: inner } = resolveRef(contract, value, seen);
      if (target !== undefined) return copy(target, inner);
      return value;
    }
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, child]) => {
        if (key === 'example') return [key, child];
        if (key === 'examples') return [key, examplesOf(child)];
        return [key, copy(child, seen)];
      }),
    );
  };
  // A media type's or parameter's `examples`: name → Example object (or a `$ref` to one), its `value` data.
  const examplesOf = (value: ContractNode): ContractNode => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, ContractNode>).map(([name, example]) => {
        const ref = example?.$ref;
        const local = typeof ref === 'string' && ref.startsWith('#/') && !ref.startsWith('#/components/schemas/');
        return [name, local ? (resolveRef(contract, example).node ?? example) : example];
      }),
    );
  };
  return copy(node, new Set());
}
