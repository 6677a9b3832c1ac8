/**
 * @jest-environment node
 *
 * Facts stated in the docs against the OpenAPI contract: enumerations shown in tables,
 * ranges and defaults in prose, and a link from the docs to every operation of the reference.
 */
import { PLACEHOLDER } from '../../scripts/docs-check/check';
import { allOperations, contract, docFiles, docText, resolve, tableRows } from '../../scripts/docs-check/contract';
import { envSource as readEnvSource } from '../support/envSource';

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

describe('what one page says another page says, that page says', () => {
  it('the Interrogator guide polls as long as the polling budget of Errors and retries: two minutes', () => {
    const errors = doc('docs/api/errors.mdx');
    const guide = doc('docs/services/interrogator.mdx');
    const budget = Number(/BUDGET_SECONDS = (\d+)/.exec(errors)?.[1]);
    expect(budget).toBe(120);
    // Each language's poll: how many times, one second apart.
    const polls = [...guide.matchAll(/seq 1 (\d+)|range\((\d+)\)|attempt < (\d+)/g)].map((m) =>
      Number(m[1] ?? m[2] ?? m[3]),
    );
    expect(polls).toEqual([budget, budget, budget]);
    expect(guide).toMatch(/sleep 1\n[\s\S]*time\.sleep\(1\)[\s\S]*setTimeout\(resolve, 1000\)/);
    for (const text of [errors, guide]) expect(text.replace(/\s+/g, ' ')).toMatch(/after two minutes/);
  });

  it('a link that a filter is "described in" leads to a page that describes that filter', () => {
    const fields = Object.keys(schema('DocumentFilters').properties);
    // Sentence by sentence (a full stop and a space end one; `0.7` and "e.g." do not).
    const cited = docs.flatMap(({ file, text }) =>
      text
        .replace(/\s+/g, ' ')
        .replaceAll('e.g.', 'eg')
        .split(/\.\s/)
        .filter((sentence) => sentence.includes('as described in'))
        .flatMap((sentence) => {
          const field = /`(\w+)` filter/.exec(sentence)?.[1];
          const links = sentence.slice(sentence.indexOf('as described in')).matchAll(/\]\((\/docs\/[^)#]+)/g);
          return field ? [...links].map((link) => ({ file, field, link: link[1] })) : [];
        }),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const { file, field, link } of cited) {
      const page = docs.find((d) => d.file.replace(/\.mdx?$/, '') === decodeURI(link).slice(1));
      expect({ file, link, found: Boolean(page) }).toEqual({ file, link, found: true });
      expect({ file, field, known: fields.includes(field) }).toEqual({ file, field, known: true });
      expect({ file, field, link, describes: page!.text.includes(`"${field}"`) }).toEqual({
        file,
        field,
        link,
        describes: true,
      });
    }
  });

  it('a path the provider lists with a trailing slash is documented with it, its absence marked as unconfirmed', () => {
    const slashed = allOperations().filter((op) => op.template.endsWith('/'));
    expect(slashed.map((op) => op.template).sort()).toEqual(['/frameworks/', '/sanctions/']);
    for (const op of slashed) {
      // A page that links the operation says it, whole: write the slash, and that the provider has not confirmed
      // what its API answers without (the sample API's 404 is no promise of the provider's).
      const says = docs
        .filter(({ text }) => text.includes(`(/api/v1/${op.slug})`))
        .map(({ text }) => text.replace(/\s+/g, ' '))
        .some(
          (text) =>
            text.includes(`The path ends in a slash, \`${op.template}\`, as the provider lists it: write it so.`) &&
            text.includes('The provider has not confirmed what its API answers without the trailing slash'),
        );
      expect({ path: op.template, says }).toEqual({ path: op.template, says: true });
    }
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

describe('a local address in prose says its port is a default, and which setting moves it', () => {
  // Each port a local service listens on, by the setting that moves it: config/env.ts and its parts in
  // config/env/ read each as `readPort(env, '<SETTING>', <default>)`.
  const envSource = readEnvSource();
  const settingOf = new Map(
    [...envSource.matchAll(/readPort\(env, '([A-Z_]+)', (\d+)\)/g)].map(([, setting, port]) => [port, setting]),
  );

  it('reads the ports of config/env.ts', () => {
    expect(settingOf.get('4010')).toBe('SANDBOX_PORT');
    expect(settingOf.get('9229')).toBe('LOCAL_IDENTITY_PORT');
  });

  it('every `localhost:<port>` outside code blocks names that setting in its paragraph', () => {
    const unexplained = docs.flatMap(({ file, text }) =>
      text
        .replace(/```[\s\S]*?```/g, '')
        .split(/\n\s*\n/)
        .flatMap((paragraph) =>
          [...paragraph.matchAll(/localhost:(\d+)/g)].flatMap(([address, port]) => {
            const setting = settingOf.get(port);
            return setting && paragraph.includes(`\`${setting}\``) && /\bdefault\b/.test(paragraph)
              ? []
              : [`${file}: ${address} (${setting ?? 'no setting of config/env.ts has this default'})`];
          }),
        ),
    );
    expect(unexplained).toEqual([]);
  });
});
