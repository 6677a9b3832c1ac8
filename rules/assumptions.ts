/**
 * Which `x-assumed` notes of the customer API contract apply to an operation: what the contract states where
 * the provider's own description is silent (openapi/README.md lists them). The build shows each note where a
 * reader meets it (scripts/openapi/assumptions.ts); the operation's page and its Markdown copy must hold every
 * note this finds, and the MCP server's `get_operation` lists them.
 *
 * A note applies to an operation when it sits on the operation, its path item's parameters, or anything they
 * reach through local `$ref`s: parameters, request bodies, responses, headers and every schema on the way,
 * nested or referenced, whole or by a field. Example values are data, never followed.
 */
import { findOperation, nodeAt, type ContractNode } from './contract';

/** The extension that marks an assumed detail; its value says, for readers, what is assumed. */
export const ASSUMED = 'x-assumed';

/** One assumed detail: where it sits in the contract and what it assumes. */
export interface Assumption {
  /** JSON pointer from the contract's root, as a URI fragment, e.g. `#/components/schemas/Domain`. */
  pointer: string;
  /** The `x-assumed` text, trimmed. */
  reason: string;
}

/**
 * The sentence the rendered reference shows for an assumption (Markdown): the bundle appends it to the
 * node's description (scripts/openapi/assumptions.ts), and the Markdown export tells a description from the
 * notes appended to it by its prefix, `assumptionNote('')`.
 */
export const assumptionNote = (reason: string) => `_Assumed:_ ${reason}`;

/** JSON-pointer escaping of one segment (RFC 6901). */
export const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keys whose values are example data (OpenAPI 3.1 `example`, `examples`), where a `$ref` is no reference. */
const DATA_KEYS = new Set(['example', 'examples']);

/**
 * Every `x-assumed` note reachable from `start` (a node of `doc` at `pointer`), in the order a depth-first
 * walk meets them; each local `$ref` target is walked once, at its own pointer.
 *
 * @param walked - `$ref`s already walked (and not to be walked again); the walk adds the ones it follows.
 */
export function reachableAssumptions(
  doc: unknown,
  start: ContractNode,
  pointer = '#',
  walked: Set<string> = new Set(),
): Assumption[] {
  const found: Assumption[] = [];
  const visit = (node: ContractNode, at: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !walked.has(node.$ref)) {
      walked.add(node.$ref);
      visit(nodeAt(doc, node.$ref), node.$ref);
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === ASSUMED) {
        if (typeof value === 'string' && value.trim()) found.push({ pointer: at, reason: value.trim() });
      } else if (key !== '$ref' && !DATA_KEYS.has(key)) visit(value, `${at}/${pointerSegment(key)}`);
    }
  };
  visit(start, pointer);
  return found;
}

/**
 * The `x-assumed` notes that apply to the operation `method path` of `doc` (see the module comment), each
 * once by pointer: the document's `info` note first, then, in document order of the walk, the operation's
 * own and its path item's parameters'. The `info` note is about every operation (which response fields are
 * always present, what each success status means), so each operation's page shows it where a reader meets
 * them; the security schemes' notes are not reached.
 *
 * @param method - an HTTP method, any case.
 * @param path - the path template as the contract writes it (`/documents/{document_id}`).
 * @throws {Error} naming the operation when the contract does not have it.
 */
export function operationAssumptions(doc: ContractNode, method: string, path: string): Assumption[] {
  const found = findOperation(doc, method, path);
  if (!found) throw new Error(`the contract has no operation ${method.toUpperCase()} ${path}`);
  const base = `#/paths/${pointerSegment(found.template)}`;
  const walked = new Set<string>();
  const info = (doc as { info?: Record<string, unknown> } | undefined)?.info?.[ASSUMED];
  const notes = [
    ...(typeof info === 'string' && info.trim() ? [{ pointer: '#/info', reason: info.trim() }] : []),
    ...reachableAssumptions(doc, found.operation, `${base}/${method.toLowerCase()}`, walked),
    ...reachableAssumptions(doc, found.pathItem?.parameters, `${base}/parameters`, walked),
  ];
  const seen = new Set<string>();
  return notes.filter((note) => !seen.has(note.pointer) && seen.add(note.pointer));
}
