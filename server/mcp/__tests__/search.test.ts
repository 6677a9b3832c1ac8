/**
 * @jest-environment node
 *
 * What `search_docs` finds, on a few pages written like the portal's: a question finds the page that
 * answers it (any word may match, stop words drop out, stems match), keywords still work, a typo still
 * finds its word, each page is one hit at its best section with that section's anchor and a snippet that
 * shows the word found, and what is no word (stop words alone, `*`, a blob of letters) finds nothing.
 * ./searchQuestions.test.ts measures the same on the real docs.
 */
import type { SearchPage } from '../../../rules/contentFiles';
import {
  loadSearchIndex,
  MAX_QUERY_CHARS,
  MAX_WORD_CHARS,
  queryTerms,
  SearchIndexLayoutError,
  searchIndexOf,
  SNIPPET_CHARS,
} from '../search';

const LONG_INTRO =
  'Every request carries a bearer token. The API host answers under /api/v1/customer, and each operation has ' +
  'its page in the reference with its parameters, its schemas and a sample in curl, Python and TypeScript. ' +
  'The samples read the base URL from API_BASE and the token from TOKEN. ';

const PAGES: SearchPage[] = [
  {
    route: '/docs/api/tokens',
    title: 'Tokens for scripts',
    description: 'How a script signs in for an access token, calls the API with it and refreshes it before it expires.',
    sections: [
      { text: 'A script signs in with its username and password, then sends the access token to the API.', code: '' },
      {
        heading: 'Refresh before it expires',
        anchor: '#refresh-before-it-expires',
        text: "ExpiresIn is the access token's lifetime in seconds. A little before then, trade the refresh token for a new one.",
        code: 'curl -sS -X POST "$COGNITO_ENDPOINT" --data-binary @-',
      },
      {
        heading: 'Lifetimes',
        anchor: '#lifetimes',
        text: 'Access token: 60 minutes. Refresh token: 30 days.',
        code: '',
      },
    ],
  },
  {
    route: '/docs/api/pagination',
    title: 'Pagination',
    description: 'How to page through document searches with page and page_size.',
    sections: [
      { text: 'The document searches answer one page at a time; page_size defaults to 100.', code: '' },
      {
        heading: 'Every page',
        anchor: '#every-page',
        text: 'Ask for pages in order until one comes back shorter than page_size.',
        code: '',
      },
    ],
  },
  {
    route: '/docs/api/errors',
    title: 'Errors and retries',
    description: 'Every status the API answers with, and which errors to retry.',
    sections: [
      { text: '', code: '' },
      {
        heading: 'Every status',
        anchor: '#every-status',
        text: '401: no bearer token, or an expired one. 403: no permission. 422: invalid input.',
        code: '',
      },
      {
        heading: 'What to retry',
        anchor: '#what-to-retry',
        text: 'Retry 429, 502, 503 and 504 with exponential backoff.',
        code: '',
      },
    ],
  },
  {
    route: '/docs/api/searching',
    title: 'Searching documents',
    description: 'Every field of the document filter, and restriction levels.',
    sections: [
      { text: 'POST /documents returns the documents that match a filter body, one page at a time.', code: '' },
      {
        heading: 'Restriction levels',
        anchor: '#restriction-levels',
        text:
          `${LONG_INTRO}Each document has a restriction that says what the API returns of it: unrestricted, ` +
          'partially_restricted or restricted.',
        code: '',
      },
    ],
  },
  {
    route: '/api/v1/get-document',
    title: 'Get a document',
    description: 'Returns one document with every field its restriction level allows.',
    sections: [{ text: 'GET /documents/{document_id}', code: 'curl "$API_BASE/documents/3f1c2a9e"' }],
  },
];

const index = searchIndexOf(PAGES);
const routes = (query: string, limit = 3) => index.search(query, limit).map((hit) => hit.route);

describe('search_docs', () => {
  it.each([
    ['How do I get an access token?', '/docs/api/tokens'],
    ['how to paginate search results', '/docs/api/pagination'],
    ['what does restriction mean', '/docs/api/searching#restriction-levels'],
    ['Which errors can the API return?', '/docs/api/errors'],
  ])('answers the question "%s" with %s first', (question, route) => {
    expect(routes(question)[0]).toMatch(new RegExp(`^${route}(#|$)`));
  });

  it('still answers keywords, and a word in another form (stems match)', () => {
    expect(routes('get token')[0]).toMatch(/^\/docs\/api\/tokens/);
    expect(routes('paginated')[0]).toMatch(/^\/docs\/api\/pagination/);
    expect(routes('restricted documents')).toContain('/docs/api/searching#restriction-levels');
  });

  it('finds a word typed with a typo, and a word from its first letters', () => {
    expect(routes('acess tokn')[0]).toMatch(/^\/docs\/api\/tokens/);
    expect(routes('refesh')[0]).toBe('/docs/api/tokens#refresh-before-it-expires');
    expect(routes('restri')).toContain('/docs/api/searching#restriction-levels');
  });

  it('gives a page once, at its best section: its anchor, the heading in the title, a snippet of its text', () => {
    const hits = index.search('How do I refresh the token before it expires?', 10);
    expect(hits[0]).toEqual({
      title: 'Tokens for scripts › Refresh before it expires',
      route: '/docs/api/tokens#refresh-before-it-expires',
      snippet:
        "ExpiresIn is the access token's lifetime in seconds. A little before then, trade the refresh token for a new one.",
    });
    const pages = hits.map((hit) => hit.route.split('#')[0]);
    expect(pages).toEqual([...new Set(pages)]);
    expect(index.search('token', 1)).toHaveLength(1);
  });

  it('shows the sentence of the word found when it is past the first snippet, cut at a word', () => {
    const [hit] = index.search('partially restricted', 1);
    expect(hit.route).toBe('/docs/api/searching#restriction-levels');
    expect(hit.snippet).toMatch(/^…Each document has a restriction that says/);
    expect(hit.snippet.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    // A page found by its title alone, with no text of its own, shows its description.
    expect(index.search('errors', 1)[0]).toMatchObject({
      route: '/docs/api/errors',
      snippet: 'Every status the API answers with, and which errors to retry.',
    });
  });

  it('finds nothing for stop words alone or query syntax, which is no wildcard', () => {
    for (const query of ['how do I', 'what is the', '*', 'i*', '"" ~ ^ : -', 'z*'])
      expect(routes(query, 20)).toEqual([]);
  });

  it(`neither indexes nor searches a run of letters over ${MAX_WORD_CHARS} characters`, () => {
    const blob = 'q'.repeat(MAX_WORD_CHARS + 1);
    const withBlob = searchIndexOf([{ route: '/blob', title: 'Blob', sections: [{ text: `A ${blob}.`, code: '' }] }]);
    expect(withBlob.search(blob, 5)).toEqual([]);
    expect(withBlob.search('blob', 5).map((hit) => hit.route)).toEqual(['/blob']);
  });
});

describe('queryTerms', () => {
  it('gives the distinct words searched, in lower case, without stop words', () => {
    expect(queryTerms('How do I get an ACCESS token? access_token, Token!')).toEqual(['access', 'token']);
  });

  it(`reads the first ${MAX_QUERY_CHARS} characters only, and no word over ${MAX_WORD_CHARS}`, () => {
    expect(queryTerms(`${'w '.repeat(MAX_QUERY_CHARS / 2)}late`)).toEqual(['w']);
    expect(queryTerms(`${'x'.repeat(MAX_WORD_CHARS + 1)} pagination`)).toEqual(['pagination']);
  });
});

describe('loadSearchIndex', () => {
  it('refuses a file of another layout, saying to build again', () => {
    for (const file of [[{ documents: [] }], { pages: [{ route: '/x', title: 'X' }] }, null]) {
      expect(() => loadSearchIndex(file)).toThrow(SearchIndexLayoutError);
      expect(() => loadSearchIndex(file)).toThrow(/\.mcp-search\.json is not the layout .* Run "npm run build" again/);
    }
  });

  it('indexes the pages of a file in the layout', () => {
    expect(loadSearchIndex({ pages: PAGES }).search('pagination', 1)[0].route).toMatch(/^\/docs\/api\/pagination/);
  });
});
