/**
 * @jest-environment node
 *
 * The sandbox behaves as the spec and the docs describe: every filter of the document filter
 * selects what it says (checked on the stored documents, not on the sandbox's SQL), counts equal what
 * paging returns, restriction levels drop fields, and the asynchronous flows, file links, access rules
 * and CORS work as a client sees them.
 */
import { loadContract } from '../../../config/openapi';
import { mintToken } from '../../../tests/support/gate';
import { TEST_USERS } from '../../identity/testUsers';
import type { DocumentFilters } from '../corpus/filters';
import { SAMPLE_IDS } from '../corpus/sampleData';
import { DOCUMENT_COUNT } from '../corpus/seed';
import type { Document } from '../corpus/shapes';
import { LINK_VALIDITY_MS } from '../files';
import { CROSS_SITE_NAVIGATION, CROSS_SITE_SCRIPT, crossSiteFetch, FOREIGN, preflight } from '../../__tests__/browser';
import { BASE_URL, sandbox, SITE_ORIGIN } from './helper';

let env: Awaited<ReturnType<typeof sandbox>>;
let clock = Date.now();
beforeAll(async () => {
  env = await sandbox({ now: () => clock });
});

/** Every document matching `filters` (all pages), whole as stored, and the count the API gives. */
async function matching(filters: DocumentFilters) {
  const page = await env.call('POST', `/documents/lite?page_size=${DOCUMENT_COUNT}`, filters);
  expect(page.statusCode).toBe(200);
  const ids = (JSON.parse(page.body) as { document_id: string }[]).map((d) => d.document_id);
  const count = JSON.parse((await env.call('POST', '/document_counts', filters)).body).count as number;
  return { docs: ids.map((id) => env.corpus.document(id)!), count };
}

const words = (title: string): string[] => title.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Filter → what every document it returns must satisfy. */
const FILTERS: [string, DocumentFilters, (doc: Document) => boolean][] = [
  ['doctypes', { doctypes: ['Laws', 'Guidance and FAQs'] }, (d) => ['Laws', 'Guidance and FAQs'].includes(d.doctype!)],
  [
    'publishers by jurisdiction',
    { publishers: [{ type: 'jurisdiction', value: 'GB-ENG' }] },
    (d) => d.publishers!.some((p) => p.startsWith('albion-')),
  ],
  [
    'publishers by id',
    { publishers: [{ type: 'publisher_id', value: 'union-banking-agency' }] },
    (d) => d.publishers!.includes('union-banking-agency'),
  ],
  ['deprecated jurisdictions', { jurisdictions: ['US-NY'] }, (d) => d.publishers!.some((p) => p.startsWith('hudson-'))],
  [
    'deprecated publisher_ids',
    { publisher_ids: ['liffey-central-bank'] },
    (d) => d.publishers!.includes('liffey-central-bank'),
  ],
  ['deprecated title_regex', { title_regex: '^Liquidity' }, (d) => d.title!.startsWith('Liquidity')],
  [
    'publisher rankings',
    { publisher_rankings: [1, 2] },
    (d) => ['albion-parliament', 'hudson-state-assembly', 'global-standards-committee'].includes(d.publishers![0]),
  ],
  [
    'inclusive dates',
    { start_date: '2020-01-01', end_date: '2020-12-31' },
    (d) => d.published! >= '2020-01-01' && d.published! <= '2020-12-31',
  ],
  [
    'sector: any level 2, none at level 3',
    { sector: { level_1: ['Banking'], level_2: [], level_3: null } },
    (d) => d.sector!.level_1 === 'Banking' && d.sector!.level_2 !== null && d.sector!.level_3 === null,
  ],
  ['domains threshold', { domains: { prudential: 0.7 } }, (d) => (d.reg_scores?.prudential?.reg_score ?? -1) >= 0.7],
  ['languages threshold', { languages: { de: 0.5 } }, (d) => (d.languages?.de ?? 0) >= 0.5],
  [
    'all required tags',
    { required_tags: ['capital', 'liquidity'], require_all_tags: true },
    (d) => ['capital', 'liquidity'].every((t) => d.signposts!.some((s) => s.tag === t)),
  ],
  [
    'any required tag',
    { required_tags: ['capital', 'liquidity'] },
    (d) => d.signposts!.some((s) => ['capital', 'liquidity'].includes(s.tag)),
  ],
  ['has_signposts false', { has_signposts: false }, (d) => !d.signposts?.length],
  ['authoritative', { authoritative: ['prudential'] }, (d) => d.authoritative!.includes('prudential')],
  ['initiatives', { initiatives: [2] }, (d) => d.initiatives!.some((i) => i.id === 2)],
  [
    'psi labels',
    { psi_labels: ['Mortgages'] },
    (d) => d.psi_classifications!.some((c) => c.classification_paths!.some((p) => p.at(-1) === 'Mortgages')),
  ],
  ['min title length', { min_title_length: 45 }, (d) => d.title!.length >= 45],
  ['restriction levels', { document_restriction: ['restricted'] }, (d) => d.restriction === 'restricted'],
  ['near-duplicates removed', { remove_near_duplicates: true }, (d) => d.princeps === d.document_id],
  [
    'title: all words',
    { title: 'capital requirements' },
    (d) => ['capital', 'requirements'].every((w) => words(d.title!).includes(w)),
  ],
  [
    'title: phrase and exclusion',
    { title: '"market abuse" -speech' },
    (d) => /market abuse/i.test(d.title!) && !words(d.title!).includes('speech'),
  ],
  [
    'title: OR',
    { title: 'liquidity OR mortgage' },
    (d) => words(d.title!).some((w) => ['liquidity', 'mortgage'].includes(w)),
  ],
  [
    'title: list is any',
    { title: ['"deposit protection"', 'crypto'] },
    (d) => /deposit protection/i.test(d.title!) || words(d.title!).includes('crypto'),
  ],
  [
    'last updated range, as dates: whole days, both included',
    { last_updated_from: '2022-01-01', last_updated_to: '2022-12-31' },
    (d) => d.last_updated! >= '2022' && d.last_updated! < '2023',
  ],
  [
    'last updated range, a date-time with an offset other than Z',
    { last_updated_from: '2022-01-01T01:00:00+01:00' },
    (d) => d.last_updated! >= '2022',
  ],
  [
    'last updated range',
    { last_updated_from: '2022-01-01T00:00:00Z', last_updated_to: '2022-12-31T23:59:59Z' },
    (d) => d.last_updated! >= '2022' && d.last_updated! < '2023',
  ],
];

describe('the document filter (spec §5.1)', () => {
  it.each(FILTERS)(
    '%s: every result satisfies it, some documents do not, and the count matches',
    async (_name, filters, holds) => {
      const { docs, count } = await matching(filters);
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.length).toBeLessThan(DOCUMENT_COUNT);
      expect(docs.filter((d) => !holds(d)).map((d) => d.title)).toEqual([]);
      expect(count).toBe(docs.length);
    },
  );

  it('a last-update date counts as its whole day: the same documents as its first and last millisecond', async () => {
    const byDate = await matching({ last_updated_from: '2022-03-01', last_updated_to: '2022-09-30' });
    const byTime = await matching({
      last_updated_from: '2022-03-01T00:00:00Z',
      last_updated_to: '2022-09-30T23:59:59.999Z',
    });
    expect(byDate.count).toBeGreaterThan(0);
    expect(byDate.docs.map((d) => d.document_id)).toEqual(byTime.docs.map((d) => d.document_id));
  });

  it('without a filter, every document is returned by default (all three restriction levels, spec §9)', async () => {
    const { count, docs } = await matching({});
    expect(count).toBe(DOCUMENT_COUNT);
    expect(new Set(docs.map((d) => d.restriction))).toEqual(
      new Set(['unrestricted', 'partially_restricted', 'restricted']),
    );
  });

  it('pages from 1 with 100 per page by default, without gaps or repeats', async () => {
    const first = JSON.parse((await env.call('POST', '/documents/lite', {})).body);
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (page) =>
        JSON.parse((await env.call('POST', `/documents/lite?page=${page}`, {})).body),
      ),
    );
    expect(first).toHaveLength(100);
    const ids = pages.flat().map((d: { document_id: string }) => d.document_id);
    expect(new Set(ids).size).toBe(DOCUMENT_COUNT);
    expect(pages[5]).toHaveLength(DOCUMENT_COUNT - 500);
  });
});

describe('paths the provider lists with a trailing slash (spec §7.1: /frameworks/, /sanctions/)', () => {
  it.each(['/frameworks', '/sanctions'])('%s/ answers; without the slash, the 404 the docs say it is', async (path) => {
    expect((await env.call('GET', `${path}/`)).statusCode).toBe(200);
    const bare = await env.call('GET', path);
    expect([bare.statusCode, JSON.parse(bare.body)]).toEqual([404, { detail: 'Not Found' }]);
  });
});

describe('restriction levels (spec §6)', () => {
  it('a restricted document gives no metadata, a partially restricted one no text', async () => {
    const [restricted] = (await matching({ document_restriction: ['restricted'] })).docs;
    expect(JSON.parse((await env.call('GET', `/documents/${restricted.document_id}`)).body)).toEqual({
      document_id: restricted.document_id,
      restriction: 'restricted',
    });
    const [partial] = (await matching({ document_restriction: ['partially_restricted'], has_signposts: true })).docs;
    const shown = JSON.parse((await env.call('GET', `/documents/${partial.document_id}`)).body);
    expect(shown.title).toBe(partial.title);
    expect(shown).not.toHaveProperty('source_text');
    expect(shown).not.toHaveProperty('translated_text_en');
    expect(shown.signposts.every((s: object) => !('inference_text' in s))).toBe(true);
  });
});

describe('asynchronous flows (spec §4)', () => {
  it('a summary is 202 initiated, then 202 in progress, then 200; refresh starts again', async () => {
    const path = `/documents/${SAMPLE_IDS.document}/summary`;
    const answers = [];
    for (const suffix of ['', '', '', '?refresh=true']) {
      const response = await env.call('GET', `${path}${suffix}`);
      answers.push([response.statusCode, JSON.parse(response.body).message ?? 'summary']);
    }
    expect(answers).toEqual([
      [202, 'Summary generation initiated'],
      [202, 'Summary generation in progress'],
      [200, 'summary'],
      [202, 'Summary generation initiated'],
    ]);
  });

  it('a search goes pending → in_progress → completed with pages ranked by score', async () => {
    const created = await env.call('POST', '/interrogator/search', {
      query: 'Which liquidity obligations fall due for firms?',
      jurisdictions: ['GB-ENG'],
    });
    const { request_id } = JSON.parse(created.body);
    const statuses = [];
    let last;
    for (let i = 0; i < 3; i += 1) {
      last = JSON.parse((await env.call('GET', `/interrogator/search/${request_id}`)).body);
      statuses.push(last.status);
    }
    expect(statuses).toEqual(['pending', 'in_progress', 'completed']);
    const scores = last.results.map((r: { score: number }) => r.score);
    expect(scores.length).toBeGreaterThan(0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const result of last.results)
      expect(env.corpus.document(result.document_id)!.publishers![0]).toMatch(/^albion-/);
  });

  it('unknown publishers or jurisdictions get the 400 messages of spec §8.1', async () => {
    const query = 'What are the reporting duties for consumer credit firms?';
    const publisher = await env.call('POST', '/interrogator/search', { query, publisher_ids: ['no-such-publisher'] });
    const jurisdiction = await env.call('POST', '/interrogator/search', { query, jurisdictions: ['ZZ'] });
    expect([publisher.statusCode, JSON.parse(publisher.body)]).toEqual([
      400,
      { detail: 'Invalid Publisher ID(s) provided' },
    ]);
    expect([jurisdiction.statusCode, JSON.parse(jurisdiction.body)]).toEqual([
      400,
      { detail: 'Invalid Jurisdiction(s) provided' },
    ]);
  });

  it('a summary of result pages completes with a summary; feedback is recorded with 200 and no body', async () => {
    const created = await env.call('POST', '/interrogator/summary', {
      results: [{ document_id: SAMPLE_IDS.document, page_index: 0 }],
    });
    const { request_id } = JSON.parse(created.body);
    await env.call('GET', `/interrogator/summary/${request_id}`);
    await env.call('GET', `/interrogator/summary/${request_id}`);
    const done = JSON.parse((await env.call('GET', `/interrogator/summary/${request_id}`)).body);
    expect(done).toEqual({ request_id, status: 'completed', summary: expect.stringContaining('sample summary') });
    const feedback = await env.call('POST', '/interrogator/feedback', {
      is_satisfied: false,
      feedback: 'The summary missed the arrears rules.',
    });
    expect([feedback.statusCode, feedback.body]).toEqual([200, '']);
  });
});

describe('restricted documents give no metadata (spec §6)', () => {
  /** A restricted document of the corpus, whole as stored. */
  const restricted = async () => (await matching({ document_restriction: ['restricted'] })).docs[0];

  it('a title search never returns a restricted document, though their withheld titles match it', async () => {
    const { docs } = await matching({ document_restriction: ['restricted'] });
    expect(docs.filter((d) => words(d.title!).includes('climate')).length).toBeGreaterThan(0);
    expect((await matching({ title: 'Climate' })).docs.filter((d) => d.restriction === 'restricted')).toEqual([]);
  });

  it.each(FILTERS.filter(([name]) => name !== 'restriction levels'))(
    '%s: no restricted document matches a filter on its withheld metadata',
    async (_name, filters) => {
      const { docs } = await matching(filters);
      expect(docs.filter((d) => d.restriction === 'restricted').map((d) => d.document_id)).toEqual([]);
    },
  );

  it.each<[string, DocumentFilters]>([
    ['an empty doctypes list', { doctypes: [] }],
    ['an empty title', { title: '' }],
    ['an empty list of titles', { title: [] }],
    ['an empty required_tags list', { required_tags: [] }],
    ['require_all_tags without tags', { require_all_tags: true }],
    ['remove_near_duplicates false', { remove_near_duplicates: false }],
    ['an empty languages map', { languages: {} }],
    ['an empty domains map', { domains: {} }],
    ['min_title_length 0', { min_title_length: 0 }],
    ['an empty document_restriction list', { document_restriction: [] }],
    ['all of them at once', { doctypes: [], title: '', languages: {}, min_title_length: 0, psi_labels: [] }],
  ])('%s is no condition: every document, restricted ones included, as for {}', async (_name, filters) => {
    const { count, docs } = await matching(filters);
    expect(count).toBe(DOCUMENT_COUNT);
    expect(docs.filter((d) => d.restriction === 'restricted').length).toBeGreaterThan(0);
  });

  it('a condition that does constrain leaves restricted documents out, the least one included', async () => {
    const { docs } = await matching({ min_title_length: 1 });
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((d) => d.restriction === 'restricted')).toEqual([]);
  });

  it('an empty publishers list is refused: publishers needs at least one item (spec §5.1)', async () => {
    const answer = await env.call('POST', '/document_counts', { publishers: [] });
    expect(answer.statusCode).toBe(422);
    expect(JSON.parse(answer.body).detail[0].loc).toEqual(['body', 'publishers']);
  });

  it("a restricted document's summary names nothing of it", async () => {
    const doc = await restricted();
    const path = `/documents/${doc.document_id}/summary`;
    await env.call('GET', path);
    await env.call('GET', path);
    const { summary } = JSON.parse((await env.call('GET', path)).body) as { summary: string };
    expect(summary).not.toContain(doc.title!);
    expect(summary).toMatch(/restricted/);
  });

  it("a restricted document's file shows its id, not its title", async () => {
    clock = Date.now();
    const doc = await restricted();
    const link = new URL((await env.call('GET', `/documents/${doc.document_id}/file`)).headers.location as string);
    const file = await env.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1')).not.toContain(doc.title!);
    expect(file.rawPayload.toString('latin1')).toContain(doc.document_id);
  });
});

describe('publishers (spec §3.1: jurisdiction ISO 3166-2, country ISO 3166-1 alpha-2)', () => {
  /** ISO 3166-1's exceptionally reserved and user-assigned alpha-2 codes: not countries. */
  const NOT_COUNTRIES = ['EU', 'UN', 'UK', 'EZ', 'AA', 'QM', 'QZ', 'XA', 'XZ', 'ZZ'];

  it('gives every jurisdiction as an ISO 3166-2 code and its country as the code it begins with', async () => {
    const publishers = JSON.parse((await env.call('GET', '/publishers')).body) as {
      id: string;
      jurisdiction?: string;
      country?: string;
    }[];
    expect(publishers.length).toBeGreaterThan(10);
    for (const { id, jurisdiction, country } of publishers) {
      if (jurisdiction !== undefined)
        expect({ id, jurisdiction }).toEqual({ id, jurisdiction: expect.stringMatching(/^[A-Z]{2}-[A-Z0-9]{1,3}$/) });
      if (country !== undefined) {
        expect({ id, country }).toEqual({ id, country: expect.stringMatching(/^[A-Z]{2}$/) });
        expect(NOT_COUNTRIES).not.toContain(country);
        expect({ id, jurisdiction: jurisdiction?.slice(0, 2) }).toEqual({ id, jurisdiction: country });
      }
    }
    // Bodies above country level (assumed): neither a jurisdiction nor a country.
    const union = publishers.filter((p) => p.id.startsWith('union-'));
    expect(union.length).toBeGreaterThan(0);
    expect(union.map((p) => [p.jurisdiction, p.country])).toEqual(union.map(() => [undefined, undefined]));
  });
});

describe("the contract's examples name what the sandbox holds", () => {
  const contract = loadContract();

  it('the document example is the sandbox document of its id', async () => {
    const example = contract.components.schemas.DocumentLite.example;
    const page = await env.call('POST', `/documents/lite?page_size=${DOCUMENT_COUNT}`, {});
    const lite = (JSON.parse(page.body) as { document_id: string }[]).find(
      (d) => d.document_id === example.document_id,
    );
    expect(lite).toEqual(example);
  });

  it('the summary request example points at pages that hold text', () => {
    const { results } = contract.paths['/interrogator/summary'].post.requestBody.content['application/json'].example;
    for (const { document_id, page_index } of results as { document_id: string; page_index: number }[]) {
      const page = env.corpus.document(document_id)?.source_text?.[page_index];
      expect({ document_id, page_index, text: page?.blocks?.some((b) => b.text.trim()) }).toEqual({
        document_id,
        page_index,
        text: true,
      });
    }
  });
});

describe('framework controls (contract: ControlsNested)', () => {
  type Node = { control_id: string; sub_controls?: Node[] };
  const all = (tree: Node[]): Node[] => tree.flatMap((c) => [c, ...all(c.sub_controls ?? [])]);
  const controls = async (query: string) =>
    JSON.parse((await env.call('GET', `/frameworks/${SAMPLE_IDS.framework}/controls${query}`)).body) as Node[];

  it('the flat list holds every control of the tree once, none with a sub_controls field', async () => {
    const [flat, nested] = [await controls(''), await controls('?nested=true')];
    expect(nested.some((c) => (c.sub_controls ?? []).length > 0)).toBe(true);
    expect(flat.map((c) => c.control_id).sort()).toEqual(
      all(nested)
        .map((c) => c.control_id)
        .sort(),
    );
    // An empty list would say "no sub-controls" of a parent that has some under nested=true.
    expect(flat.filter((c) => 'sub_controls' in c)).toEqual([]);
  });
});

describe('domain tag trees (spec §3.1)', () => {
  type Tag = { tag_id: string; tag: string; tags?: Tag[] };
  const ids = (tree: Tag[]): [string, string][] => tree.flatMap((t) => [[t.tag, t.tag_id], ...ids(t.tags ?? [])]);
  const tree = async (version: number) =>
    new Map(ids(JSON.parse((await env.call('GET', `/domains/${SAMPLE_IDS.domain}/tags?version=${version}`)).body)));

  it('a tag keeps its tag_id across domain versions (contract: DomainTag.tag_id)', async () => {
    const [first, latest] = [await tree(1), await tree(3)];
    expect(latest.size).toBeGreaterThan(first.size);
    for (const [tag, id] of first) expect({ tag, id }).toEqual({ tag, id: latest.get(tag) });
  });
});

describe('original files (spec §7.1: a 307 to a link valid 5 minutes)', () => {
  it('redirects to a same-origin link that serves the file for 5 minutes, then refuses it', async () => {
    clock = Date.now();
    const response = await env.call('GET', `/documents/${SAMPLE_IDS.document}/file`);
    expect(response.statusCode).toBe(307);
    const link = new URL(response.headers.location as string);
    expect(link.origin).toBe(BASE_URL);
    const fetchLink = () => env.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const file = await fetchLink();
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    clock += LINK_VALIDITY_MS + 1;
    expect((await fetchLink()).statusCode).toBe(403);
    const forged = await env.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search.replace(/signature=./, 'signature=x')}`,
    });
    expect(forged.statusCode).toBe(403);
  });

  it("serves each file in its document's content_type, named to match", async () => {
    clock = Date.now();
    const page = await env.call('POST', `/documents/lite?page_size=${DOCUMENT_COUNT}`, {
      document_restriction: ['unrestricted'],
    });
    const docs = JSON.parse(page.body) as { document_id: string; content_type: string; title: string }[];
    const html = docs.find((d) => d.content_type === 'text/html')!;
    const pdf = docs.find((d) => d.content_type === 'application/pdf')!;
    const download = async (id: string) => {
      const link = new URL((await env.call('GET', `/documents/${id}/file`)).headers.location as string);
      return env.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    };
    const page1 = await download(html.document_id);
    expect([page1.statusCode, page1.headers['content-type'], page1.headers['content-disposition']]).toEqual([
      200,
      expect.stringMatching(/^text\/html\b/),
      `inline; filename="${html.document_id}.html"`,
    ]);
    expect(page1.body).toMatch(/^<!DOCTYPE html>/);
    expect(page1.body).toContain(`<h1>${html.title}</h1>`);
    const file = await download(pdf.document_id);
    expect([file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      'application/pdf',
      `inline; filename="${pdf.document_id}.pdf"`,
    ]);
  });

  it('serves every restricted document as the same kind of file, which tells nothing of it', async () => {
    clock = Date.now();
    const page = await env.call('POST', `/documents/lite?page_size=${DOCUMENT_COUNT}`, {
      document_restriction: ['restricted'],
    });
    const ids = (JSON.parse(page.body) as { document_id: string }[]).map((d) => d.document_id);
    expect(ids.length).toBeGreaterThan(0);
    const kinds = new Set<string>();
    for (const id of ids) {
      const link = new URL((await env.call('GET', `/documents/${id}/file`)).headers.location as string);
      const file = await env.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      kinds.add(`${file.headers['content-type']} ${String(file.headers['content-disposition']).replace(id, '<id>')}`);
    }
    expect([...kinds]).toEqual(['application/pdf inline; filename="<id>.pdf"']);
  });
});

describe('access (spec §6, §8.1)', () => {
  it('a signed-in user without API access gets 403 with the spec message', async () => {
    const token = mintToken({ username: TEST_USERS.noAccess });
    const response = await env.call('GET', '/doctypes', undefined, { authorization: `Bearer ${token}` });
    expect([response.statusCode, JSON.parse(response.body)]).toEqual([
      403,
      { detail: 'User does not have permission to access the requested resource.' },
    ]);
  });

  it.each([
    ['an expired token', mintToken({ exp: Math.floor(Date.now() / 1000) - 60 }), /expired/],
    ['an ID token', mintToken({ token_use: 'id' }), /token_use/],
    ['a token signed by another key', mintToken({}, { key: null }), /Invalid token/],
  ])(
    '%s gets 401 saying why, with an invalid_token challenge (contract: Unauthorized)',
    async (_name, token, reason) => {
      const response = await env.call('GET', '/doctypes', undefined, { authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body).detail).toMatch(reason);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", error_description="[^"]+"$/);
    },
  );

  it('no token gets 401 with a bare Bearer challenge, not the 403 of a user without permission', async () => {
    const response = await env.call('GET', '/doctypes', undefined, {});
    expect([response.statusCode, JSON.parse(response.body), response.headers['www-authenticate']]).toEqual([
      401,
      { detail: 'Not authenticated' },
      'Bearer',
    ]);
  });

  it("answers the portal's CORS preflight and calls, with the grant for its origin", async () => {
    const ours = await env.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/customer/documents',
      headers: preflight(SITE_ORIGIN, 'POST', 'authorization,content-type'),
    });
    expect(ours.statusCode).toBe(204);
    expect(ours.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(String(ours.headers['access-control-allow-headers'])).toContain('authorization');
    const called = await env.call('GET', '/doctypes', undefined, {
      ...crossSiteFetch(SITE_ORIGIN),
      authorization: `Bearer ${env.token}`,
    });
    expect([called.statusCode, called.headers['access-control-allow-origin']]).toEqual([200, SITE_ORIGIN]);
  });

  it("refuses another site's page with 403 and no grant: preflight, simple POST, token or not, script or link", async () => {
    const refused = [
      await env.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/customer/documents',
        headers: preflight(FOREIGN, 'POST', 'authorization,content-type'),
      }),
      // A simple POST, which the browser sends without a preflight.
      await env.app.inject({
        method: 'POST',
        url: '/api/v1/customer/documents/lite',
        headers: { ...crossSiteFetch(FOREIGN), 'content-type': 'text/plain' },
        payload: '{}',
      }),
      await env.call('GET', '/doctypes', undefined, {
        ...crossSiteFetch(FOREIGN),
        authorization: `Bearer ${env.token}`,
      }),
      await env.call('GET', '/doctypes', undefined, CROSS_SITE_SCRIPT),
      await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: CROSS_SITE_NAVIGATION }),
    ];
    for (const answer of refused) {
      expect([answer.statusCode, answer.headers['access-control-allow-origin'], answer.body]).toEqual([
        403,
        undefined,
        `Forbidden: the local sandbox API answers only the portal (${SITE_ORIGIN}) and clients outside a browser (curl, scripts), not pages of other sites.\n`,
      ]);
    }
  });

  it('answers a page rebound to this machine by DNS with 421, even with a valid token; loopback names pass', async () => {
    const withHost = (host: string) =>
      env.call('GET', '/doctypes', undefined, { authorization: `Bearer ${env.token}`, host });
    const rebound = await withHost('rebind.example:4010');
    expect([rebound.statusCode, rebound.body]).toEqual([
      421,
      expect.stringMatching(/^Misdirected request: .*localhost/),
    ]);
    expect(rebound.body).not.toContain('document');
    for (const host of ['localhost:4010', '127.0.0.1:4010', '[::1]:4010']) {
      expect([host, (await withHost(host)).statusCode]).toEqual([host, 200]);
    }
  });

  it('serves the contract at /api/v1/openapi.json (spec §7.1)', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const served = JSON.parse(response.body);
    expect(served.paths['/documents/lite']).toBeDefined();
    // The contract names no contact address (the portal's bundle adds PROVIDER_CONTACT's): no made-up one here.
    expect(served.info.contact).not.toHaveProperty('url');
    expect(served.info.contact).not.toHaveProperty('email');
  });
});
