/**
 * What changed between two OpenAPI descriptions of the customer API, and whether each change breaks a
 * working client: api-smart-diff (`apiDiff`, its OpenAPI 3 rules) compares and classifies; this module
 * configures it and shapes its answer for the changelog (./changelog.ts) and `npm run openapi:fetch`.
 *
 * The tool follows every `$ref` where it is used, so a change to a shared schema is one change per
 * operation using it, each at its JSON Pointer under `/paths`. What this module adds to the tool's own
 * rules, and why (each is a classification the tool makes otherwise, see `openapi3Rules` in its source):
 * - an operation that had no `parameters` list and gets one holding a required parameter is breaking (the
 *   tool classifies adding the whole list as non-breaking, whatever it holds);
 * - a scope added to a security requirement is breaking, one removed is not (the tool has it the other way
 *   round): a token without the new scope is refused;
 * - `x-*` extensions, examples and tags' descriptions are text, like descriptions (the tool leaves them
 *   unclassified); text beside a `$ref`, or an `allOf` of one `$ref` that only adds text, is read as the
 *   `$ref` alone (the tool would read either as a changed schema);
 * - a conditional subschema (`if`, `then`, `else`) added to or changed in what a client sends (a request body or
 *   a parameter) is breaking and one removed is not; in an answer the other way round (the tool leaves them
 *   unclassified): a request that was valid may now be refused;
 * - the changes under `components` are left out: the tool reports each where an operation uses it.
 * Text changes (descriptions, summaries, examples, `x-*` notes) are classified `annotation` and are not
 * contract changes a client could notice; they are not listed. Each change is described in a customer's
 * words (./changeWords.ts), not in the tool's own annotations.
 */

import crypto from 'node:crypto';
import {
  apiDiff,
  breaking,
  nonBreaking,
  openapi3Rules,
  resolveRef,
  type ClassifyRule,
  type ComapreContext,
  type CompareRules,
  type Diff,
} from 'api-smart-diff';
import { changeWords, type ParameterFacts } from './changeWords';

/** How the tool classifies a change a client may notice (text changes, `annotation`, are left out). */
export type ChangeType = 'breaking' | 'non-breaking' | 'deprecated' | 'unclassified';

/** One difference between two contracts, old → new: the changelog's unit. */
export interface ContractChange {
  /** The operation it is in, e.g. `POST /documents`; absent for a change outside any operation. */
  operation?: string;
  /** Where it is: a JSON Pointer (RFC 6901) into the contract, e.g. `/paths/~1doctypes/get/responses/200`. */
  at: string;
  /** What happened there. */
  change: 'add' | 'remove' | 'replace' | 'rename';
  /** The tool's classification; `breaking` removes or tightens something a working client may rely on. */
  type: ChangeType;
  /** The value before and after, when it is a scalar (a bound, a format, an enum value, a default). */
  before?: string | number | boolean | null;
  after?: string | number | boolean | null;
  /**
   * In a customer's words (./changeWords.ts), e.g. ``The maximum length of `publishers[].value` in the request
   * body is now `128` (it was `64`).``; a breaking change's words end with what a client must do.
   */
  description: string;
}

/** Whether a change removes or tightens something a client may rely on. */
export const isBreaking = (change: Pick<ContractChange, 'type'>): boolean => change.type === 'breaking';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any; // a piece of an OpenAPI document or of the tool's rules

/** A parameter that a client must now send: required, and without a default the server would use. */
const mustSend = (parameter: Node, root: unknown) => {
  const resolved = resolveRef(parameter, root) as Node;
  return Boolean(resolved?.required) && resolved?.schema?.default === undefined;
};

/** Adding a whole `parameters` list breaks a client when it holds a parameter the client must now send. */
const parametersListRule: ClassifyRule = [
  ({ after }: ComapreContext) =>
    Array.isArray(after.value) && after.value.some((p: unknown) => mustSend(p, after.root)) ? breaking : nonBreaking,
  breaking,
  breaking,
];

/** A scope added to a security requirement is one more thing the token must have. */
const scopeRule: ClassifyRule = [breaking, nonBreaking, breaking];

/** The tool's OpenAPI 3 rules with the changes this module's header lists. */
export function contractRules(): CompareRules {
  const rules = openapi3Rules() as Node;
  const operation = rules['/paths']['/*']['/*'];
  operation['/parameters'] = { ...operation['/parameters'], $: parametersListRule };
  rules['/paths']['/*']['/parameters'] = { ...rules['/paths']['/*']['/parameters'], $: parametersListRule };
  const requirement = operation['/security']['/*']['/*'];
  operation['/security']['/*']['/*'] = { ...requirement, $: scopeRule, '/*': { $: scopeRule } };
  rules['/security']['/*'] = { ...rules['/security']['/*'], '/*': { $: scopeRule, '/*': { $: scopeRule } } };
  return rules as CompareRules;
}

/** A path as a JSON Pointer (RFC 6901). */
const pointer = (path: (string | number)[]) =>
  path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const scalar = (value: unknown): ContractChange['before'] =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? (value as ContractChange['before'])
    : undefined;

/** Keywords whose values are text for readers, not for clients. */
const TEXT_KEYWORDS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);
const isTextKeyword = (key: unknown) => typeof key === 'string' && (TEXT_KEYWORDS.has(key) || key.startsWith('x-'));

/**
 * Whether a change is to text: at or under a text keyword or an extension (a name under `properties` is a
 * field's, not a keyword), or in the document's `info` and `tags`.
 */
function isText(path: (string | number)[]): boolean {
  if (path[0] === 'info' || path[0] === 'tags') return true;
  return path.some((key, n) => isTextKeyword(key) && path[n - 1] !== 'properties');
}

/**
 * A copy of a contract without the text beside a `$ref`, and with an `allOf` of one part that only adds
 * text replaced by that part. Both are ways to describe a field whose schema is a `$ref` (OpenAPI 3.1
 * allows a `description` beside it), and the tool reads either as a changed schema: the referenced
 * schema's type and bounds removed, an `allOf` added.
 */
function withoutTextBesideRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTextBesideRefs);
  if (!value || typeof value !== 'object') return value;
  const node = value as { $ref?: unknown; allOf?: unknown[] };
  const keys = Object.keys(node).filter((key) => !isTextKeyword(key));
  if (Array.isArray(node.allOf) && node.allOf.length === 1 && keys.length === 1)
    return withoutTextBesideRefs(node.allOf[0]);
  const hasRef = typeof node.$ref === 'string';
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !(hasRef && isTextKeyword(key)))
      .map(([key, item]) => [key, withoutTextBesideRefs(item)]),
  );
}

/**
 * The parameter at `index` of the `parameters` list at `listPath` in `doc`, its `$ref` followed: what a
 * change's words call it (`query parameter `page_size``).
 */
function parameterAt(doc: unknown, listPath: (string | number)[], index: number): ParameterFacts | undefined {
  let node = doc as Node;
  for (const key of [...listPath, index]) node = node?.[key];
  const parameter = node ? (resolveRef(node, doc) as Node) : undefined;
  if (typeof parameter?.name !== 'string' || typeof parameter?.in !== 'string') return undefined;
  return { name: parameter.name, in: parameter.in, required: parameter.required === true };
}

/** A change in a customer's words (./changeWords.ts), its parameters named from the contract it is read from. */
function wordsOf(diff: Diff, previous: unknown, next: unknown): string {
  const [root, template, method] = diff.path;
  const inOperation = root === 'paths' && typeof method === 'string';
  const doc = diff.action === 'remove' ? previous : next;
  const path = inOperation ? diff.path.slice(3) : diff.path;
  return changeWords({
    path,
    ...(inOperation ? { operation: `${method.toUpperCase()} ${template}` } : {}),
    action: diff.action,
    type: classified(diff),
    before: scalar(diff.before),
    after: scalar(diff.after),
    parameter: (index) => parameterAt(doc, [...diff.path.slice(0, inOperation ? 3 : 0), 'parameters'], index),
  });
}

const CONDITIONAL = new Set(['if', 'then', 'else']);

/** The tool's classification of `diff`, with a conditional subschema's change classified (this module's header). */
function classified(diff: Diff): ChangeType {
  const last = diff.path[diff.path.length - 1];
  if (diff.type !== 'unclassified' || typeof last !== 'string' || !CONDITIONAL.has(last))
    return diff.type as ChangeType;
  const tightens = diff.action !== 'remove';
  const inAnswer = diff.path.includes('responses');
  return tightens !== inAnswer ? 'breaking' : 'non-breaking';
}

/**
 * How `next` differs from `previous`, as api-smart-diff classifies it with {@link contractRules}: every
 * change a client may notice, in the tool's order; text changes are left out (this module's header).
 *
 * @param previous - the older contract, parsed (OpenAPI 3.x).
 * @param next - the newer one.
 * @returns the changes; empty when none.
 */
export function contractChanges(previous: unknown, next: unknown): ContractChange[] {
  const [older, newer] = [withoutTextBesideRefs(previous), withoutTextBesideRefs(next)];
  const diffs = apiDiff(older, newer, {
    rules: contractRules(),
  }).filter((diff) => diff.path[0] !== 'components' && diff.type !== 'annotation' && !isText(diff.path));
  return diffs.map((diff) => {
    const [root, template, method] = diff.path;
    const inOperation = root === 'paths' && typeof method === 'string';
    const before = scalar(diff.before);
    const after = scalar(diff.after);
    return {
      ...(inOperation ? { operation: `${method.toUpperCase()} ${template}` } : {}),
      at: pointer(diff.path),
      change: diff.action,
      type: classified(diff),
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
      description: wordsOf(diff, older, newer),
    };
  });
}

/** A JSON value with its object keys sorted, so the same contract always serializes the same way. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * A short fingerprint of a contract: 16 hex digits of the SHA-256 of its JSON with keys sorted, so moving a
 * path or a property in the file changes nothing, while any other edit, text included, does. Two contracts
 * with the same fingerprint have no {@link contractChanges} between them.
 */
export function contractFingerprint(doc: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(doc)))
    .digest('hex')
    .slice(0, 16);
}

/** One line for a change: `` GET /doctypes: Operation `GET /doctypes` removed; stop calling it. (breaking) ``. */
export function describeChange(change: ContractChange): string {
  const where = change.operation ?? change.at;
  return `${where}: ${change.description} (${change.type})`;
}

/**
 * Lists how `remote` differs from `vendored`, one line per change (what `npm run openapi:fetch` prints).
 *
 * @returns one line per change, in the tool's order; empty when none.
 */
export function contractDifferences(vendored: unknown, remote: unknown): string[] {
  return contractChanges(vendored, remote).map(describeChange);
}
