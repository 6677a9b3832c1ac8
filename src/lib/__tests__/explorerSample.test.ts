import * as sdk from 'postman-collection';

import { credentialsOfRequest, sampleOfRequest, type PostmanRequest } from '../explorerSample';
import { parseRequestSample, toCurl } from '@site/rules/apiSample';

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
