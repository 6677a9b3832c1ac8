/**
 * Query and path values the API explorer starts with, as text. docusaurus-theme-openapi-docs 5.2.0
 * prefills a parameter from its `schema.default` as it is (theme ApiItem,
 * PaloAltoNetworks/docusaurus-openapi-docs#1476), and its request builder drops a value that is not a
 * string: `page: 1` and `page_size: 100` would go out as `?page&page_size`, which the API refuses with
 * `422`. Turning numeric defaults into their text gives the request the builder means to send; the
 * schema shown beside it is a separate copy.
 */
import { ungzip } from 'pako';

/** The parts of the theme's operation metadata (`frontMatter.api`) this module reads. */
interface ApiParameter {
  in: string;
  name: string;
  schema?: { default?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

/** The operation metadata with its parameters. */
export interface ApiMetadata {
  parameters?: ApiParameter[];
  [key: string]: unknown;
}

/**
 * Decodes the generator's `api` front matter (gzip, then base64), as the theme's ApiItem does.
 *
 * @returns the metadata, or `undefined` when `encoded` is not such a value.
 */
export function decodeApi(encoded: unknown): ApiMetadata | undefined {
  if (typeof encoded !== 'string') return typeof encoded === 'object' && encoded ? (encoded as ApiMetadata) : undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(ungzip(bytes)));
  } catch {
    return undefined;
  }
}

/** A copy of `api` whose parameters' numeric defaults are text (`1` → `"1"`); others are kept as they are. */
export function withTextPrefills(api: ApiMetadata): ApiMetadata {
  if (!api.parameters?.some((p) => typeof p.schema?.default === 'number')) return api;
  return {
    ...api,
    parameters: api.parameters.map((p) =>
      typeof p.schema?.default === 'number' ? { ...p, schema: { ...p.schema, default: String(p.schema.default) } } : p,
    ),
  };
}
