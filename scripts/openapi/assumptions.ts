/**
 * What the contract assumes where the spec is silent. Every such detail carries an
 * `x-assumed: <what and why>` extension in `openapi/customer-api.yaml`; `openapi/README.md` lists them
 * by JSON pointer for a maintainer to settle against the provider's own description, and the build
 * shows each one in the rendered reference, so readers never take an assumption for the provider's word.
 */

import {
  ASSUMED,
  assumptionNote,
  pointerSegment as escape,
  reachableAssumptions,
  type Assumption,
} from '../../rules/assumptions';
import { nodeAt, type ContractNode } from '../../rules/contract';

export { ASSUMED, assumptionNote, type Assumption };

/**
 * Every `x-assumed` of an OpenAPI document, in document order. Local `$ref`s are not followed, so each
 * assumption is found once, where it is written.
 *
 * @throws {Error} naming the pointer when an `x-assumed` is not a non-empty string.
 */
export function findAssumptions(doc: unknown): Assumption[] {
  const found: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    for (const [key, value] of Object.entries(node)) {
      if (key === ASSUMED) {
        if (typeof value !== 'string' || !value.trim()) {
          throw new Error(`${ASSUMED} at ${pointer || '#'} must say what is assumed (a non-empty string)`);
        }
        found.push({ pointer: pointer || '#', reason: value.trim() });
      } else {
        walk(value, `${pointer || '#'}/${escape(key)}`);
      }
    }
  };
  walk(doc, '');
  return found;
}

/**
 * The pointers listed in a Markdown document's assumption table: the first cell of each row of the
 * table whose header row starts with `| Where |`, written as a code span (`` `#/components/...` ``).
 *
 * @throws {Error} when there is no such table.
 */
export function listedAssumptions(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Where\s*\|/.test(line));
  if (start < 0) throw new Error('no assumption table (a Markdown table headed "| Where |")');
  const pointers: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1].trim();
    pointers.push(cell.replace(/^`|`$/g, ''));
  }
  return pointers;
}

/** Appends `notes` to a node's `description` as paragraphs, leaving out any it already holds. */
function appendNotes(node: Record<string, unknown>, notes: string[]): void {
  const description = typeof node.description === 'string' ? node.description.trimEnd() : '';
  const missing = [...new Set(notes)].filter((note) => !description.includes(note));
  if (missing.length) node.description = [description, ...missing].filter(Boolean).join('\n\n');
}

/**
 * The schema types whose description the theme shows for an array's items (lib/theme/Schema `Items`: a
 * `SchemaItem` for a plain `type` of these; items with fields, `oneOf`/`anyOf` or `allOf` show only their
 * fields).
 */
const ITEM_TYPES_SHOWN = new Set(['string', 'number', 'integer', 'boolean', 'object']);

type Json = Record<string, ContractNode>;

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Where docusaurus-theme-openapi-docs 5.2.0 shows a schema's description on an operation page
 * (lib/theme/Schema, ParamsItem, RequestSchema, StatusCodes): for a property, a `oneOf`/`anyOf` branch, an
 * array's plain items and a schema page's root; not for the schema of a whole request or response body, a
 * parameter's schema, an array's items that have fields, or the parts of an `allOf` (merged into one). The
 * notes of those are carried to the nearest description it shows, by these two functions.
 */
function hiddenNotes(doc: unknown, node: ContractNode, seen: Set<string>): string[] {
  const notes: string[] = [];
  let current = node;
  // A `$ref`'s own notes, then its target's, down the chain.
  while (isObject(current)) {
    if (typeof current[ASSUMED] === 'string' && current[ASSUMED].trim())
      notes.push(assumptionNote(current[ASSUMED].trim()));
    const ref = current.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    if (seen.has(ref)) return notes;
    seen = new Set([...seen, ref]);
    current = nodeAt(doc, ref);
  }
  return isObject(current) ? [...notes, ...notesOfParts(doc, current, seen)] : notes;
}

/** The notes of a schema's parts the theme does not describe where it shows the schema (see {@link hiddenNotes}). */
function notesOfParts(doc: unknown, schema: Json, seen: Set<string> = new Set()): string[] {
  const notes: string[] = [];
  if (isObject(schema.items)) {
    const items = resolved(doc, schema.items);
    const plain =
      isObject(items) &&
      ITEM_TYPES_SHOWN.has(items.type) &&
      !['properties', 'additionalProperties', 'oneOf', 'anyOf', 'allOf'].some((key) => key in items);
    if (!plain) notes.push(...hiddenNotes(doc, schema.items, seen));
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) notes.push(...hiddenNotes(doc, part, seen));
  return notes;
}

/** A node with its local `$ref`s followed (`undefined` when one leads nowhere or in a circle). */
function resolved(doc: unknown, node: ContractNode): ContractNode {
  const seen = new Set<string>();
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = nodeAt(doc, current.$ref);
  }
  return current;
}

/** Calls `visit` on every schema object under `schema` (itself included), by the keys that hold schemas. */
function eachSchema(schema: ContractNode, visit: (schema: Json) => void): void {
  if (!isObject(schema)) return;
  visit(schema);
  for (const key of ['items', 'additionalProperties', 'not'] as const) eachSchema(schema[key], visit);
  for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems'] as const)
    if (Array.isArray(schema[key])) schema[key].forEach((part: ContractNode) => eachSchema(part, visit));
  if (isObject(schema.properties)) Object.values(schema.properties).forEach((child) => eachSchema(child, visit));
}

/**
 * Carries the notes the theme would not show (see {@link hiddenNotes}) to where it shows a description: a
 * parameter's schema's to the parameter, a body's schema's to the request body or response, and the notes of
 * an array's items with fields or of an `allOf`'s parts to the schema holding them. Changes `doc` in place.
 */
function carryHiddenNotes(doc: Json): void {
  const mediaSchemas = (holder: Json) =>
    Object.values(isObject(holder.content) ? holder.content : {}).flatMap((media) =>
      isObject(media) && media.schema ? [media.schema] : [],
    );
  // The theme shows none of a parameter's schema's descriptions: every note in it goes to the parameter.
  const parameter = (node: ContractNode) => {
    if (!isObject(node) || node.$ref) return;
    const notes = [node.schema, ...mediaSchemas(node)].flatMap((schema) => reachableAssumptions(doc, schema));
    appendNotes(
      node,
      notes.map((note) => assumptionNote(note.reason)),
    );
  };
  const body = (node: ContractNode) => {
    if (isObject(node) && !node.$ref)
      appendNotes(
        node,
        mediaSchemas(node).flatMap((schema) => hiddenNotes(doc, schema, new Set())),
      );
  };
  const components = isObject(doc.components) ? doc.components : {};
  const schemas: ContractNode[] = Object.values(isObject(components.schemas) ? components.schemas : {});
  const group = (name: string): ContractNode[] => Object.values(isObject(components[name]) ? components[name] : {});
  group('parameters').forEach(parameter);
  group('requestBodies').forEach(body);
  group('responses').forEach(body);
  const everyBody = (holder: Json) => mediaSchemas(holder).forEach((schema) => schemas.push(schema));
  [...group('requestBodies'), ...group('responses')].filter(isObject).forEach(everyBody);
  group('parameters')
    .filter(isObject)
    .forEach((p) => schemas.push(p.schema, ...mediaSchemas(p)));
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of [item, ...Object.values(item)]) {
      if (!isObject(operation)) continue;
      for (const param of Array.isArray(operation.parameters) ? operation.parameters : []) {
        parameter(param);
        if (isObject(param) && !param.$ref) schemas.push(param.schema, ...mediaSchemas(param));
      }
      if (isObject(operation.requestBody)) {
        body(operation.requestBody);
        everyBody(operation.requestBody);
      }
      for (const response of Object.values(isObject(operation.responses) ? operation.responses : {})) {
        if (!isObject(response) || response.$ref) continue;
        body(response);
        everyBody(response);
      }
    }
  }
  // Bodies of parameters and responses held in components were gathered above; each schema once.
  const done = new Set<Json>();
  for (const root of schemas)
    eachSchema(root, (schema) => {
      if (done.has(schema) || schema.$ref) return;
      done.add(schema);
      appendNotes(schema, notesOfParts(doc, schema));
    });
}

/** The HTTP methods of a path item (OpenAPI 3.1), whose values are operations. */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Appends the `info` note, which is about every operation (rules/assumptions.ts `operationAssumptions`), to
 * each operation's description, where its page shows it. Changes `doc` in place.
 */
function carryInfoNote(doc: Json): void {
  const reason = isObject(doc.info) ? doc.info[ASSUMED] : undefined;
  if (typeof reason !== 'string' || !reason.trim()) return;
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item))
      if (METHODS.has(method) && isObject(operation)) appendNotes(operation, [assumptionNote(reason.trim())]);
  }
}

/**
 * A copy of `doc` in which every node with an `x-assumed` also says so in its `description` (appended as a
 * paragraph, or as the description when it has none), so the generated API pages show it; and where the
 * OpenAPI theme would not show that description on an operation's page (the schema of a whole body, of a
 * parameter, an array's items with fields, an `allOf`'s parts), the note is also appended to the description
 * it does show there (see {@link hiddenNotes}); the `info` note, about every operation, is also appended to
 * each operation's description. So every note of rules/assumptions.ts `operationAssumptions` reads on the
 * operation's page. The extension itself stays.
 */
export function withAssumptionNotes<T>(doc: T): T {
  const copy = structuredClone(doc);
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    const reason = record[ASSUMED];
    if (typeof reason === 'string' && reason.trim()) {
      const note = assumptionNote(reason.trim());
      record.description = typeof record.description === 'string' ? `${record.description.trimEnd()}\n\n${note}` : note;
    }
    Object.values(record).forEach(walk);
  };
  walk(copy);
  if (isObject(copy)) {
    carryHiddenNotes(copy);
    carryInfoNote(copy);
  }
  return copy;
}
