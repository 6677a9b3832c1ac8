/**
 * @jest-environment node
 */
import { loadContract } from '../../../config/openapi';
import { contractDifferences } from '../diff';

const vendored = loadContract();
const remote = () => structuredClone(vendored);

describe('contractDifferences (what openapi:fetch prints)', () => {
  it('finds nothing between a contract and its copy', () => {
    expect(contractDifferences(vendored, remote())).toEqual([]);
  });

  it('names operations present on one side only, matching paths whatever their parameter names', () => {
    const other = remote();
    delete other.paths['/doctypes'];
    other.paths['/domains/{name}/tags'] = other.paths['/domains/{domain}/tags'];
    delete other.paths['/domains/{domain}/tags'];
    other.paths['/alerts'] = { get: { responses: { '200': { description: 'Alerts.' } } } };
    expect(contractDifferences(vendored, other)).toEqual([
      'GET /doctypes: operation only in the vendored copy',
      'GET /alerts: operation only in the remote',
    ]);
  });

  it('names parameters added, removed or made required', () => {
    const other = remote();
    const publishers = other.paths['/publishers'].get;
    publishers.parameters = [{ name: 'country', in: 'query', required: true, schema: { type: 'string' } }];
    other.components.parameters.PageSize.required = true;
    expect(contractDifferences(vendored, other)).toEqual(
      expect.arrayContaining([
        'GET /publishers: parameter query jurisdictions only in the vendored copy',
        'GET /publishers: parameter query country only in the remote',
        'POST /documents: parameter query page_size is required in the remote, not in the vendored copy',
      ]),
    );
  });

  it('names required fields and enums that differ, in request bodies and responses, by field path', () => {
    const other = remote();
    other.components.schemas.DocumentLite.required = ['document_id', 'title'];
    other.components.schemas.PublisherFilter.properties.type.enum = ['jurisdiction', 'publisher_id', 'country'];
    const lines = contractDifferences(vendored, other);
    expect(lines).toEqual(
      expect.arrayContaining([
        'POST /documents/lite: response 200 field [].title is required in the remote, not in the vendored copy',
        'GET /documents/{document_id}: response 200 field title is required in the remote, not in the vendored copy',
        'POST /documents: body field publishers[].type enum ["jurisdiction", "publisher_id"] in the vendored copy, ["jurisdiction", "publisher_id", "country"] in the remote',
      ]),
    );
  });

  it('names response statuses and fields present on one side only, through recursive schemas', () => {
    const other = remote();
    delete other.paths['/documents/{document_id}'].get.responses['404'];
    delete other.components.schemas.SectorCategory.properties.children;
    expect(contractDifferences(vendored, other)).toEqual([
      'GET /documents/{document_id}: response 404 only in the vendored copy',
      'GET /sectors: response 200 field [].children only in the vendored copy',
    ]);
  });
});
