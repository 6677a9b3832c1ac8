/**
 * The API reference as Markdown, written from the bundled contract
 * (`generated/openapi/customer-api.json`, the same file the `/api` pages come from): per operation its
 * method and path, parameters, request body, responses and a curl sample; per tag its operations; per
 * schema its fields. Plain functions over the parsed document, no Markdown library needed.
 */
import { toCurl, type RequestSample } from '../../rules/apiSample';
import { findOperation, operations, schemaPageId } from '../../rules/contract';
import {
  cell,
  constraintsOf,
  deref,
  described,
  FIELD_HEAD,
  fieldRows,
  hasFields,
  inlineJson,
  refName,
  table,
  typeOf,
  type ApiDocument,
  type Json,
} from './schemaFields';

export type { ApiDocument };

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

  const found = findOperation(doc, method, path);
  const params = parametersOf(doc, found?.pathItem?.parameters, operation.parameters);
  if (params.length) {
    out.push('## Parameters');
    out.push(
      table(
        ['Name', 'In', 'Type', 'Required', 'Default', 'Description'],
        params.map((p) => [
          `\`${String(p.name)}\``,
          String(p.in),
          cell(`${typeOf(doc, p.schema)}${p.deprecated ? ', deprecated' : ''}`),
          p.required ? 'yes' : 'no',
          deref(doc, p.schema).default !== undefined ? cell(inlineJson(deref(doc, p.schema).default)) : '',
          cell([String(p.description ?? '').trim(), ...constraintsOf(doc, p.schema, true)].filter(Boolean).join(' ')),
        ]),
      ),
    );
  }

  const requestBody = deref(doc, operation.requestBody);
  const bodies = Object.entries((requestBody.content as Record<string, Json> | undefined) ?? {});
  if (bodies.length) {
    out.push('## Request body');
    if (requestBody.description) out.push(String(requestBody.description).trim());
    for (const [type, media] of bodies) out.push(...bodyMarkdown(doc, type, media, requestBody.required === true));
  }

  out.push('## Responses');
  for (const [status, raw] of Object.entries((operation.responses as Record<string, unknown>) ?? {})) {
    const response = deref(doc, raw);
    out.push(`### ${status}`);
    if (response.description) out.push(String(response.description).trim());
    for (const [name, header] of Object.entries((response.headers as Record<string, unknown> | undefined) ?? {})) {
      const described = deref(doc, header);
      if (described.description) out.push(`\`${name}\` header: ${String(described.description).trim()}`);
    }
    for (const [type, media] of Object.entries((response.content as Record<string, Json>) ?? {}))
      out.push(...bodyMarkdown(doc, type, media, false));
  }

  out.push('## Example request');
  out.push(`\`\`\`bash\n${toCurl(sampleRequest(doc, method, path, operation))}\n\`\`\``);
  return `${out.join('\n\n')}\n`;
}

/** The parameters of an operation: its path item's, replaced by the operation's of the same name and place. */
function parametersOf(doc: ApiDocument, shared: unknown, own: unknown): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [shared, own])
    for (const raw of Array.isArray(list) ? list : []) {
      const param = deref(doc, raw);
      byKey.set(`${String(param.in)} ${String(param.name)}`, param);
    }
  return [...byKey.values()];
}

/**
 * A request or response body: its media type and schema in words, the schema's fields as a table (an array's
 * items' fields when it is a list of objects), and its examples.
 */
function bodyMarkdown(doc: ApiDocument, type: string, media: Json, required: boolean): string[] {
  const out: string[] = [];
  const schema = deref(doc, media.schema);
  const name = refName(media.schema);
  const shape = typeOf(doc, media.schema);
  const array = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  const list = array && hasFields(doc, schema.items);
  const rows = list ? fieldRows(doc, schema.items) : fieldRows(doc, media.schema);
  const said = name && shape !== name ? `${name} (${shape})` : shape;
  const fields = list ? '; each item has these fields:' : ', with these fields:';
  out.push(`\`${type}\`${required ? ', required' : ''}: ${said}${rows.length ? fields : '.'}`);
  if (rows.length) out.push(table(FIELD_HEAD, rows));
  // A list of plain values: what each is (the HTML shows the items' description under the list).
  if (array && !list && schema.items && described(doc, schema.items)) {
    const items = deref(doc, schema.items);
    const about = [String(items.description ?? '').trim(), ...constraintsOf(doc, schema.items)].filter(Boolean);
    out.push(`Each item: ${about.join(' ')}`);
  }
  const examples: [string, unknown][] = [];
  if (media.example !== undefined) examples.push(['Example', media.example]);
  for (const [key, example] of Object.entries((media.examples as Record<string, Json> | undefined) ?? {})) {
    const value = deref(doc, example);
    if (value.value !== undefined) examples.push([`Example (${String(value.summary ?? key)})`, value.value]);
  }
  if (!examples.length && schema.example !== undefined) examples.push(['Example', schema.example]);
  if (type.includes('json')) for (const [label, value] of examples) out.push(`${label}:\n\n${json(value)}`);
  return out;
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
  out.push([`Type: ${typeOf(doc, node)}.`, ...constraintsOf(doc, node)].join(' '));
  const list = schema.type === 'array' && hasFields(doc, schema.items);
  const rows = list ? fieldRows(doc, schema.items) : fieldRows(doc, node);
  if (rows.length) out.push(`${list ? 'Each item has these fields:' : 'Fields:'}\n\n${table(FIELD_HEAD, rows)}`);
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
