/**
 * The request an operation page shows before its explorer loads (../operationSample.ts), written as a docs
 * request sample; local/sandbox/__tests__/languages.test.ts runs every operation's in each language.
 */
import { parseRequestSample, toCurl } from '../apiSample';
import { explorerSampleOf } from '../operationSample';

describe('the request an operation page shows before its explorer loads', () => {
  it("fills a path parameter with the contract's example instead of its template", () => {
    const text = explorerSampleOf({
      method: 'get',
      path: '/documents/{document_id}/summary',
      parameters: [
        { name: 'document_id', in: 'path', required: true, example: '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77' },
        { name: 'refresh', in: 'query', schema: { example: true } },
      ],
    });
    // An optional query parameter stays out: the sample is the least request that runs.
    expect(text).toBe('GET /documents/3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77/summary');
    expect(toCurl(parseRequestSample(text))).not.toContain('{document_id}');
  });

  it('takes an example from `examples` or the schema, and a required query parameter', () => {
    const text = explorerSampleOf({
      method: 'get',
      path: '/domains/{domain}/tags',
      parameters: [
        { name: 'domain', in: 'path', required: true, examples: { credit: { value: 'consumer credit' } } },
        { name: 'version', in: 'query', required: true, schema: { example: 2 } },
      ],
    });
    expect(text).toBe('GET /domains/consumer%20credit/tags?version=2');
  });

  it("sends a POST's example body, so the sample is not answered 422", () => {
    const body = { publishers: [{ type: 'jurisdiction', value: 'GB-ENG' }], doctypes: ['Laws'] };
    const text = explorerSampleOf({ method: 'post', path: '/documents', jsonRequestBodyExample: body });
    expect(parseRequestSample(text)).toEqual({ method: 'POST', path: '/documents', query: [], body });
  });

  it('keeps the template of a path parameter the contract gives no example for', () => {
    expect(
      explorerSampleOf({ method: 'get', path: '/sanctions/{sanction_id}', parameters: [{ name: 'x', in: 'path' }] }),
    ).toBe('GET /sanctions/{sanction_id}');
  });
});
