/**
 * What differs between two OpenAPI descriptions of the customer API, in the terms a maintainer settles
 * assumptions in (issue #10): operations, parameters, required fields and enums. `npm run openapi:fetch`
 * prints it before it replaces the vendored copy with the provider's description.
 *
 * Schemas are compared by where they are used, not by their names: each operation's request body and
 * success responses are flattened into field paths (`publishers[].type`, `[].versions[].version`), so a
 * provider that names or nests its schemas differently still lines up field by field.
 */

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
      const key = `${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}')}`;
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

const list = (values: unknown[] = []) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
const sameSet = (a: unknown[] = [], b: unknown[] = []) =>
  a.length === b.length && a.every((v) => b.some((w) => JSON.stringify(w) === JSON.stringify(v)));

/** Differences of required flags and enums between two flattened field maps, one line each. */
function fieldDifferences(
  prefix: string,
  what: string,
  ours: Map<string, Field>,
  theirs: Map<string, Field>,
): string[] {
  const lines: string[] = [];
  for (const [name, field] of ours) {
    const other = theirs.get(name);
    if (!other) {
      lines.push(`${prefix}: ${what} ${name} only in the vendored copy`);
      continue;
    }
    if (field.required !== other.required) {
      const where = field.required ? 'the vendored copy, not in the remote' : 'the remote, not in the vendored copy';
      lines.push(`${prefix}: ${what} ${name} is required in ${where}`);
    }
    if ((field.enum || other.enum) && !sameSet(field.enum, other.enum)) {
      lines.push(
        `${prefix}: ${what} ${name} enum ${list(field.enum)} in the vendored copy, ${list(other.enum)} in the remote`,
      );
    }
  }
  for (const name of theirs.keys()) if (!ours.has(name)) lines.push(`${prefix}: ${what} ${name} only in the remote`);
  return lines;
}

/**
 * Lists how `remote` differs from `vendored`: operations present in only one; for operations in both,
 * parameters (by location and name) added, removed, or changed in `required` or enum; request-body and
 * response fields added, removed, or changed in `required` or enum; response statuses in only one.
 *
 * @param vendored - the contract this repository holds (parsed).
 * @param remote - the provider's description (parsed).
 * @returns one human-readable line per difference, in operation order; empty when none.
 */
export function contractDifferences(vendored: unknown, remote: unknown): string[] {
  const ours = operations(vendored);
  const theirs = operations(remote);
  const lines: string[] = [];
  for (const [key, op] of ours) {
    const other = theirs.get(key);
    if (!other) {
      lines.push(`${op.label}: operation only in the vendored copy`);
      continue;
    }
    lines.push(...fieldDifferences(op.label, 'parameter', op.parameters, other.parameters));
    lines.push(...fieldDifferences(op.label, 'body field', op.body, other.body));
    for (const [status, fields] of op.responses) {
      const otherFields = other.responses.get(status);
      if (!otherFields) lines.push(`${op.label}: response ${status} only in the vendored copy`);
      else lines.push(...fieldDifferences(op.label, `response ${status} field`, fields, otherFields));
    }
    for (const status of other.responses.keys()) {
      if (!op.responses.has(status)) lines.push(`${op.label}: response ${status} only in the remote`);
    }
  }
  for (const [key, op] of theirs) if (!ours.has(key)) lines.push(`${op.label}: operation only in the remote`);
  return lines;
}
