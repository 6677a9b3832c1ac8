/**
 * @jest-environment node
 *
 * Every request sample in docs/ against the OpenAPI contract (issue #5): the path and method exist,
 * path and query parameters are declared and valid for their schemas, required ones are there, and the
 * JSON body is valid for the operation's request schema. A sample the API would reject fails here.
 */
import { parseRequestSample, type RequestSample } from '../../src/components/ApiSample/request';
import { ajv, ajvParams, apiSamples, docFiles, findOperation, inContract, refTo, resolve, type Node } from './contract';

/** Why the contract would reject `sample`, or an empty list. */
export function problemsOf(sample: RequestSample): string[] {
  const found = findOperation(sample.method, sample.path);
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

const samples = apiSamples();

describe('request samples in docs/', () => {
  it('exist', () => {
    expect(samples.length).toBeGreaterThanOrEqual(20);
  });

  it.each(samples.map(({ file, sample }) => [`${file}: ${sample.split('\n')[0]}`, sample]))(
    '%s is valid for the contract',
    (_name, sample) => {
      expect(problemsOf(parseRequestSample(sample))).toEqual([]);
    },
  );

  it('are all written as <ApiSample>, so none escapes this check', () => {
    const raw = docFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)]
        .filter((block) => /\$API_BASE|\/api\/v1\/customer\/|requests\.(get|post)\(|fetch\(/.test(block[1]))
        .map((block) => `${file}: ${block[1].split('\n')[0]}`),
    );
    expect(raw).toEqual([]);
  });
});

describe('the sample check itself', () => {
  it.each([
    ['GET /no-such-thing', /no operation/],
    ['DELETE /documents', /no operation/],
    ['POST /documents?page=0\n{}', /query parameter page must be >= 1/],
    ['POST /documents?pages=2\n{}', /query parameter pages is not a parameter/],
    ['POST /documents\n{"doctypes": ["Statutes"]}', /body\/doctypes\/0 must be equal to one of the allowed values/],
    ['POST /documents\n{"publishers": []}', /body\/publishers must NOT have fewer than 1 items/],
    ['POST /interrogator/search\n{"query": "too short"}', /body\/query must match pattern/],
    ['GET /documents/not-a-uuid', /path parameter document_id must match format "uuid"/],
    ['POST /documents', /needs a JSON body/],
  ])('rejects %j', (text, message) => {
    expect(problemsOf(parseRequestSample(text)).join('\n')).toMatch(message);
  });
});
