import {
  BODY_HEADER_PX,
  PARAMETER_GROUP_PX,
  PARAMETER_ROW_PX,
  PROPERTY_ROW_PX,
  parametersHeight,
  requestBodyHeight,
} from '../client/schemaHeight';

describe('placeholder heights of an operation page (layout shift)', () => {
  it('reserves nothing where the theme renders nothing: no parameters, no request body', () => {
    expect(parametersHeight(undefined)).toBe(0);
    expect(parametersHeight([])).toBe(0);
    expect(requestBodyHeight(undefined)).toBe(0);
    expect(requestBodyHeight({})).toBe(0);
  });

  it('grows with the parameters and their groups (path, query…)', () => {
    const two = parametersHeight([{ in: 'query' }, { in: 'query' }]);
    // In Chromium at the desktop width, /api/v1/search-documents' two query parameters take 218 px.
    expect(two).toBe(PARAMETER_GROUP_PX + 2 * PARAMETER_ROW_PX);
    expect(Math.abs(two - 218)).toBeLessThan(20);
    expect(parametersHeight([{ in: 'path' }, { in: 'query' }])).toBe(2 * PARAMETER_GROUP_PX + 2 * PARAMETER_ROW_PX);
  });

  it("grows with the request body's top-level properties, in the first media type", () => {
    const properties = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`field_${i}`, {}]));
    const height = requestBodyHeight({ content: { 'application/json': { schema: { properties } } } });
    // In Chromium at the desktop width, /api/v1/search-documents' 24 filters take 1,913 px.
    expect(height).toBe(BODY_HEADER_PX + 24 * PROPERTY_ROW_PX);
    expect(Math.abs(height - 1913) / 1913).toBeLessThan(0.1);
  });

  it('counts the properties of allOf parts and of array items', () => {
    const schema = { allOf: [{ properties: { a: {}, b: {} } }, { items: { properties: { c: {} } } }] };
    expect(requestBodyHeight({ content: { 'application/json': { schema } } })).toBe(
      BODY_HEADER_PX + 3 * PROPERTY_ROW_PX,
    );
  });
});
