/**
 * @jest-environment node
 *
 * Every request sample in docs/ against the OpenAPI contract: the path and method exist,
 * path and query parameters are declared and valid for their schemas, required ones are there, and the
 * JSON body is valid for the operation's request schema. A sample the API would reject fails here.
 */
import { parseRequestSample } from '../../rules/apiSample';
import { apiSamples, docFiles, scriptSamples } from '../../scripts/docs-check/contract';
import { problemsOf } from '../../scripts/docs-check/samples';

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

  it('are all written as <ApiSample> or as a titled script the tests run, so none escapes a check', () => {
    const raw = docFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/```([^\n`]*)\n([\s\S]*?)```/g)]
        .filter((block) => /\$API_BASE|\/api\/v1\/customer\/|requests\.(get|post|request)\(|fetch\(/.test(block[2]))
        .filter((block) => !/title="[^"]*\((curl|Python|TypeScript)\)"/.test(block[1]))
        .map((block) => `${file}: ${block[2].split('\n')[0]}`),
    );
    expect(raw).toEqual([]);
  });

  it('include scripts in each language, which scripts/docs-check/__tests__/guides.test.ts runs', () => {
    const languages = new Set(scriptSamples().map((script) => script.language));
    expect([...languages].sort()).toEqual(['Python', 'TypeScript', 'curl']);
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
