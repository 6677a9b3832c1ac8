/**
 * The API reference as Markdown, written from the bundled contract
 * (`generated/openapi/customer-api.json`, the same file the `/api` pages come from): per operation its
 * method and path, parameters, request body, responses and a curl sample; per tag its operations; per
 * schema its fields. Plain functions over the parsed document, no Markdown library needed.
 */
import { toCurl, type RequestSample } from '../../rules/apiSample';
import { findOperation, operations, resolveRef, schemaPageId } from '../../rules/contract';

/** The parts of an OpenAPI 3.1 document read here. */
export interface ApiDocument {
  info?: { title?: string; version?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

type Json = Record<string, unknown>;

/** A node with its local `$ref`s followed (rules/contract.ts `resolveRef`); `{}` where one leads nowhere. */
const deref = (doc: ApiDocument, node: unknown): Json => (resolveRef(doc, node).node as Json | undefined) ?? {};

/** `#/components/schemas/Document` → `Document`. */
const refName = (node: unknown) =>
  typeof (node as Json | undefined)?.$ref === 'string'
    ? String((node as Json).$ref)
        .split('/')
        .pop()
    : undefined;

/** One table cell: no pipes or line breaks (each line trimmed, blank ones dropped, the rest joined by a space). */
const cell = (text: unknown) =>
  String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\|/g, '\\|');

/** A short type for a schema: `string (date)`, `array of Document`, `string \| null`, `one of: a, b`. */
export function typeOf(doc: ApiDocument, node: unknown, depth = 0): string {
  const name = refName(node);
  const schema = deref(doc, node);
  if (name && depth > 0) return name;
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
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

/** One row per field of an object schema, nested fields by path (`sector.level_1`, `publishers[].type`). */
export function fieldRows(
  doc: ApiDocument,
  node: unknown,
  prefix = '',
  depth = 0,
  seen: Set<string> = new Set(),
): string[][] {
  const name = refName(node);
  if (name && seen.has(name)) return [];
  const inner = name ? new Set([...seen, name]) : seen;
  const schema = deref(doc, node);
  if (depth > 3) return [];
  const parts = [schema, ...((schema.allOf as unknown[] | undefined) ?? []).map((s) => deref(doc, s))];
  const rows: string[][] = [];
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [field, child] of Object.entries((part.properties as Record<string, unknown>) ?? {})) {
      const fieldSchema = deref(doc, child);
      const path = `${prefix}${field}`;
      rows.push([
        `\`${path}\``,
        cell(typeOf(doc, child, 1)),
        required.has(field) ? 'yes' : 'no',
        cell(fieldSchema.description),
      ]);
      const items =
        fieldSchema.type === 'array' || (Array.isArray(fieldSchema.type) && fieldSchema.type.includes('array'));
      rows.push(...fieldRows(doc, items ? fieldSchema.items : child, `${path}${items ? '[]' : ''}.`, depth + 1, inner));
    }
  }
  return rows;
}

/** A GitHub-flavoured Markdown table. */
export function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

/** The request of the operation's curl sample: required parameters from their examples, the body example. */
export function sampleRequest(doc: ApiDocument, method: string, path: string, operation: Json): RequestSample {
  const params = ((operation.parameters as unknown[] | undefined) ?? []).map((p) => deref(doc, p));
  let filled = path;
  const query: [string, string][] = [];
  for (const param of params) {
    const schema = deref(doc, param.schema);
    const example = param.example ?? schema.example ?? schema.default;
    if (param.in === 'path' && example !== undefined)
      filled = filled.replace(`{${String(param.name)}}`, String(example));
    if (param.in === 'query' && param.required && example !== undefined)
      query.push([String(param.name), String(example)]);
  }
  const media = deref(doc, operation.requestBody).content as Record<string, Json> | undefined;
  const body = media?.['application/json'];
  return {
    method: method.toUpperCase() as RequestSample['method'],
    path: filled,
    query,
    body: body ? (body.example ?? deref(doc, body.schema).example) : undefined,
  };
}

/**
 * One operation page: title, `METHOD path`, description, base URLs and auth, parameters, request body,
 * responses with their examples, and a curl sample (`$API_BASE`, `$TOKEN` as in the docs' samples).
 */
export function operationMarkdown(doc: ApiDocument, method: string, path: string): string {
  const operation = findOperation(doc, method, path)?.operation as Json | undefined;
  if (!operation) throw new Error(`the contract has no operation ${method.toUpperCase()} ${path}`);
  const out: string[] = [`# ${String(operation.summary ?? `${method.toUpperCase()} ${path}`)}`];
  out.push(`\`${method.toUpperCase()} ${path}\``);
  if (operation.deprecated) out.push('**Deprecated.**');
  if (operation.description) out.push(String(operation.description).trim());
  const servers = (doc.servers ?? []).map((s) => `- \`${s.url}\`${s.description ? `: ${s.description}` : ''}`);
  if (servers.length) out.push(`Base URL (\`$API_BASE\`):\n\n${servers.join('\n')}`);
  out.push('Authentication: `Authorization: Bearer <access token>`.');

  const params = ((operation.parameters as unknown[] | undefined) ?? []).map((p) => deref(doc, p));
  if (params.length) {
    out.push('## Parameters');
    out.push(
      table(
        ['Name', 'In', 'Type', 'Required', 'Description'],
        params.map((p) => [
          `\`${String(p.name)}\``,
          String(p.in),
          cell(typeOf(doc, p.schema)),
          p.required ? 'yes' : 'no',
          cell(
            [
              p.description,
              deref(doc, p.schema).default !== undefined
                ? `Default: \`${JSON.stringify(deref(doc, p.schema).default)}\`.`
                : '',
            ]
              .filter(Boolean)
              .join(' '),
          ),
        ]),
      ),
    );
  }

  const requestBody = deref(doc, operation.requestBody);
  const media = (requestBody.content as Record<string, Json> | undefined)?.['application/json'];
  if (media) {
    out.push('## Request body');
    out.push(`\`application/json\`${requestBody.required ? ', required' : ''}: ${typeOf(doc, media.schema)}.`);
    if (requestBody.description) out.push(String(requestBody.description).trim());
    const rows = fieldRows(doc, media.schema);
    if (rows.length) out.push(table(['Field', 'Type', 'Required', 'Description'], rows));
    const example = media.example ?? deref(doc, media.schema).example;
    if (example !== undefined) out.push(`Example:\n\n${json(example)}`);
  }

  out.push('## Responses');
  for (const [status, raw] of Object.entries((operation.responses as Record<string, unknown>) ?? {})) {
    const response = deref(doc, raw);
    out.push(`### ${status}`);
    if (response.description) out.push(String(response.description).trim());
    const location = deref(doc, (response.headers as Json | undefined)?.Location);
    if (location.description) out.push(`\`Location\` header: ${String(location.description).trim()}`);
    for (const [type, content] of Object.entries((response.content as Record<string, Json>) ?? {})) {
      out.push(`\`${type}\`: ${typeOf(doc, content.schema)}.`);
      const example = content.example ?? deref(doc, content.schema).example;
      if (example !== undefined && type.includes('json')) out.push(json(example));
    }
  }

  out.push('## Example request');
  out.push(`\`\`\`bash\n${toCurl(sampleRequest(doc, method, path, operation))}\n\`\`\``);
  return `${out.join('\n\n')}\n`;
}

/** A tag page: its description and its operations, each linked by `link(method, path)`. */
export function tagMarkdown(
  doc: ApiDocument,
  tag: string,
  link: (method: string, path: string) => string | undefined,
): string {
  const described = doc.tags?.find((t) => t.name === tag);
  const out = [`# ${tag}`];
  if (described?.description) out.push(described.description.trim());
  const items = operations(doc)
    .filter(({ operation }) => ((operation.tags as string[] | undefined) ?? []).includes(tag))
    .map(({ method, path, operation }) => {
      const href = link(method, path);
      const label = String(operation.summary ?? path);
      return `- ${href ? `[${label}](${href})` : label}: \`${method.toUpperCase()} ${path}\``;
    });
  out.push(items.join('\n'));
  return `${out.join('\n\n')}\n`;
}

/** A schema page: description, fields and, when the schema has one, its example. */
export function schemaMarkdown(doc: ApiDocument, name: string): string {
  const node = { $ref: `#/components/schemas/${name}` };
  const schema = deref(doc, node);
  if (!doc.components?.schemas?.[name]) throw new Error(`the contract has no schema ${name}`);
  const out = [`# ${String(schema.title ?? name)}`];
  if (schema.description) out.push(String(schema.description).trim());
  out.push(`Type: ${typeOf(doc, node)}.`);
  const rows = fieldRows(doc, node);
  if (rows.length) out.push(table(['Field', 'Type', 'Required', 'Description'], rows));
  if (schema.example !== undefined) out.push(`Example:\n\n${json(schema.example)}`);
  return `${out.join('\n\n')}\n`;
}

/** The contract's schema whose page has the id `pageId` (`documentlite` → `DocumentLite`; rules/contract.ts). */
export function schemaNameFor(doc: ApiDocument, pageId: string): string | undefined {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { title?: unknown }>;
  return Object.entries(schemas).find(
    ([name, schema]) => schemaPageId(typeof schema?.title === 'string' ? schema.title : name) === pageId.toLowerCase(),
  )?.[0];
}

/**
 * The reference's landing page (`/api`): title and version, description, base URLs, authentication,
 * contact and licence, then every tag with its operations (each linked by `link(method, path)`).
 */
export function infoMarkdown(
  doc: ApiDocument & { info?: Json },
  link: (method: string, path: string) => string | undefined,
): string {
  const info = (doc.info ?? {}) as Json;
  const out = [`# ${String(info.title ?? 'API reference')}`];
  if (info.version) out.push(`Version: ${String(info.version)}`);
  if (info.description) out.push(String(info.description).trim());
  const servers = (doc.servers ?? []).map((s) => `- \`${s.url}\`${s.description ? `: ${s.description}` : ''}`);
  if (servers.length) out.push(`## Base URL\n\n${servers.join('\n')}`);
  const schemes = Object.values((doc.components?.securitySchemes as Record<string, Json> | undefined) ?? {});
  if (schemes.length) {
    out.push('## Authentication');
    for (const scheme of schemes) {
      const kind = [scheme.type, scheme.scheme, scheme.bearerFormat].filter(Boolean).join(', ');
      out.push([`${kind ? `(${kind}) ` : ''}${String(scheme.description ?? '').trim()}`].join(''));
    }
  }
  const contact = info.contact as Json | undefined;
  if (contact) out.push(`## Contact\n\n${[contact.name, contact.url, contact.email].filter(Boolean).join(', ')}`);
  const license = info.license as Json | undefined;
  if (license) out.push(`## Licence\n\n${[license.name, license.url].filter(Boolean).join(', ')}`);
  for (const tag of doc.tags ?? []) {
    out.push(tagMarkdown(doc, tag.name, link).replace(/^# /, '## ').trim());
  }
  return `${out.join('\n\n')}\n`;
}
