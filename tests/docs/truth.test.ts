/**
 * @jest-environment node
 *
 * The contract and the docs say only what the spec says (issue #10): each test here failed on the
 * contract or the docs as they stood before the fix it guards, and names the point of the issue.
 */
import { ajv, contract, docFiles, docText, refTo, resolve, tableRows } from './contract';

const doc = docText;

/** The cells of the row whose first cell is `first`, in the Markdown table headed `| <header> |`. */
function row(text: string, header: string, first: string): string[] {
  const found = tableRows(text, header).find((cells) => cells[0].replace(/`/g, '') === first);
  if (!found) throw new Error(`no row "${first}" in the table headed "${header}"`);
  return found;
}

describe('point 2: a 403 is a permission denial (spec §8.1), not a token to renew', () => {
  const text = doc('docs/api/getting-started.mdx');

  it('the error table says what spec §8.1 says a 403 means', () => {
    const [, when, body] = row(text, 'Status', '403');
    expect(when).toBe('The caller does not have permission to access the requested resource');
    expect(body).toContain('User does not have permission to access the requested resource.');
  });

  it('no page tells readers to sign in again when the API answers 403', () => {
    for (const { file, text: page } of docFiles()) {
      expect({ file, advice: /(sign in again|re-?authenticate)[^.]*\b403\b/i.test(page.replace(/\n/g, ' ')) }).toEqual({
        file,
        advice: false,
      });
    }
  });
});

describe('point 7: limits the spec sets hold everywhere they apply', () => {
  it('the sector filter refuses a level the spec does not define', () => {
    const filter = refTo('components', 'schemas', 'SectorFilter');
    expect(ajv.validate(filter, { level_1: ['Banking'] })).toBe(true);
    expect(ajv.validate(filter, { level_5: ['Banking'] })).toBe(false);
    expect(ajv.validate(filter, { level_1: ['Banking'], level_5: ['Banking'] })).toBe(false);
  });

  it("a document's initiative names are at least 3 characters, as the initiatives' own", () => {
    const initiative = refTo('components', 'schemas', 'Initiative');
    const inDocument = refTo('components', 'schemas', 'Document', 'allOf', '1', 'properties', 'initiatives', 'items');
    expect(resolve(contract.components.schemas.Initiative).properties.name.minLength).toBe(3);
    for (const schema of [initiative, inDocument]) {
      expect(ajv.validate(schema, { id: 1, name: 'EU' })).toBe(false);
      expect(ajv.validate(schema, { id: 1, name: 'MiCA' })).toBe(true);
    }
  });

  it('the Interrogator page gives the 15-character rule whole each time: other than white space', () => {
    const text = doc('docs/services/interrogator.mdx').replace(/\s+/g, ' ');
    const mentions = text.match(/at least 15 characters[^.,;)]*/g) ?? [];
    expect(mentions.length).toBeGreaterThan(0);
    for (const mention of mentions) expect(mention).toContain('other than white space');
  });
});

describe('point 4: the Interrogator payloads are the ones spec §7.1 gives, nothing invented', () => {
  const feedback = contract.paths['/interrogator/feedback'].post;

  it('the feedback body is is_satisfied and feedback, and nothing else', () => {
    const body = refTo('components', 'schemas', 'InterrogatorFeedback');
    const words = 'The top result answered my question exactly.';
    expect(ajv.validate(body, { is_satisfied: true, feedback: words })).toBe(true);
    expect(ajv.validate(body, { request_id: '9b2d7c1e-45f0-4a8e-b1c3-6d2e8f0a1b22', is_satisfied: true, feedback: words })).toBe(
      false,
    );
  });

  it('the feedback response has no body: the spec shows none', () => {
    for (const response of Object.values(feedback.responses).map(resolve)) {
      if (String((response as { description: string }).description).match(/recorded/i)) {
        expect((response as { content?: unknown }).content).toBeUndefined();
      }
    }
  });

  it('a search is accepted with its request_id alone, as spec §7.1 says it returns', () => {
    const accepted = refTo('paths', '/interrogator/search', 'post', 'responses', '200', 'content', 'application/json', 'schema');
    expect(ajv.validate(accepted, { request_id: '9b2d7c1e-45f0-4a8e-b1c3-6d2e8f0a1b22' })).toBe(true);
  });
});

describe('point 5: the server, not the schema, judges Interrogator publisher ids and jurisdictions (spec §8.1: 400)', () => {
  it('a malformed publisher id or jurisdiction passes schema validation, so the server can answer 400', () => {
    const search = refTo('components', 'schemas', 'InterrogatorSearchRequest');
    const query = 'What are the reporting duties for consumer credit firms?';
    expect(ajv.validate(search, { query, publisher_ids: ['not a publisher id'] })).toBe(true);
    expect(ajv.validate(search, { query, jurisdictions: ['Neverland'] })).toBe(true);
    expect(ajv.validate(search, { query, publisher_ids: [42] })).toBe(false);
  });
});

describe('point 8: the framework paths overlap at `control`, and the contract and docs say so', () => {
  it('a framework id `control` is refused by the contract, and both the parameter and the docs explain why', () => {
    const frameworkId = resolve(contract.components.parameters.FrameworkId);
    const idSchema = refTo('components', 'parameters', 'FrameworkId', 'schema');
    expect(ajv.validate(idSchema, 'nist-csf-2.0')).toBe(true);
    expect(ajv.validate(idSchema, 'control')).toBe(false);
    expect(frameworkId.description).toMatch(/`control`[^.]*\/frameworks\/control\/\{control_id\}/);
    expect(doc('docs/api/getting-started.mdx').replace(/\s+/g, ' ')).toMatch(
      /no framework id can be `control`[^.]*\/frameworks\/control\/\{control_id\}/i,
    );
  });
});
