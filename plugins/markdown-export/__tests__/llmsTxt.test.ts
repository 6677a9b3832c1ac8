/**
 * @jest-environment node
 *
 * The description of an API page in `llms.txt` (and the search index) is read alone, without the page's
 * notes: when the node it is drawn from carries a note of what the provider has not confirmed, the line says
 * so (./export.ts `summaryOf`).
 */
import { loadContract } from '../../../config/openapi';
import { operations, schemaPageId } from '../../../rules/contract';
import { customerWordProblems } from '../../../rules/customerWords';
import { llmsTxtLinks } from '../../../rules/llmsTxt';
import { withAssumptionNotes } from '../../../scripts/openapi/assumptions';
import { llmsTxtOf, summaryOf, UNCONFIRMED_MARK } from '../export';
import type { Inventory, PageEntry } from '../inventory';
import type { ApiDocument } from '../openapi';

const SITE = 'https://portal.test';

const schemaPage = (name: string, description?: string): PageEntry => ({
  route: `/api/v1/schemas/${schemaPageId(name)}`,
  title: name,
  description,
  section: 'API schemas',
  body: { kind: 'schema', name: schemaPageId(name) },
});

describe('summaryOf: a description that rests on a note says so', () => {
  const doc: ApiDocument = {
    tags: [
      { name: 'Plain', description: 'Confirmed words. More.' },
      { name: 'Noted', description: 'A tag.', 'x-assumed': 'The provider has not confirmed the tag.' } as never,
    ],
    paths: {
      '/a': {
        get: {
          description: 'Returns a.\n\n_Assumed:_ The provider has not confirmed a.',
          'x-assumed': 'The provider has not confirmed a.',
        },
        post: { description: 'Makes a. Then more.' },
      },
    },
    components: {
      schemas: {
        Box: { description: 'A box, in points.', 'x-assumed': 'The provider has not confirmed the unit.' },
        Carried: { description: 'A list.\n\n_Assumed:_ The provider has not confirmed its items.' },
        Plain: { description: 'A plain thing. With two sentences.' },
        Bare: { 'x-assumed': 'The provider has not confirmed the shape.' },
      },
    },
  };

  it("marks a schema's description when the schema carries its own note", () => {
    expect(summaryOf(schemaPage('Box'), doc)).toBe(`A box, in points. ${UNCONFIRMED_MARK}`);
  });

  it("marks a description the bundle appended a note to (a part's or an item's), without the note", () => {
    expect(summaryOf(schemaPage('Carried'), doc)).toBe(`A list. ${UNCONFIRMED_MARK}`);
  });

  it("marks an operation's and a tag's description by their own notes", () => {
    const operation: PageEntry = {
      route: '/api/v1/get-a',
      title: 'Get a',
      section: 'API reference',
      body: { kind: 'operation', method: 'get', path: '/a' },
    };
    expect(summaryOf(operation, doc)).toBe(`Returns a. ${UNCONFIRMED_MARK}`);
    const tag = (name: string): PageEntry => ({
      route: `/api/v1/${name}`,
      title: name,
      section: 'Optional',
      body: { kind: 'tag', tag: name },
    });
    expect(summaryOf(tag('Noted'), doc)).toBe(`A tag. ${UNCONFIRMED_MARK}`);
    expect(summaryOf(tag('Plain'), doc)).toBe('Confirmed words.');
  });

  it('leaves a description with no note as its first sentence, and gives none for a node that says nothing', () => {
    expect(summaryOf(schemaPage('Plain'), doc)).toBe('A plain thing.');
    expect(summaryOf(schemaPage('Bare'), doc)).toBeUndefined();
  });

  it("gives a docs page the description its writer gave it (the docs' own test checks what it assumes)", () => {
    const page: PageEntry = {
      route: '/docs/x',
      title: 'X',
      description: 'What X is. And more.',
      section: 'Docs',
      body: { kind: 'source', file: '/site/docs/x.md', format: 'md' },
    };
    expect(summaryOf(page, doc)).toBe('What X is. And more.');
  });
});

describe("llms.txt of the portal's own contract, as the bundle gives it", () => {
  const contract = withAssumptionNotes(loadContract()) as unknown as ApiDocument & {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const raw = loadContract() as unknown as typeof contract;
  const schemaPages = Object.keys(raw.components.schemas).map((name) => schemaPage(name));
  const operationPages: PageEntry[] = operations(raw).map(({ method, path, operation }) => ({
    route: `/api/v1/${String(operation.operationId)}`,
    title: String(operation.summary ?? operation.operationId),
    section: 'API reference',
    body: { kind: 'operation', method, path },
  }));
  const pages = [...operationPages, ...schemaPages];
  const inventory: Inventory = { siteUrl: SITE, title: 'RegData', tagline: 'Regulatory content', pages };
  const lines = llmsTxtLinks(llmsTxtOf(inventory, pages, contract));
  const lineOf = (title: string) => lines.find((line) => line.title === title)?.description;

  it('marks the line of every schema and operation whose description has a note of its own', () => {
    const noted = [
      ...Object.entries(raw.components.schemas).flatMap(([name, schema]) =>
        schema['x-assumed'] && schema.description ? [name] : [],
      ),
      ...operations(raw).flatMap(({ operation }) =>
        operation['x-assumed'] && operation.description ? [String(operation.summary)] : [],
      ),
    ];
    expect(noted.length).toBeGreaterThan(5);
    const unmarked = noted.filter((title) => !lineOf(title)?.endsWith(UNCONFIRMED_MARK));
    expect(unmarked).toEqual([]);
  });

  it.each(['Jurisdiction', 'Coordinates', 'Signpost', 'Action', 'InterrogatorStatus', 'InterrogatorFeedback'])(
    '%s: its line says the provider has not confirmed all of it',
    (name) => {
      expect(lineOf(name)).toMatch(new RegExp(`${UNCONFIRMED_MARK.replace(/[.;]/g, '\\$&')}$`));
    },
  );

  it('marks the sector list, whose levels are assumed', () => {
    expect(lineOf('List sector categories')).toContain(UNCONFIRMED_MARK);
  });

  it("every line is in the customers' words", () => {
    const problems = lines.flatMap((line) =>
      customerWordProblems(`${line.title}: ${line.description ?? ''}`).map((p) => `${line.title}: ${p.found}`),
    );
    expect(problems).toEqual([]);
  });
});
