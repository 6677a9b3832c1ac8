/**
 * A schema of the contract as Markdown: its short type, its constraints and the table of its fields, as the API
 * reference's Markdown copies (./openapi.ts) and their tables show them, bounded in depth and rows.
 */
import { resolveRef } from '../../rules/contract';

/** The parts of an OpenAPI 3.1 document read here. */
export interface ApiDocument {
  info?: { title?: string; version?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export type Json = Record<string, unknown>;

/** A node with its local `$ref`s followed (rules/contract.ts `resolveRef`); `{}` where one leads nowhere. */
export const deref = (doc: ApiDocument, node: unknown): Json => (resolveRef(doc, node).node as Json | undefined) ?? {};

/** `#/components/schemas/Document` → `Document`. */
export const refName = (node: unknown) =>
  typeof (node as Json | undefined)?.$ref === 'string'
    ? String((node as Json).$ref)
        .split('/')
        .pop()
    : undefined;

/** One table cell: no pipes or line breaks (each line trimmed, blank ones dropped, the rest joined by a space). */
export const cell = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\|/g, '\\|');

/** A short type for a schema: `string (date)`, `array of Document`, `string \| null` (an enum's values are in {@link constraintsOf}). */
export function typeOf(doc: ApiDocument, node: unknown, depth = 0): string {
  const name = refName(node);
  const schema = deref(doc, node);
  if (name && depth > 0) return name;
  if (Array.isArray(schema.enum) && !schema.type)
    return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))].join(' | ');
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as unknown[]).map((s) => typeOf(doc, s, depth + 1)).join(' | ');
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as unknown[]).map((s) => typeOf(doc, s, depth + 1)).join(' & ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : [];
  const shown = types.map((type) => {
    if (type === 'array') return `array of ${typeOf(doc, schema.items, depth + 1)}`;
    return schema.format && type !== 'null' ? `${type} (${String(schema.format)})` : type;
  });
  if (schema.nullable === true) shown.push('null');
  return shown.join(' | ') || name || 'any';
}

/** How deep {@link fieldRows} nests fields (a field of a field … of the top level's), and how many rows it writes. */
export const FIELD_LIMITS = { depth: 8, rows: 400 } as const;

/** `text` as a code span, fenced with more backticks than it holds in a row (CommonMark 6.1). */
function inlineCode(text: string): string {
  let fence = '`';
  while (text.includes(fence)) fence += '`';
  return text.startsWith('`') || text.endsWith('`') ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** A JSON value as a code span. */
export const inlineJson = (value: unknown) => inlineCode(JSON.stringify(value) ?? String(value));

/**
 * What the HTML reference says of a value besides its description: its possible values (an `enum`; with
 * `itemsToo`, an array's items' too), its bounds, and its pattern, as sentences (`Possible values: "a", "b".`).
 */
export function constraintsOf(doc: ApiDocument, node: unknown, itemsToo = false): string[] {
  const schema = deref(doc, node);
  const items = itemsToo && schema.items ? deref(doc, schema.items) : {};
  const out: string[] = [];
  const values = Array.isArray(schema.enum) ? schema.enum : Array.isArray(items.enum) ? items.enum : undefined;
  if (values) out.push(`Possible values: ${values.map(inlineJson).join(', ')}.`);
  const bounds = [
    ['minimum', '>='],
    ['exclusiveMinimum', '>'],
    ['maximum', '<='],
    ['exclusiveMaximum', '<'],
  ].flatMap(([key, sign]) => (typeof schema[key] === 'number' ? [`\`${sign} ${String(schema[key])}\``] : []));
  if (bounds.length) out.push(`Range: ${bounds.join(', ')}.`);
  for (const [min, max, what] of [
    ['minLength', 'maxLength', 'characters'],
    ['minItems', 'maxItems', 'items'],
    ['minProperties', 'maxProperties', 'fields'],
  ]) {
    const [low, high] = [schema[min], schema[max]];
    const unit = (n: number) => (n === 1 ? what.slice(0, -1) : what);
    if (typeof low === 'number' && typeof high === 'number') out.push(`${low} to ${high} ${unit(high)}.`);
    else if (typeof low === 'number' && low > 0) out.push(`At least ${low} ${unit(low)}.`);
    else if (typeof high === 'number') out.push(`At most ${high} ${unit(high)}.`);
  }
  if (typeof schema.pattern === 'string') out.push(`Pattern: ${inlineCode(schema.pattern)}.`);
  return out;
}

/** A schema's object parts: itself and, through `allOf`, every part it is made of (each resolved once). */
function objectParts(doc: ApiDocument, node: unknown, seen: Set<string>): { part: Json; seen: Set<string> }[] {
  const { node: schema, seen: inner } = resolveRef(doc, node, seen);
  if (!schema || typeof schema !== 'object') return [];
  const parts = [{ part: schema as Json, seen: inner }];
  for (const piece of ((schema as Json).allOf as unknown[] | undefined) ?? [])
    parts.push(...objectParts(doc, piece, inner));
  return parts;
}

/** Whether a schema (resolved) shows fields of its own: an object's properties, an `allOf`'s, a map's values'. */
export const hasFields = (doc: ApiDocument, node: unknown): boolean => {
  const schema = deref(doc, node);
  return (
    !!schema.properties ||
    Array.isArray(schema.allOf) ||
    (!!schema.additionalProperties &&
      typeof schema.additionalProperties === 'object' &&
      hasFields(doc, schema.additionalProperties))
  );
};

/**
 * One row per field of a schema, `[field, type, required, default, description]`, nested fields by path
 * (`sector.level_1`, `publishers[].type`, a map's values as `reg_scores.*.reg_score`), as deep as the HTML
 * reference nests them, up to {@link FIELD_LIMITS} (the last row then says where the rest is). A schema is
 * not followed into itself. An array's plain items (`doctypes[]`) and a map's plain values (`domains.*`) get a
 * row of their own when they say more than their type.
 */
export function fieldRows(doc: ApiDocument, node: unknown, prefix = ''): string[][] {
  const rows: string[][] = [];
  let cut = false;
  const walk = (current: unknown, path: string, depth: number, seen: Set<string>) => {
    if (depth >= FIELD_LIMITS.depth) {
      cut = true;
      return;
    }
    for (const { part, seen: inner } of objectParts(doc, current, seen)) {
      const required = new Set((part.required as string[] | undefined) ?? []);
      for (const [field, child] of Object.entries((part.properties as Record<string, unknown>) ?? {})) {
        if (rows.length >= FIELD_LIMITS.rows) {
          cut = true;
          return;
        }
        const name = `${path}${field}`;
        rows.push(row(doc, `\`${name}\``, child, required.has(field)));
        descend(child, name, depth, inner);
      }
      const values = part.additionalProperties;
      if (values && typeof values === 'object') {
        if (hasFields(doc, values)) walk(values, `${path}*.`, depth + 1, inner);
        else if (described(doc, values)) rows.push(row(doc, `\`${path}*\``, values, false, ''));
      }
    }
  };
  const descend = (child: unknown, name: string, depth: number, seen: Set<string>) => {
    const ref = (child as Json | undefined)?.$ref;
    if (typeof ref === 'string' && seen.has(ref)) return;
    const schema = deref(doc, child);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('array') && schema.items) {
      if (hasFields(doc, schema.items)) return walk(schema.items, `${name}[].`, depth + 1, seen);
      if (described(doc, schema.items)) rows.push(row(doc, `\`${name}[]\``, schema.items, false, ''));
      return;
    }
    if (hasFields(doc, child) || (schema.additionalProperties && typeof schema.additionalProperties === 'object'))
      walk(child, `${name}.`, depth + 1, seen);
  };
  walk(node, prefix, 0, new Set());
  if (cut) rows.push(['…', '', '', '', 'Deeper fields are on the schema pages of the types above.']);
  return rows;
}

/** Whether a plain value says more than its type: a description, possible values or bounds. */
export const described = (doc: ApiDocument, node: unknown) =>
  !!deref(doc, node).description || constraintsOf(doc, node).length > 0;

/** A field's row: its name, type (`deprecated` added), required, default, and description with its constraints. */
function row(doc: ApiDocument, name: string, node: unknown, required: boolean, requiredText?: string): string[] {
  const schema = deref(doc, node);
  const type = `${typeOf(doc, node, 1)}${schema.deprecated ? ', deprecated' : ''}`;
  const description = [String(schema.description ?? '').trim(), ...constraintsOf(doc, node)].filter(Boolean).join(' ');
  return [
    name,
    cell(type),
    requiredText ?? (required ? 'yes' : 'no'),
    schema.default !== undefined ? cell(inlineJson(schema.default)) : '',
    cell(description),
  ];
}

/** The header of {@link fieldRows}' table. */
export const FIELD_HEAD = ['Field', 'Type', 'Required', 'Default', 'Description'];

/** A GitHub-flavoured Markdown table. */
export function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
