/**
 * @jest-environment node
 */
import { gzip } from 'pako';
import { decodeApi, withTextPrefills } from '../apiPrefill';

const api = {
  method: 'post',
  parameters: [
    { in: 'query', name: 'page', schema: { type: 'integer', minimum: 1, default: 1 } },
    { in: 'query', name: 'page_size', schema: { type: 'integer', default: 100 } },
    { in: 'query', name: 'refresh', schema: { type: 'boolean', default: false } },
    { in: 'path', name: 'document_id', schema: { type: 'string' }, example: '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77' },
  ],
};

describe('decodeApi', () => {
  it("reads the generator's gzip + base64 front matter", () => {
    const encoded = Buffer.from(gzip(JSON.stringify(api))).toString('base64');
    expect(decodeApi(encoded)).toEqual(api);
  });

  it('keeps an object as it is and gives up on anything else', () => {
    expect(decodeApi(api)).toBe(api);
    expect(decodeApi('not base64 gzip')).toBeUndefined();
    expect(decodeApi(undefined)).toBeUndefined();
  });
});

describe('withTextPrefills', () => {
  it('turns numeric defaults into text, so the request carries ?page=1&page_size=100', () => {
    const params = withTextPrefills(api).parameters!;
    expect(params.map((p) => p.schema?.default)).toEqual(['1', '100', false, undefined]);
    expect(params[0].schema).toEqual({ type: 'integer', minimum: 1, default: '1' });
  });

  it('returns the same object when there is nothing to change', () => {
    const plain = { parameters: [api.parameters[3]] };
    expect(withTextPrefills(plain)).toBe(plain);
  });
});
