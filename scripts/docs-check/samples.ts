/**
 * Whether the API would accept a docs request sample, checked against the OpenAPI contract:
 * the operation exists, path and query parameters are declared and valid, required ones are there, and
 * the JSON body is valid for the operation's request schema. Used by tests/docs and `npm run check:docs`.
 */
import type { RequestSample } from '../../rules/apiSample';
import { findOperation } from '../../rules/contract';
import { ajv, ajvParams, contract, inContract, refTo, resolve, type Node } from './contract';

/** Why the contract would reject `sample` (one sentence each), or an empty list. */
export function problemsOf(sample: RequestSample): string[] {
  const found = findOperation(contract, sample.method, sample.path);
  if (!found) return [`no operation ${sample.method} ${sample.path} in the contract`];
  const { template, operation, pathItem, pathValues } = found;
  const problems: string[] = [];
  const parameters: Node[] = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);

  const check = (where: string, schema: object, data: unknown, params = false) => {
    const validate = (params ? ajvParams : ajv).compile(inContract(schema));
    if (!validate(data)) {
      problems.push(...(validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}`));
    }
  };

  for (const param of parameters.filter((p) => p.in === 'path')) {
    check(`path parameter ${param.name}`, param.schema, decodeURIComponent(pathValues[param.name] ?? ''), true);
  }
  const queryParams = parameters.filter((p) => p.in === 'query');
  const query: Record<string, unknown> = {};
  for (const [name, value] of sample.query) {
    const param = queryParams.find((p) => p.name === name);
    if (!param) {
      problems.push(`query parameter ${name} is not a parameter of ${sample.method} ${template}`);
      continue;
    }
    query[name] = param.schema?.type === 'array' ? [...((query[name] as unknown[]) ?? []), value] : value;
  }
  for (const param of queryParams) {
    if (param.required && !(param.name in query)) problems.push(`required query parameter ${param.name} is missing`);
    if (param.name in query) check(`query parameter ${param.name}`, param.schema, query[param.name], true);
  }

  const requestBody = resolve(operation.requestBody);
  if (sample.body === undefined) {
    if (requestBody?.required) problems.push(`${sample.method} ${template} needs a JSON body`);
  } else if (!requestBody) {
    problems.push(`${sample.method} ${template} takes no body`);
  } else {
    const pointer = operation.requestBody.$ref
      ? (operation.requestBody.$ref as string).slice(2).split('/')
      : ['paths', template, sample.method.toLowerCase(), 'requestBody'];
    check('body', refTo(...pointer, 'content', 'application/json', 'schema'), structuredClone(sample.body));
  }
  return problems;
}
