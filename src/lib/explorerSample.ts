/**
 * The explorer's own request (its fields as the reader fills them) as a docs request sample, for the explorer's
 * code samples (src/theme/ApiExplorer/CodeSnippets): {@link sampleOfRequest}. The request an operation page
 * shows before its explorer has loaded is rules/operationSample.ts's.
 */
import type buildPostmanRequest from '@theme/ApiExplorer/buildPostmanRequest';
import type { RequestSample, SampleCredentials } from '../../rules/apiSample';

/** The explorer's request as the theme builds it (a postman-collection Request; src/types/openapi-theme.d.ts). */
export type PostmanRequest = ReturnType<typeof buildPostmanRequest>;

/** The request as a sample, or what the reader must fix in the explorer's fields for there to be one. */
export type SampleOrError = { sample: RequestSample } | { error: string };

/** A path variable postman has no value for (`:document_id`), written as the contract's template (`{document_id}`). */
const UNFILLED_VARIABLE = /(^|\/):(\w+)/g;

/**
 * The explorer's request as a docs request sample: its path relative to the server (a path parameter left empty
 * keeps its `{name}`), its query, and its body, which the samples send as JSON.
 */
export function sampleOfRequest(request: PostmanRequest, contentType: string): SampleOrError {
  const path = request.url.getPath().replace(UNFILLED_VARIABLE, '$1{$2}');
  const query = request.url.query
    .all()
    .filter((parameter) => !parameter.disabled && parameter.key)
    .map((parameter): [string, string] => [parameter.key ?? '', parameter.value ?? '']);
  const raw = request.body?.mode === 'raw' ? (request.body.raw ?? '').trim() : '';
  let body: unknown;
  if (raw) {
    if (!/json/i.test(contentType)) return { error: `The samples send JSON bodies; this body is ${contentType}.` };
    try {
      body = JSON.parse(raw);
    } catch (error) {
      return { error: `The body is not JSON (${(error as Error).message}): correct it in the Body field.` };
    }
  }
  return { sample: { method: request.method.toUpperCase() as RequestSample['method'], path, query, body } };
}

/** The explorer's server URL and bearer token, as "Use my token" puts them in a sample. */
export function credentialsOfRequest(request: PostmanRequest): SampleCredentials {
  const authorization = request.headers.get('Authorization') ?? '';
  return {
    base: (request.url.host ?? []).join('.').replace(/\/$/, ''),
    token: authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : authorization,
  };
}
