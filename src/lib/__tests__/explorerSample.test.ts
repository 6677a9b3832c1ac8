import * as sdk from 'postman-collection';

import { credentialsOfRequest, explorerSampleOf, sampleOfRequest, type PostmanRequest } from '../explorerSample';
import { parseRequestSample, toCurl } from '@site/rules/apiSample';

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
    const body = { publishers: [{ type: 'jurisdiction', value: 'GB' }], doctypes: ['Laws'] };
    const text = explorerSampleOf({ method: 'post', path: '/documents', jsonRequestBodyExample: body });
    expect(parseRequestSample(text)).toEqual({ method: 'POST', path: '/documents', query: [], body });
  });

  it('keeps the template of a path parameter the contract gives no example for', () => {
    expect(
      explorerSampleOf({ method: 'get', path: '/sanctions/{sanction_id}', parameters: [{ name: 'x', in: 'path' }] }),
    ).toBe('GET /sanctions/{sanction_id}');
  });
});

describe("the explorer's own request, as its code samples show it", () => {
  const BASE = 'http://localhost:4010/api/v1/customer';
  /** A request as the theme's buildPostmanRequest makes it: the server as host, the path's variables, the fields. */
  const request = (path: string, variables: Record<string, string>, query: string, raw?: string) =>
    new sdk.Request({
      method: raw === undefined ? 'GET' : 'POST',
      url: {
        host: [BASE],
        path,
        variable: Object.entries(variables).map(([key, value]) => ({ key, value })),
        query: sdk.QueryParam.parse(query),
      },
      header: [{ key: 'Authorization', value: 'Bearer eyJ.reader.token' }],
      ...(raw === undefined ? {} : { body: { mode: 'raw', raw } }),
    }) as unknown as PostmanRequest;

  it('is the docs sample of the same request: path values, query and JSON body', () => {
    const filled = sampleOfRequest(
      request('/documents/:document_id/summary', { document_id: 'abc' }, 'page=2&doctypes=Laws', '{"title": "x"}'),
      'application/json',
    );
    expect(filled).toEqual({
      sample: parseRequestSample('POST /documents/abc/summary?page=2&doctypes=Laws\n{"title": "x"}'),
    });
  });

  it('keeps an empty path parameter as its {name}, and says what to fix in a body that is not JSON', () => {
    const empty = sampleOfRequest(request('/documents/:document_id', {}, ''), 'application/json');
    expect('sample' in empty && toCurl(empty.sample)).toContain('"$API_BASE/documents/{document_id}"');
    expect(sampleOfRequest(request('/documents', {}, '', '{"title": '), 'application/json')).toEqual({
      error: expect.stringMatching(/^The body is not JSON \(.+\): correct it in the Body field\.$/),
    });
  });

  it('with "Use my token", holds the explorer\'s server and bearer token', () => {
    expect(credentialsOfRequest(request('/sectors', {}, ''))).toEqual({ base: BASE, token: 'eyJ.reader.token' });
  });
});
