/**
 * @jest-environment node
 *
 * Facts stated in the docs against the OpenAPI contract: enumerations shown in tables,
 * ranges and defaults in prose, and a link from the docs to every operation of the reference.
 */
import { PLACEHOLDER } from '../../scripts/docs-check/check';
import { allOperations, contract, docFiles, docText, resolve, tableRows } from '../../scripts/docs-check/contract';

const docs = docFiles();
const doc = docText;

/** First-column values of the Markdown table whose header row starts with `| <header> |`. */
const firstColumn = (text: string, header: string): string[] =>
  tableRows(text, header).map((cells) => cells[0].replace(/`/g, ''));

const schema = (name: string) => resolve(contract.components.schemas[name]);

describe('enumerations in the docs are the contract’s', () => {
  it('document types: the 17 doctypes, in order', () => {
    expect(firstColumn(doc('docs/document_format/document-types.md'), 'Doctype')).toEqual(schema('Doctype').enum);
  });

  it.each(['docs/document_format/schema.md', 'docs/api/searching.mdx'])('restriction levels in %s', (file) => {
    expect(firstColumn(doc(file), 'Restriction')).toEqual(schema('Restriction').enum);
  });

  it('Interrogator statuses', () => {
    expect(firstColumn(doc('docs/services/interrogator.mdx'), 'Status')).toEqual(schema('InterrogatorStatus').enum);
  });

  it('Interrogator 400 messages', () => {
    const examples = resolve(contract.paths['/interrogator/search'].post.responses['400']).content['application/json']
      .examples;
    const messages = Object.values(examples).map((example) => (example as { value: { detail: string } }).value.detail);
    expect(firstColumn(doc('docs/services/interrogator.mdx'), 'Message').sort()).toEqual(messages.sort());
  });

  it('every Document field is in the schema table, and nothing else', () => {
    const lite = Object.keys(schema('DocumentLite').properties);
    const full = Object.keys(resolve(schema('Document').allOf[1]).properties);
    expect(firstColumn(doc('docs/document_format/schema.md'), 'Field').sort()).toEqual([...lite, ...full].sort());
  });

  it('the document filter table names every filter field', () => {
    const fields = Object.keys(schema('DocumentFilters').properties);
    const documented = firstColumn(doc('docs/api/searching.mdx'), 'Field').flatMap((cell) => cell.split(/,\s*/));
    expect(documented.sort()).toEqual(fields.sort());
  });
});

describe('ranges and defaults in the docs are the contract’s', () => {
  it('publisher rankings run from 1 to 14', () => {
    const ranking = schema('HierarchyRanking');
    expect(doc('docs/document_format/publisher-hierarchy-ranking.md')).toContain(
      `from ${ranking.minimum} to ${ranking.maximum}; a lower ranking is more authoritative`,
    );
  });

  it('pagination defaults: page 1, page_size 100', () => {
    const page = resolve(contract.components.parameters.Page).schema;
    const pageSize = resolve(contract.components.parameters.PageSize).schema;
    const text = doc('docs/api/pagination.mdx');
    expect(text).toMatch(new RegExp(`\\|\\s*\`page\`\\s*\\|\\s*${page.default}\\s*\\|\\s*${page.minimum} or more\\s*\\|`));
    expect(text).toMatch(new RegExp(`\\|\\s*\`page_size\`\\s*\\|\\s*${pageSize.default}\\s*\\|`));
  });

  it('Interrogator: 15 characters, 1 to 100 results, 5 words', () => {
    const text = doc('docs/services/interrogator.mdx');
    const query = schema('InterrogatorSearchRequest').properties.query.pattern;
    expect(query).toContain('{15}');
    expect(text).toContain('at least 15 characters');
    const results = schema('InterrogatorSummaryRequest').properties.results;
    expect(text).toContain(`${results.minItems} to ${results.maxItems} result pages`);
    expect(schema('InterrogatorFeedback').properties.feedback.pattern).toContain('{4}');
    expect(text).toContain('at least 5 words');
  });
});

describe('coverage', () => {
  it.each(allOperations().map((op) => [`${op.method} ${op.template}`, op.slug]))(
    '%s is described in the docs and linked to its /api page',
    (_name, slug) => {
      expect(docs.some(({ text }) => text.includes(`(/api/v1/${slug})`))).toBe(true);
    },
  );

  it('no page is a placeholder', () => {
    const placeholders = docs.filter(({ text }) => PLACEHOLDER.test(text));
    expect(placeholders.map(({ file }) => file)).toEqual([]);
  });
});
