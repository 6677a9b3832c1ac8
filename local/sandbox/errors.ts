/**
 * Request validation failures in the contract's `422` shape (spec §8.1: a list of entries with `loc`,
 * `msg`, `type`; `ValidationError` of the contract): Fastify's Ajv errors become one entry each, located
 * as `["body" | "query" | "path", …field path]`. The common JSON Schema keywords are named and worded as
 * FastAPI (pydantic v2) names them, the vocabulary of the contract's example, so "Send API request" against
 * the sandbox shows what the reference shows; a keyword pydantic has no name for keeps Ajv's.
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

/** An Ajv error as the sandbox's Ajv reports it (`verbose`: with the failing value). */
type AjvError = FastifySchemaValidationError & { data?: unknown };

/** pydantic's type and message for a value of the wrong JSON type; `parsing` when it was a string it could not read. */
const TYPES: Record<string, { type: string; parsing?: string; msg: string; parsingMsg?: string }> = {
  integer: {
    type: 'int_type',
    parsing: 'int_parsing',
    msg: 'Input should be a valid integer',
    parsingMsg: 'Input should be a valid integer, unable to parse string as an integer',
  },
  number: {
    type: 'float_type',
    parsing: 'float_parsing',
    msg: 'Input should be a valid number',
    parsingMsg: 'Input should be a valid number, unable to parse string as a number',
  },
  boolean: {
    type: 'bool_type',
    parsing: 'bool_parsing',
    msg: 'Input should be a valid boolean',
    parsingMsg: 'Input should be a valid boolean, unable to interpret input',
  },
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  array: { type: 'list_type', msg: 'Input should be a valid list' },
  object: { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' },
};

/**
 * pydantic's type and message for a string that does not read as the format. Each message names only what
 * the contract's format accepts: a `date` field takes no date-time, a `date-time` field no date and no
 * date-time without its offset, whatever pydantic's own lax parsing would take.
 */
const FORMATS: Record<string, { type: string; msg: string }> = {
  uuid: { type: 'uuid_parsing', msg: 'Input should be a valid UUID' },
  date: { type: 'date_parsing', msg: 'Input should be a valid date in the format YYYY-MM-DD' },
  'date-time': {
    type: 'datetime_parsing',
    msg: 'Input should be a valid datetime with a time zone offset, e.g. 2024-06-01T00:00:00Z',
  },
  uri: { type: 'url_parsing', msg: 'Input should be a valid URL' },
};

/**
 * The one entry for a value that is neither of the formats of a `date` or `date-time` alternative (the
 * contract's `LastUpdatedBound`), which Ajv reports as one error per alternative.
 */
const DATE_OR_DATE_TIME = {
  type: 'datetime_from_date_parsing',
  msg: 'Input should be a valid datetime or date: a date (2024-06-01) or a datetime with a time zone offset (2024-06-01T00:00:00Z)',
};

/** Whether `error` is a string that does not read as `format`. */
const isFormat = (error: FastifySchemaValidationError, format: string) =>
  error.keyword === 'format' && (error.params as { format?: unknown }).format === format;

/** `'a', 'b' or 'c'`, as pydantic lists the values an input may take. */
function alternatives(values: unknown[]): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value)));
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : quoted.join('');
}

/** `1 character`, `3 characters`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The length pydantic quotes after `not` for a list. */
function length(data: unknown): string {
  return Array.isArray(data) ? `, not ${data.length}` : '';
}

/** pydantic's `type` and `msg` for one Ajv error, or Ajv's keyword and message when pydantic has no name for it. */
function vocabulary(error: AjvError): { type: string; msg: string } {
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', msg: 'Field required' };
    case 'additionalProperties':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    case 'minimum':
      return { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${limit}` };
    case 'maximum':
      return { type: 'less_than_equal', msg: `Input should be less than or equal to ${limit}` };
    case 'exclusiveMinimum':
      return { type: 'greater_than', msg: `Input should be greater than ${limit}` };
    case 'exclusiveMaximum':
      return { type: 'less_than', msg: `Input should be less than ${limit}` };
    case 'minLength':
      return { type: 'string_too_short', msg: `String should have at least ${plural(limit, 'character')}` };
    case 'maxLength':
      return { type: 'string_too_long', msg: `String should have at most ${plural(limit, 'character')}` };
    case 'minItems':
      return {
        type: 'too_short',
        msg: `List should have at least ${plural(limit, 'item')} after validation${length(error.data)}`,
      };
    case 'maxItems':
      return {
        type: 'too_long',
        msg: `List should have at most ${plural(limit, 'item')} after validation${length(error.data)}`,
      };
    case 'pattern':
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${String(params.pattern)}'` };
    case 'enum':
      return { type: 'enum', msg: `Input should be ${alternatives(params.allowedValues as unknown[])}` };
    case 'const':
      return { type: 'literal_error', msg: `Input should be ${alternatives([params.allowedValue])}` };
    case 'format': {
      const format = FORMATS[String(params.format)];
      if (format) return format;
      break;
    }
    case 'type': {
      // `[string, 'null']` arrives as "string,null": the first type not null is the one pydantic names.
      const expected = String(params.type)
        .split(',')
        .find((name) => name !== 'null');
      const entry = expected ? TYPES[expected] : undefined;
      if (entry) {
        const parsing = typeof error.data === 'string' && entry.parsing;
        return parsing ? { type: parsing, msg: entry.parsingMsg ?? entry.msg } : { type: entry.type, msg: entry.msg };
      }
      break;
    }
  }
  return { type: String(error.keyword), msg: error.message ?? 'Invalid value' };
}

/**
 * @param errors - the Ajv errors Fastify attached to a failed validation (`error.validation`).
 * @param context - Fastify's `error.validationContext` (`body`, `querystring`, `params`, `headers`).
 * @returns the `detail` list of a `422` body.
 */
export function toValidationDetail(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): ValidationDetail[] {
  // Ajv follows the entries of each failed alternative with one saying that no alternative matched, and
  // those of a failed `then` with one saying that it failed; pydantic lists the entries only.
  const summaries = ['oneOf', 'anyOf', 'if'];
  const entries = errors.filter(
    (error) => !summaries.includes(error.keyword) || errors.every((other) => summaries.includes(other.keyword)),
  );
  // A value that is neither a date nor a date-time fails both alternatives at one place: one entry says so.
  const dateOrDateTime = new Set(
    entries
      .filter((error) => isFormat(error, 'date'))
      .map((error) => error.instancePath)
      .filter((at) => entries.some((error) => error.instancePath === at && isFormat(error, 'date-time'))),
  );
  const described = entries.filter(
    (error) => !(dateOrDateTime.has(error.instancePath) && isFormat(error, 'date-time')),
  );
  return described.map((error) => {
    const path = error.instancePath
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const params = error.params as Record<string, unknown>;
    // A missing or unknown field is located at the field itself, as pydantic locates it.
    const missing = typeof params.missingProperty === 'string' ? [params.missingProperty] : [];
    const extra = typeof params.additionalProperty === 'string' ? [params.additionalProperty] : [];
    const { type, msg } = dateOrDateTime.has(error.instancePath) ? DATE_OR_DATE_TIME : vocabulary(error);
    return { loc: [PARTS[context ?? 'body'] ?? context ?? 'body', ...path, ...missing, ...extra], msg, type };
  });
}
