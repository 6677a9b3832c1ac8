/**
 * What differs between two OpenAPI descriptions of the customer API, in the terms a maintainer settles
 * assumptions in: operations, parameters, required fields and enums. `npm run openapi:fetch`
 * prints it before it replaces the vendored copy with the provider's description.
 *
 * Schemas are compared by where they are used, not by their names: each operation's request body and
 * success responses are flattened into field paths (`publishers[].type`, `[].versions[].version`), so a
 * provider that names or nests its schemas differently still lines up field by field.
 */

import crypto from 'node:crypto';
import { HTTP_METHODS, resolveRef } from '../../rules/contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any; // an arbitrary piece of an OpenAPI document

/** One field of a flattened schema: whether its parent requires it, and its enum if it has one. */
interface Field {
  required: boolean;
  enum?: unknown[];
}

/**
 * Flattens a schema into field paths. Objects give `a.b`, array items `a[]`, map values `a{}`;
 * `allOf` parts merge into the same path (with the wrapper's `required`), `oneOf`/`anyOf` alternatives
 * are all walked. Recursive schemas stop at their first repeat.
 */
function flatten(
  doc: Node,
  schema: Node,
  at = '',
  required = false,
  seen = new Set<string>(),
  out = new Map<string, Field>(),
  alsoRequired: string[] = [],
): Map<string, Field> {
  const { node, seen: chain } = resolveRef(doc, schema, seen);
  if (!node || typeof node !== 'object') return out;
  const field = out.get(at) ?? { required: false };
  field.required ||= required;
  const values = [...(Array.isArray(node.enum) ? node.enum : []), ...(node.const !== undefined ? [node.const] : [])];
  if (values.length) field.enum = [...new Set([...(field.enum ?? []), ...values])];
  out.set(at, field);
  const needed: string[] = [...alsoRequired, ...(Array.isArray(node.required) ? node.required : [])];
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    flatten(doc, property, at ? `${at}.${name}` : name, needed.includes(name), chain, out);
  }
  if (node.items) flatten(doc, node.items, `${at}[]`, false, chain, out);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    flatten(doc, node.additionalProperties, `${at}{}`, false, chain, out);
  }
  for (const part of node.allOf ?? []) flatten(doc, part, at, false, chain, out, needed);
  for (const part of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) flatten(doc, part, at, false, chain, out);
  return out;
}

/** The enum values anywhere in a (parameter) schema, e.g. of its items. */
const enumsOf = (doc: Node, schema: Node) => [
  ...new Set([...flatten(doc, schema).values()].flatMap((f) => f.enum ?? [])),
];

/** An operation of a document, keyed by method and path with its parameter names blanked (`GET /a/{}`). */
interface Operation {
  label: string;
  parameters: Map<string, Field>;
  body: Map<string, Field>;
  responses: Map<string, Map<string, Field>>;
}

function operations(doc: Node): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [template, rawItem] of Object.entries(doc?.paths ?? {})) {
    const item = resolveRef(doc, rawItem).node ?? {};
    for (const method of HTTP_METHODS.filter((m) => item[m])) {
      const op = item[method];
      const parameters = new Map<string, Field>();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const parameter = resolveRef(doc, raw).node;
        if (!parameter?.name) continue;
        const enumValues = enumsOf(doc, parameter.schema ?? {});
        parameters.set(`${parameter.in} ${parameter.name}`, {
          required: Boolean(parameter.required),
          ...(enumValues.length ? { enum: enumValues } : {}),
        });
      }
      const body = resolveRef(doc, op.requestBody).node;
      const responses = new Map<string, Map<string, Field>>();
      for (const [status, raw] of Object.entries(op.responses ?? {})) {
        const response = resolveRef(doc, raw).node;
        responses.set(status, flatten(doc, response?.content?.['application/json']?.schema ?? {}));
      }
      const key = `${method.toUpperCase()} ${template.replace(/\{[^{}]*\}/g, '{}')}`;
      found.set(key, {
        label: `${method.toUpperCase()} ${template}`,
        parameters,
        body: flatten(doc, body?.content?.['application/json']?.schema ?? {}),
        responses,
      });
    }
  }
  return found;
}

/**
 * A short fingerprint of what the changelog tracks in a contract (operations, parameters, fields,
 * `required`, enums; not descriptions or examples): 16 hex digits of the SHA-256 of that surface. Two
 * contracts with the same fingerprint have no {@link contractChanges} between them.
 */
export function contractFingerprint(doc: unknown): string {
  // Sorted, so moving a path or a property in the file changes nothing.
  const sorted = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const fields = (map: Map<string, Field>) =>
    sorted(map).map(([name, f]) => [name, f.required, f.enum?.map(key).sort() ?? null]);
  const surface = sorted(operations(doc)).map(([id, op]) => [
    id,
    fields(op.parameters),
    fields(op.body),
    sorted(op.responses).map(([status, map]) => [status, fields(map)]),
  ]);
  return crypto.createHash('sha256').update(JSON.stringify(surface)).digest('hex').slice(0, 16);
}

const list = (values: unknown[] = []) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
const key = (value: unknown) => JSON.stringify(value);

/** Where in an operation a change is: the operation itself, a response status, a parameter or a field. */
export type ChangeSubject =
  | { kind: 'operation' }
  | { kind: 'response'; status: string }
  | { kind: 'parameter'; name: string }
  | { kind: 'field'; in: 'body' | `response ${string}`; name: string };

/** One difference between two contracts, old → new: the changelog's unit. */
export interface ContractChange {
  /** The operation, e.g. `POST /documents` (the new contract's path template when both have it). */
  operation: string;
  subject: ChangeSubject;
  /** `now-required` / `now-optional`: the `required` flag changed; `enum`: the allowed values changed. */
  change: 'added' | 'removed' | 'now-required' | 'now-optional' | 'enum';
  /** For `enum`: the values before and after. */
  before?: unknown[];
  after?: unknown[];
  /**
   * Whether it removes or tightens something a client may rely on: an operation, response, parameter,
   * field or enum value removed; a parameter or request field added as required or made required; a
   * response field made optional. Additions are not breaking (docs/api/changelog.md: ignore what you do
   * not know).
   */
  breaking: boolean;
}

/** The field-level changes of one part (parameters, request body or a response) of an operation. */
function fieldChanges(
  operation: string,
  subject: (name: string) => ChangeSubject,
  input: boolean,
  ours: Map<string, Field>,
  theirs: Map<string, Field>,
): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const [name, field] of ours) {
    const other = theirs.get(name);
    if (!other) {
      changes.push({ operation, subject: subject(name), change: 'removed', breaking: true });
      continue;
    }
    if (field.required !== other.required) {
      const change = other.required ? 'now-required' : 'now-optional';
      // Tighter for a client: sending something new (input), or no longer receiving a field (output).
      changes.push({ operation, subject: subject(name), change, breaking: input === other.required });
    }
    if ((field.enum || other.enum) && !sameSet(field.enum, other.enum)) {
      const before = field.enum ?? [];
      const after = other.enum ?? [];
      const removed = before.some((value) => !after.some((v) => key(v) === key(value)));
      changes.push({ operation, subject: subject(name), change: 'enum', before, after, breaking: removed });
    }
  }
  for (const [name, field] of theirs) {
    if (!ours.has(name)) {
      changes.push({ operation, subject: subject(name), change: 'added', breaking: input && field.required });
    }
  }
  return changes;
}

const sameSet = (a: unknown[] = [], b: unknown[] = []) =>
  a.length === b.length && a.every((v) => b.some((w) => key(w) === key(v)));

/**
 * How `next` differs from `previous`: operations added or removed; for operations in both, parameters
 * (by location and name), request-body and response fields (by field path) added, removed, or changed in
 * `required` or enum, and response statuses added or removed — each flagged breaking or not.
 *
 * @returns the changes in operation order; empty when none.
 */
export function contractChanges(previous: unknown, next: unknown): ContractChange[] {
  const ours = operations(previous);
  const theirs = operations(next);
  const changes: ContractChange[] = [];
  for (const [id, op] of ours) {
    const other = theirs.get(id);
    if (!other) {
      changes.push({ operation: op.label, subject: { kind: 'operation' }, change: 'removed', breaking: true });
      continue;
    }
    const label = other.label;
    changes.push(
      ...fieldChanges(label, (name) => ({ kind: 'parameter', name }), true, op.parameters, other.parameters),
    );
    changes.push(...fieldChanges(label, (name) => ({ kind: 'field', in: 'body', name }), true, op.body, other.body));
    for (const [status, fields] of op.responses) {
      const otherFields = other.responses.get(status);
      if (!otherFields) {
        changes.push({ operation: label, subject: { kind: 'response', status }, change: 'removed', breaking: true });
      } else {
        const subject = (name: string): ChangeSubject => ({ kind: 'field', in: `response ${status}`, name });
        changes.push(...fieldChanges(label, subject, false, fields, otherFields));
      }
    }
    for (const status of other.responses.keys()) {
      if (!op.responses.has(status)) {
        changes.push({ operation: label, subject: { kind: 'response', status }, change: 'added', breaking: false });
      }
    }
  }
  for (const [id, op] of theirs) {
    if (!ours.has(id)) {
      changes.push({ operation: op.label, subject: { kind: 'operation' }, change: 'added', breaking: false });
    }
  }
  return changes;
}

/** What a change is about, e.g. `parameter query page_size`, `body field publishers[].type`, `response 404`. */
export function subjectLabel(subject: ChangeSubject): string {
  switch (subject.kind) {
    case 'operation':
      return 'operation';
    case 'response':
      return `response ${subject.status}`;
    case 'parameter':
      return `parameter ${subject.name}`;
    default:
      return `${subject.in} field ${subject.name}`;
  }
}

/**
 * Lists how `remote` differs from `vendored`, one line per change in the terms `npm run openapi:fetch`
 * prints: what is only in one copy, required in one and not the other, or has other enum values.
 *
 * @param vendored - the contract this repository holds (parsed).
 * @param remote - the provider's description (parsed).
 * @returns one human-readable line per difference, in operation order; empty when none.
 */
export function contractDifferences(vendored: unknown, remote: unknown): string[] {
  return contractChanges(vendored, remote).map(({ operation, subject, change, before, after }) => {
    const what = subjectLabel(subject);
    const prefix = subject.kind === 'operation' ? operation : `${operation}: ${what}`;
    switch (change) {
      case 'removed':
        return `${subject.kind === 'operation' ? `${operation}: operation` : prefix} only in the vendored copy`;
      case 'added':
        return `${subject.kind === 'operation' ? `${operation}: operation` : prefix} only in the remote`;
      case 'now-required':
        return `${prefix} is required in the remote, not in the vendored copy`;
      case 'now-optional':
        return `${prefix} is required in the vendored copy, not in the remote`;
      default:
        return `${prefix} enum ${list(before)} in the vendored copy, ${list(after)} in the remote`;
    }
  });
}
