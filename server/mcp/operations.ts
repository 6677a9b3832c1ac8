/**
 * `list_operations` and `get_operation` of the MCP server: the operations of the bundled
 * contract (spec §7.1; `generated/openapi/customer-api.json`, served at `/api/v1/openapi.json`) as an agent
 * needs them, each with the schemas it references and every `x-assumed` note on the way (what the
 * specification does not say and the reference assumes; openapi/README.md).
 */
import { operationAssumptions } from '../../rules/assumptions';
import { nodeAt, operations, operationSlug, type ContractNode } from '../../rules/contract';

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
  parameters: ContractNode[];
  requestBody?: ContractNode;
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
  const assumed = [
    ...(typeof contract.info?.['x-assumed'] === 'string'
      ? [{ where: '#/info', note: contract.info['x-assumed'] as string }]
      : []),
    ...operationAssumptions(contract, method, path).map(({ pointer, reason }) => ({ where: pointer, note: reason })),
  ];
  return {
    ...summaryOf(method, path, operation),
    description: String(operation.description ?? ''),
    servers: ((contract.servers ?? []) as { url: string }[]).map((server) => server.url),
    parameters: (operation.parameters ?? []) as ContractNode[],
    ...(operation.requestBody ? { requestBody: operation.requestBody } : {}),
    responses: (operation.responses ?? {}) as Record<string, ContractNode>,
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
