/**
 * @jest-environment node
 *
 * `npm start`'s search bar index, made from the pages as they are (plugins/dev-search/themeIndex.ts), in the layout
 * of the built `search-index.json`: loaded as the theme's search worker loads it (lunr's `Index.load`, one index
 * per kind of document), it finds a page by a word of its text, title or heading, and leaves out the pages the built
 * site's search leaves out. It is made again only when the pages change.
 */
import path from 'node:path';
import type { SearchPage } from '../../../rules/contentFiles';
import { liveThemeSearchIndex, loadPluginInternals, themeSearchIndex, type ThemeDocument } from '../themeIndex';

const SITE = path.resolve(__dirname, '../../..');

const PAGES: SearchPage[] = [
  {
    route: '/docs/api/pagination',
    title: 'Pagination',
    description: 'How lists are paged.',
    sections: [
      { text: 'Every list answers a page at a time.', code: '' },
      { heading: 'Cursors', anchor: 'cursors', text: 'A quokkaphrase marks the next page.', code: 'curl -s …' },
    ],
  },
  { route: '/blog/welcome', title: 'Welcome', sections: [{ text: 'The blog opens.', code: '' }] },
  { route: '/contact', title: 'Contact', sections: [{ text: 'A standalone quokkaphrase page.', code: '' }] },
];

/** A loaded lunr index, as much as the test queries. */
interface LunrIndex {
  search(query: string): { ref: string }[];
}

/** The lunr the theme's worker loads its index with (the search plugin's own dependency). */
const LUNR = require.resolve('lunr', { paths: [require.resolve('@easyops-cn/docusaurus-search-local/package.json')] });
// eslint-disable-next-line @typescript-eslint/no-require-imports -- lunr ships no types; the plugin's copy is the one used
const lunr = require(LUNR) as { Index: { load(serialized: object): LunrIndex } };

/** The index as the theme's worker reads it: each kind of document with its loaded lunr index. */
function load(json: string): { documents: ThemeDocument[]; index: LunrIndex }[] {
  return (JSON.parse(json) as { documents: ThemeDocument[]; index: object }[]).map(({ documents, index }) => ({
    documents,
    index: lunr.Index.load(index),
  }));
}

/** The URL and anchor of every document a search for `word` finds. */
function hits(json: string, word: string): string[] {
  return load(json).flatMap(({ documents, index }) =>
    index.search(word).map(({ ref }) => {
      const document = documents.find((doc) => String(doc.i) === ref);
      return `${document?.u}${document?.h ?? ''}`;
    }),
  );
}

it('finds a page by a word of its text, in its section, and by its title and heading', () => {
  const json = themeSearchIndex(PAGES, SITE);
  expect(load(json)).toHaveLength(5);
  expect(hits(json, 'quokkaphrase')).toEqual(['/docs/api/pagination#cursors']);
  expect(hits(json, 'pagination')).toContain('/docs/api/pagination');
  expect(hits(json, 'cursors')).toContain('/docs/api/pagination#cursors');
  expect(hits(json, 'blog')).toEqual(['/blog/welcome']);
});

it('leaves out the pages the site’s search leaves out (indexPages is off)', () => {
  expect(hits(themeSearchIndex(PAGES, SITE), 'standalone')).toEqual([]);
});

it('is made again when the pages change, and only then', async () => {
  let pages = Promise.resolve(PAGES.slice(1));
  const index = liveThemeSearchIndex(() => pages, SITE);
  const before = await index();
  expect(await index()).toBe(before);
  expect(hits(before, 'quokkaphrase')).toEqual([]);
  pages = Promise.resolve(PAGES);
  expect(hits(await index(), 'quokkaphrase')).toEqual(['/docs/api/pagination#cursors']);
});

it('finds the search plugin’s internals it builds with (after an upgrade, a failure here names the plugin)', () => {
  expect(() => loadPluginInternals()).not.toThrow();
});
