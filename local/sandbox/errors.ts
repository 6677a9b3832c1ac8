/**
 * Request validation failures in the contract's `422` shape (spec §8.1: a list of entries with `loc`,
 * `msg`, `type`; `ValidationError` of the contract): Fastify's Ajv errors become one entry each, located
 * as `["body" | "query" | "path", …field path]`.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema';

/** One entry of a `422` body. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** Fastify's name of a request part → the name the contract's `loc` uses. */
const PARTS: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * @param errors - the Ajv errors Fastify attached to a failed validation (`error.validation`).
 * @param context - Fastify's `error.validationContext` (`body`, `querystring`, `params`, `headers`).
 * @returns the `detail` list of a `422` body.
 */
export function toValidationDetail(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): ValidationDetail[] {
  return errors.map((error) => {
    const path = error.instancePath
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const params = error.params as Record<string, unknown>;
    const missing = typeof params.missingProperty === 'string' ? [params.missingProperty] : [];
    const extra = typeof params.additionalProperty === 'string' ? [params.additionalProperty] : [];
    const extraMsg = extra.length ? `Extra inputs are not permitted` : undefined;
    return {
      loc: [PARTS[context ?? 'body'] ?? context ?? 'body', ...path, ...missing, ...extra],
      msg: extraMsg ?? (missing.length ? 'Field required' : (error.message ?? 'Invalid value')),
      type: String(error.keyword),
    };
  });
}
