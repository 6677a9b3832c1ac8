/**
 * @jest-environment node
 *
 * The contract and the docs say only what the spec says: each test guards one statement the spec does
 * not make, so a contract or doc that makes it again fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { operationAssumptions } from '../../rules/assumptions';
import { changelogPage, readChangelog } from '../../scripts/openapi/changelog';
import { operations as contractOperations } from '../../rules/contract';
import { ajv, contract, docFiles, docText, refTo, resolve, tableRows } from '../../scripts/docs-check/contract';
import { maintainersDocs } from '../../config/docsAudience';
import { LOCAL_PART_DIRECTIVE } from '../../rules/localParts';
import { PUBLISHERS } from '../../local/sandbox/corpus/sampleData';

const doc = docText;

/** The cells of the row whose first cell is `first`, in the Markdown table headed `| <header> |`. */
function row(text: string, header: string, first: string): string[] {
  const found = tableRows(text, header).find((cells) => cells[0].replace(/`/g, '') === first);
  if (!found) throw new Error(`no row "${first}" in the table headed "${header}"`);
  return found;
}

/**
 * The sentences of `text` (whitespace collapsed) in which `phrase` occurs: each from the sentence's start,
 * or the last code mark before the phrase, to its full stop.
 */
function sentencesSaying(text: string, phrase: RegExp): string[] {
  const sentences = text.replace(/\s+/g, ' ').split('.').slice(0, -1);
  return sentences.flatMap((sentence) => {
    const found = phrase.exec(sentence);
    return found ? [`${sentence.slice(sentence.lastIndexOf('`', found.index) + 1)}.`] : [];
  });
}

/** A response fixture of `tests/docs/fixtures/`, written from spec §3.1 and §6, not from the contract. */
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));

/** Ajv's verdict with its errors, so a failure names the field the contract refused. */
function verdict(schema: object, value: unknown) {
  const valid = ajv.validate(schema, value);
  return { valid, errors: valid ? [] : ajv.errors?.map((e) => `${e.instancePath} ${e.message}`) };
}

describe('a document at every restriction level validates (spec §6: restricted gives no metadata)', () => {
  const document = refTo('components', 'schemas', 'Document');
  const lite = refTo('components', 'schemas', 'DocumentLite');

  it.each(['unrestricted', 'partially_restricted', 'restricted'])('a %s document is a valid Document', (level) => {
    const value = fixture(`document-${level}`);
    expect(value.restriction).toBe(level);
    expect(verdict(document, value)).toEqual({ valid: true, errors: [] });
  });

  it.each(['unrestricted', 'partially_restricted', 'restricted'])('its lite view is a valid DocumentLite (%s)', (level) => {
    const full = fixture(`document-${level}`);
    const liteFields = Object.keys(resolve(contract.components.schemas.DocumentLite).properties);
    const value = Object.fromEntries(Object.entries(full).filter(([key]) => liteFields.includes(key)));
    expect(verdict(lite, value)).toEqual({ valid: true, errors: [] });
  });

  it('a partially_restricted document comes without the fields spec §6 withholds', () => {
    const value = fixture('document-partially_restricted');
    expect(value).not.toHaveProperty('source_text');
    expect(value).not.toHaveProperty('translated_text_en');
    expect(value.signposts.every((s: object) => !('inference_text' in s))).toBe(true);
  });

  it('no page promises every document a field a restricted document lacks', () => {
    const promises = docFiles().flatMap(({ text }) => sentencesSaying(text, /\b(every|each) document (has|carries|is|the API returns)\b/i));
    expect(promises.length).toBeGreaterThan(0);
    for (const sentence of promises) expect({ sentence, promisesMetadata: /title|publishers|doctype|publication date/.test(sentence) }).toEqual({ sentence, promisesMetadata: false });
    const [, restricted] = row(doc('docs/document_format/schema.md'), 'Restriction', 'restricted');
    expect(restricted).toMatch(/No metadata/);
  });

  it("the document schema page's JSON examples are valid lite documents, a restricted one among them", () => {
    const blocks = [...doc('docs/document_format/schema.md').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]));
    expect(blocks.map((b) => b.restriction)).toContain('restricted');
    for (const block of blocks) expect(verdict(lite, block)).toEqual({ valid: true, errors: [] });
  });
});

describe("the document schema page marks, in a field's Type cell, a type the provider has not confirmed", () => {
  // Spec §3.1 names these fields without a type; the contract assumes one (its `x-assumed` note says "the
  // type of", "the shape of", "the form of" or "how … given"). A reader takes the type from the Type cell,
  // so the mark belongs there, not only beside the meaning.
  const schemas = contract.components.schemas;
  const fields = { ...schemas.DocumentLite.properties, ...resolve(schemas.Document.allOf[1]).properties } as Record<
    string,
    { 'x-assumed'?: string }
  >;
  const typed = Object.entries(fields)
    .filter(([, field]) =>
      /^The provider has not confirmed (?:the (?:type|shape|form) of|how [^;]* given)/.test(field['x-assumed'] ?? ''),
    )
    .map(([name]) => name);

  it('finds the fields whose type the contract assumes', () => {
    expect(typed).toEqual(expect.arrayContaining(['translated_text_en', 'last_updated', 'crawled']));
  });

  it.each(typed)('`%s`', (name) => {
    const [, type] = row(doc('docs/document_format/schema.md'), 'Field', name);
    expect({ name, type, marked: /assumed|not confirmed/.test(type) }).toEqual({ name, type, marked: true });
  });
});

describe('`null` where spec §5.1 defines it', () => {
  it('a document sector level may be null: no classification at that level', () => {
    const sector = refTo('components', 'schemas', 'Document', 'allOf', '1', 'properties', 'sector');
    expect(verdict(sector, { level_1: 'Financial services', level_2: null, level_3: null, level_4: null })).toEqual({ valid: true, errors: [] });
    expect(ajv.validate(sector, { level_1: 3 })).toBe(false);
    const level = resolve(contract.components.schemas.Document).allOf[1].properties.sector.properties.level_2;
    expect(level.description).toMatch(/null/);
  });
});

describe('a 403 is a permission denial (spec §8.1), not a token to renew', () => {
  const text = doc('docs/api/errors.mdx');

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

describe('limits the spec sets hold everywhere they apply', () => {
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

describe('the Interrogator payloads are the ones spec §7.1 gives, nothing invented', () => {
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

  it('a search or summary request returns its request_id and no invented field, in the contract and the docs', () => {
    expect(Object.keys(resolve(contract.components.schemas.InterrogatorRequest).properties)).toEqual(['request_id']);
    const answer = doc('docs/services/interrogator.mdx').match(/The answer is `(\{"request_id"[^`\n]*\})`/);
    expect(answer && Object.keys(JSON.parse(answer[1]))).toEqual(['request_id']);
  });

  it('a search is accepted with its request_id alone, as spec §7.1 says it returns', () => {
    const accepted = refTo('paths', '/interrogator/search', 'post', 'responses', '200', 'content', 'application/json', 'schema');
    expect(ajv.validate(accepted, { request_id: '9b2d7c1e-45f0-4a8e-b1c3-6d2e8f0a1b22' })).toBe(true);
  });
});

describe('the server, not the schema, judges Interrogator publisher ids and jurisdictions (spec §8.1: 400)', () => {
  it('a malformed publisher id or jurisdiction passes schema validation, so the server can answer 400', () => {
    const search = refTo('components', 'schemas', 'InterrogatorSearchRequest');
    const query = 'What are the reporting duties for consumer credit firms?';
    expect(ajv.validate(search, { query, publisher_ids: ['not a publisher id'] })).toBe(true);
    expect(ajv.validate(search, { query, jurisdictions: ['Neverland'] })).toBe(true);
    expect(ajv.validate(search, { query, publisher_ids: [42] })).toBe(false);
  });
});

describe('the framework paths overlap at `control`, and the contract and docs say so', () => {
  it('a framework id `control` is refused by the contract, and both the parameter and the docs explain why', () => {
    const frameworkId = resolve(contract.components.parameters.FrameworkId);
    const idSchema = refTo('components', 'parameters', 'FrameworkId', 'schema');
    expect(ajv.validate(idSchema, 'nist-csf-2.0')).toBe(true);
    expect(ajv.validate(idSchema, 'control')).toBe(false);
    expect(frameworkId.description).toMatch(/`control`[^.]*\/frameworks\/control\/\{control_id\}/);
    expect(doc('docs/api/frameworks.mdx').replace(/\s+/g, ' ')).toMatch(
      /no framework id can be `control`[^.]*\/frameworks\/control\/\{control_id\}/i,
    );
  });
});

/** Every operation with its method, path and resolved responses. */
const operations = Object.entries(contract.paths as Record<string, Record<string, { responses: Record<string, object> }>>).flatMap(
  ([template, item]) =>
    Object.entries(item).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${template}`,
      responses: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, resolve(r)])),
    })),
);

/** What a 404 of this path is about, in the words of spec §8.1 (or, where it lists none, of the contract's assumption). */
const notFoundSubject: [RegExp, RegExp][] = [
  [/^GET \/documents\//, /document/i],
  [/^GET \/sanctions\//, /sanction/i],
  [/^GET \/frameworks\/control\//, /control/i],
  [/^GET \/frameworks\//, /framework/i],
  [/^GET \/initiatives$/, /no initiatives are available/i],
  [/^GET \/domains\//, /domain/i],
  [/^GET \/interrogator\//, /request/i],
];

describe('every 404 says what was not found, and every declared error status is in the error tables', () => {
  const with404 = operations.filter((op) => op.responses['404']);

  it.each(with404.map((op) => [op.name, op]))('%s: its 404 description and example name what it looks up', (name, op) => {
    const subject = notFoundSubject.find(([path]) => path.test(name as string));
    expect({ name, subject: Boolean(subject) }).toEqual({ name, subject: true });
    const response = (op as (typeof operations)[number]).responses['404'] as Node404;
    const example = response.content['application/json'].example.detail;
    expect({ name, description: response.description, example }).toEqual({
      name,
      description: expect.stringMatching(subject![1]),
      example: expect.stringMatching(subject![1]),
    });
  });

  it('no lookup of something else answers "Document not found"', () => {
    for (const op of with404.filter((o) => !o.name.startsWith('GET /documents/'))) {
      expect({ name: op.name, example: (op.responses['404'] as Node404).content['application/json'].example.detail }).not.toEqual({
        name: op.name,
        example: 'Document not found',
      });
    }
  });

  const declared = [...new Set(operations.flatMap((op) => Object.keys(op.responses)).filter((s) => /^[45]/.test(s)))].sort();
  const tables = {
    'the contract description': contract.info.description as string,
    'docs/api/errors.mdx': doc('docs/api/errors.mdx'),
  };

  it.each(Object.entries(tables))('%s has a row for every declared error status, 404 naming every lookup', (_where, text) => {
    const rows = tableRows(text as string, 'Status').map(([status, when]) => [status.replace(/`/g, ''), when]);
    expect(rows.map(([status]) => status).sort()).toEqual(declared);
    const [, when404] = rows.find(([status]) => status === '404')!;
    for (const [, subject] of notFoundSubject) expect({ when404, subject: subject.test(when404) }).toEqual({ when404, subject: true });
  });
});

interface Node404 {
  description: string;
  content: { 'application/json': { example: { detail: string } } };
}

/**
 * Server behaviour and shapes the spec leaves open, which the docs may state only as
 * assumptions. `statement` finds a sentence or table row that states one; `box` finds it named in the
 * page's `:::info[Assumptions]` admonition.
 */
interface AssumedRule {
  detail: string;
  statement: RegExp;
  box: RegExp;
  /** Only the pages (paths from the site root) it matches are read, when it is set. */
  only?: RegExp;
  /** Pages it leaves out, with the reason: they speak of the portal's own answers, not the provider's. */
  not?: RegExp;
}

const ASSUMED_IN_DOCS: AssumedRule[] = [
  { detail: 'the 0 to 1 range of reg_scores and thresholds', statement: /\b0 to 1\b/, box: /0 to 1/ },
  { detail: 'sizes and coordinates in points', statement: /\bin points\b/i, box: /points/ },
  { detail: 'coordinates from the top-left corner', statement: /top-left/i, box: /top-left/ },
  { detail: 'figure bytes in base64', statement: /base64/i, box: /base64/ },
  { detail: 'which near-duplicate remove_near_duplicates keeps', statement: /remove_near_duplicates[^|]*oldest|oldest[^|]*remove_near_duplicates/i, box: /remove_near_duplicates/ },
  { detail: 'the oldest near-duplicate is its own princeps', statement: /itself if it is the oldest|whose `princeps` is their own id/i, box: /princeps/ },
  { detail: 'what changes last_updated', statement: /rescored[^.]*last_updated|last_updated[^|.]*(any field|rescor)/i, box: /last_updated/ },
  { detail: 'S3 files hold the JSON the API returns', statement: /same JSON|same document format|(the API and|, assumed,) the S3 transfer/i, box: /same JSON/ },
  { detail: 'how the last page is recognised', statement: /fewer items than `page_size`/, box: /last page/ },
  { detail: 'error bodies under `detail`', statement: /\{"detail": "/, box: /`detail`|\{"detail": …\}/ },
  { detail: 'has_signposts: false selects documents without', statement: /without \(`false`\) signposts/, box: /has_signposts/ },
  { detail: 'min_title_length counts characters', statement: /min_title_length[^|]*\|[^|]*characters/, box: /min_title_length/ },
  { detail: 'require_all_psi_labels works like require_all_tags', statement: /require_all_psi_labels[^|]*\|[^|]*same way/, box: /require_all_psi_labels/ },
  { detail: 'Interrogator result pages in `results`, ranked by score', statement: /ranked by `score`|`results` holds|ranked (result|pages)/, box: /`results`/ },
  { detail: "GET /domains gives each domain's latest version", statement: /GET \/domains`\][^.]*latest version/, box: /latest version/ },
  { detail: 'nested tags under `tags`, narrower implying broader', statement: /nested `tags`|broader tag/, box: /`tags`/ },
  // Stated as fact, not in the spec, not marked.
  { detail: 'a domain listed with its latest version, and the default version', statement: /latest\s+`?version`?/, box: /latest version/ },
  { detail: 'zero-based page_index outside signposts', statement: /`page_index` is zero-indexed|`page_index`[^.|]*from 0/, box: /`page_index` counts from 0/ },
  { detail: 'the Interrogator request bodies', statement: /Narrow it with `publisher_ids`/, box: /`publisher_ids`/ },
  { detail: 'the {"request_id": …} wrapper', statement: /returns (its|a)\s+`request_id`/, box: /\{"request_id": …\}/ },
  { detail: 'the order of the Interrogator statuses', statement: /from `pending` to\s+`in_progress`/, box: /order of the statuses/ },
  { detail: 'AND between filter fields, OR inside a list', statement: /all the conditions you give must hold/, box: /AND between fields/ },
  { detail: 'domains thresholds compared with reg_score', statement: /`domains`[^|.]*`reg_score`|minimum `reg_score`/, box: /`reg_score`/ },
  { detail: "the API credential is the portal account's token", statement: /access token of (your|the) (portal )?(sign-in|account)|same account/, box: /portal account/ },
  { detail: 'publisher ranking order by kind of publisher', statement: /legislature ranks above/, box: /legislature/ },
  { detail: 'actionable items are the framework actions', statement: /same requirements are the framework actions|actions are such requirements/, box: /actionable items/ },
  { detail: 'content_type and output_version meanings', statement: /`(content_type|output_version)` \| string \| (Media type|Version)/, box: /`content_type`/ },
  { detail: 'how domain versions come about', statement: /the domain gets a new version/, box: /new version/ },
  { detail: 'tag_id stability', statement: /Stable id/, box: /`tag_id`/ },
  { detail: 'PSI labels are the PSI descriptions keys', statement: /filter with `psi_labels`|keys are the values of the `psi_labels`/, box: /`psi_labels`/ },
  { detail: 'S3 manifest written last', statement: /written last/, box: /written last/ },
  { detail: 'S3 re-delivery replaces', statement: /replaces the earlier copy/, box: /replaces the earlier copy/ },
  { detail: 'S3 publisher ids separated by ;', statement: /separated by `;`/, box: /`;`/ },
  { detail: 'S3 CSV quoting', statement: /commas are quoted/, box: /quoting/ },
  { detail: 'what each doctype covers', statement: /^\| Laws \| Primary legislation/, box: /What each one covers/ },
  { detail: 'latest_only defaults to true', statement: /by default only the latest file/, box: /`latest_only` defaults to `true`/ },
  // Stated as fact, not confirmed by the provider, not marked.
  { detail: "a document's sector levels, broad to narrow, null for none", statement: /document's own `sector`|`sector` \| `\{level_1/, box: /broad to narrow/ },
  { detail: 'output_version is the format version (S3 transfer)', statement: /`output_version` gives/, box: /`output_version`/ },
  { detail: "translated_text_en's shape, the pages and blocks of source_text", statement: /`translated_text_en`[^.]*(same shape|same pages|pages of blocks|list of pages|pages and blocks)/, box: /`translated_text_en`[^.]*(shape|pages and blocks)|shape of `translated_text_en`/ },
  { detail: 'any update moves last_updated, so last_updated_from finds it', statement: /`last_updated_from`[^.]*what changed/, box: /moves `last_updated`/ },
  { detail: 'PSI says what a page is about', statement: /(what a|the) page is about/, box: /page is about/ },
  { detail: 'block kinds and reading order', statement: /a heading, a paragraph|reading order/, box: /reading order/ },
  { detail: 'a 404 for no initiatives may clear', statement: /may clear/, box: /may clear/ },
  { detail: 'the history of themes', statement: /\bthemes (were|are assumed)|replaced by domains/i, box: /history of themes/ },
  { detail: "the archived samples' purpose", statement: /customers (could )?try the document format|to show the document format/, box: /purpose/ },
  // Unmarked assumptions an independent audit of the pages found.
  { detail: "which fields hold a document summary's answers", statement: /"message": "Summary generation|text is in `summary`/, box: /`message`[^:]*`summary`/ },
  { detail: 'a whole country given as its alpha-2 code (`GB` for the United Kingdom)', statement: /United Kingdom|\bUK\b(?!-)/, box: /how a whole country is given/ },
  { detail: 'a list filter matches any of its values', statement: /\bany of (the given|those you list|them|these)\b/i, box: /matches any of its values/ },
  {
    detail: "a 401 for a missing, malformed or expired token",
    statement: /`401`[^.|]*\b(missing|malformed|expired)\b|\b(missing|malformed|expired)\b[^.|]*`401`/,
    box: /`401`/,
    not: /mcp\.mdx$|docs-for-tools\.md$/,
  },
  { detail: "the types of a sanction file's `published` and `timestamp`", statement: /^\| `(published|timestamp)` \| date/, box: /types of `published` and `timestamp`/, only: /sanctions\.mdx$/ },
  { detail: "a page's fields `blocks` and `figures`", statement: /`(blocks|figures)\[\]/, box: /`blocks`[^.]*`figures`/ },
  { detail: 'the manifest columns are the Document lite fields', statement: /Document lite fields/, box: /manifest's columns/, only: /s3_transfer\// },
  { detail: 'a delivered file withholds what the API withholds', statement: /file (has|holds) no `source_text`/, box: /same restrictions/ },
  { detail: 'what a framework action is', statement: /actions documents require|something a document requires|requirement of a document/i, box: /actionable items|what an action is/ },
  { detail: 'the rankings list says what each ranking means', statement: /what each (one |ranking )?means|with what it means/, box: /shape of the rankings list/ },
  { detail: 'a document must reach every threshold of a map', statement: /every threshold/, box: /every threshold/ },
  { detail: "what the provider's API answered before", statement: /\b(never|always) answered\b/, box: /(?!)/ },
  // The fourth fresh audit's.
  { detail: 'how a repeated query parameter is sent', statement: /repeat it for several/, box: /(?!)/ },
  { detail: 'a 422 lists every invalid input', statement: /`422` lists every/, box: /(?!)/ },
  { detail: 'the API answers 401 for a missing token', statement: /answered\s+`401`/, box: /(?!)/ },
  // The third fresh audit's: a page's description read alone (llms.txt) marks what it assumes.
  { detail: "the portal's access token as the API's credential", statement: /access token, calls the API with it/, box: /(?!)/ },
  { detail: 'a 401 from the API', statement: /\b401 against 403\b/, box: /(?!)/ },
  // The second fresh audit's unmarked assumptions.
  { detail: 'what "prerelease" promises', statement: /change without notice/i, box: /(?!)/ },
  { detail: "the domain names and thresholds of the sandbox's examples", statement: /live catalogue|\{"domains": \{"(consumer-credit|prudential)"/i, box: /(?!)/ },
  { detail: 'how an S3 transfer reaches the customer', statement: /to your (S3 )?bucket/i, box: /how (it|they) (reaches|arrives|reach)|S3 bucket/ },
  { detail: 'the success status of an operation', statement: /^It answers `200`/, box: /(?!)/ },
  // The fifth fresh audit's.
  { detail: 'search dates are days (`YYYY-MM-DD`)', statement: /(start_date|end_date|[Pp]ublication dates)[^.]*`YYYY-MM-DD`|valid date in the format YYYY-MM-DD/, box: /search dates are days/ },
  { detail: 'a `languages` threshold is a proportion of the text', statement: /minimum proportion|% English/, box: /`languages` threshold/ },
  { detail: 'what replaces the deprecated filter fields', statement: /[Dd]eprecated[^.|]*(\buse\b|in favour of)|\bUse instead\b/, box: /(?!)/ },
  { detail: "the API changelog as the API's own history", statement: /changelog[^.]*every change to the API\b|every change to the API contract|how the customer API contract changed/i, box: /release history/ },
  // The sixth fresh audit's.
  { detail: 'how long a deprecated field keeps working, and that the provider will remove it', statement: /^(?:They|It) still works?\b|\bdeprecated[^.|]*\bstill works?\b|\bbefore the provider removes|\bwill be removed\b|\buntil (?:it is|they are) removed\b/i, box: /(?!)/ },
  { detail: 'what the `authoritative` list of domains means', statement: /\bauthoritative source\b/i, box: /`authoritative`/ },
  { detail: 'the format of the files the API serves', statement: /\bPDFs? (?:that )?the API (?:serves|returns|gives)\b|\bthe API (?:serves|returns|gives) (?:only )?PDFs?\b|\bevery (?:original |document's )?file is a PDF\b/i, box: /(?!)/ },
  // The seventh fresh audit's.
  { detail: "what a document's `authoritative` list means", statement: /\bis authoritative\b|\bauthoritative (?:in|texts?)\b/i, box: /`authoritative`/ },
  {
    detail: 'a 403 covers the whole account and lasts',
    statement: /(?:[Nn]ew token|[Ss]ign(?:ing)? in again)\b[^.]*\bdoes not change\b|\byour account has no permission\b|^\|[^|]*`403`[^|]*\| No\b/,
    box: /(?!)/,
  },
  { detail: 'a domain is named in the path by its `name`', statement: /\buse a domain name\b|`\{domain\}`[^.]*\bname\b/, box: /path takes the domain's `name`/ },
];

/**
 * The pages the rules read: the docs, the blog's posts (its welcome post speaks of the API), the site's own
 * Markdown pages (the accessibility statement speaks of the files the API serves), and the API changelog's page
 * as `npm run gen-api` writes it.
 */
function pageFiles(): { file: string; text: string }[] {
  const root = path.join(__dirname, '../..');
  const markdownUnder = (dir: string) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.mdx?$/.test(name))
      .map((name) => ({ file: path.join(dir, name), text: fs.readFileSync(path.join(root, dir, name), 'utf8') }));
  const changelog = { file: 'generated/api/changelog.md', text: changelogPage(readChangelog(root)) };
  return [...docFiles(), ...markdownUnder('blog'), ...markdownUnder('src/pages'), changelog];
}

/** Whether a statement says, in itself, that it is assumed or not confirmed by the provider. */
const marked = (statement: string) => /assum|not confirmed|has not (said|described)/i.test(statement);

/**
 * Lines grouped into blocks: a block starts at a heading, at a list item (with the blank lines before it)
 * and at the blank lines that end the page. Line by line, since one splitting expression that looks past
 * blank lines (`\n(?=\s*[-*] )`) rescans them from every newline.
 */
function blocksOf(lines: string[]): string[] {
  const opens = new Array<boolean>(lines.length);
  // Walking back: does the first non-blank line from here on open a list item (or is there none)?
  let listOrEnd = true;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const text = lines[i].trimStart();
    if (text) listOrEnd = /^(?:[-*] |\d+\. )/.test(text);
    opens[i] = lines[i].startsWith('#') || listOrEnd;
  }
  const blocks: string[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || opens[i]) blocks.push(line);
    else blocks[blocks.length - 1] += `\n${line}`;
  });
  return blocks;
}

/** A page's statements: table rows, and the sentences of each paragraph, heading or list item (code left out). */
function statements(text: string): string[] {
  const lines = text
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, '')
    // A sample's title is read, its request is code.
    .replace(/<ApiSample(?: title="([^"]*)")?[^>]*>[\s\S]*?<\/ApiSample>/g, (_sample, title?: string) =>
      title ? `\n\n${title}.\n\n` : '',
    )
    .split('\n');
  const rows = lines.filter((line) => line.startsWith('|'));
  const blocks = blocksOf(lines.map((line) => (line.startsWith('|') ? '' : line)));
  return [...rows, ...blocks.flatMap((block) => block.replace(/\s+/g, ' ').split(/(?<=[.:])\s+(?=[A-Z`[])/))];
}

/** Whether a rule reads `file`. */
const reads = (rule: AssumedRule, file: string) => (!rule.only || rule.only.test(file)) && !rule.not?.test(file);

describe('docs state unspecified server behaviour and shapes as assumptions', () => {
  it.each(ASSUMED_IN_DOCS.map((rule) => [rule.detail, rule]))('%s', (_detail, rule) => {
    const { statement, box } = rule as AssumedRule;
    const unmarked = pageFiles().flatMap(({ file, text }) => {
      if (!reads(rule as AssumedRule, file)) return [];
      const admonition = [...text.matchAll(/:::info\[Assumptions\]([\s\S]*?):::/g)].map((box) => box[1]).join('\n');
      return statements(text)
        .filter((s) => statement.test(s) && !marked(s) && !box.test(admonition))
        .map((s) => `${file}: ${s.trim()}`);
    });
    expect(unmarked).toEqual([]);
  });
});

describe("the contract's descriptions state unspecified behaviour as assumptions too", () => {
  // A description reads with the notes the reference shows beside it: its node's own, those of the schemas
  // it is built from (`$ref`, `allOf`), and those of the nodes holding it (a property's schema's note is
  // shown on the schema and carried to the body that uses it: scripts/openapi/assumptions.ts).
  const noteOf = (node: unknown) =>
    node && typeof node === 'object' && typeof (node as Record<string, unknown>)['x-assumed'] === 'string'
      ? [(node as Record<string, string>)['x-assumed']]
      : [];
  const partsOf = (node: Record<string, unknown>) =>
    [node, ...(Array.isArray(node.allOf) ? node.allOf : [])].flatMap((part) =>
      part && typeof part === 'object' && typeof (part as { $ref?: unknown }).$ref === 'string'
        ? noteOf(resolve(part))
        : [],
    );
  const described: { at: string; description: string; notes: string }[] = [];
  // An operation's page also shows every note of what it reaches (rules/assumptions.ts).
  const pageNotes = new Map(
    contractOperations(contract).map(({ method, path: template }) => [
      `#/paths/${template}/${method}`,
      operationAssumptions(contract, method, template).map(({ reason }) => reason),
    ]),
  );
  const walk = (node: unknown, at: string, held: string[]): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`, held));
    const record = node as Record<string, unknown>;
    const notes = [...held, ...noteOf(record), ...partsOf(record), ...(pageNotes.get(at) ?? [])];
    if (typeof record.description === 'string')
      described.push({ at, description: record.description, notes: notes.join('\n') });
    for (const [key, value] of Object.entries(record))
      if (key !== 'example' && key !== 'examples') walk(value, `${at}/${key}`, notes);
  };
  walk(contract, '#', []);

  it('reads the descriptions', () => {
    expect(described.length).toBeGreaterThan(100);
  });

  // A rule for some pages only is not one for the contract.
  it.each(ASSUMED_IN_DOCS.filter((rule) => !rule.only).map((rule) => [rule.detail, rule]))('%s', (_detail, rule) => {
    const { statement, box } = rule as AssumedRule;
    const unmarked = described.flatMap(({ at, description, notes }) =>
      statements(description)
        .filter((s) => statement.test(s) && !marked(s) && !box.test(notes))
        .map((s) => `${at}: ${s.trim()}`),
    );
    expect(unmarked).toEqual([]);
  });
});

/**
 * The texts read alone, away from the page and its Assumptions box: a page's front matter `description`
 * (its line in llms.txt, the search index, a link preview), a category's index description, and the API
 * changelog's entries (a feed reader shows them one by one).
 */
function textsReadAlone(): { where: string; text: string }[] {
  const descriptions = pageFiles().flatMap(({ file, text }) => {
    const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
    const description = (parse(frontMatter) as { description?: string } | null)?.description;
    return description ? [{ where: `${file} (description)`, text: description }] : [];
  });
  const docsDir = path.join(__dirname, '../../docs');
  const categories = fs
    .readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name) === '_category_.json')
    .flatMap((name) => {
      const description = JSON.parse(fs.readFileSync(path.join(docsDir, name), 'utf8')).link?.description;
      return description ? [{ where: `docs/${name} (description)`, text: description as string }] : [];
    });
  const changelog = parse(fs.readFileSync(path.join(__dirname, '../../openapi/changelog.yaml'), 'utf8')) as {
    entries: { date: string; summary?: string; action?: string }[];
  };
  const entries = changelog.entries.flatMap(({ date, summary, action }) =>
    [summary, action].filter(Boolean).map((text) => ({ where: `openapi/changelog.yaml ${date}`, text: text! })),
  );
  // The home page's cards: a card is read alone, away from the section it links to.
  const home = fs.readFileSync(path.join(__dirname, '../../src/components/HomeSections/index.tsx'), 'utf8');
  const cards = [...home.matchAll(/description: '([^']*)'/g)].map(([, text]) => ({
    where: 'src/components/HomeSections/index.tsx (card)',
    text,
  }));
  return [...descriptions, ...categories, ...entries, ...cards];
}

describe('a text read alone marks what it assumes in itself', () => {
  const texts = textsReadAlone();

  it("reads every page description, category description, changelog entry and home page card", () => {
    expect(texts.filter(({ where }) => where.endsWith('(description)')).length).toBeGreaterThan(30);
    expect(texts.filter(({ where }) => where.endsWith('(card)')).length).toBeGreaterThan(5);
    expect(texts.filter(({ where }) => where.startsWith('openapi/changelog.yaml')).length).toBeGreaterThan(3);
  });

  it.each(ASSUMED_IN_DOCS.map((rule) => [rule.detail, rule]))('%s', (_detail, rule) => {
    const { statement } = rule as AssumedRule;
    const unmarked = texts
      .filter(({ where }) => reads(rule as AssumedRule, where.split(' ')[0]))
      .flatMap(({ where, text }) =>
        // A clause of its own (after `;`) carries its own mark: a mark in the clause before covers only that.
        statements(text.replace(/\s+/g, ' '))
          .flatMap((s) => s.split(/;\s+/))
          .filter((s) => statement.test(s) && !marked(s))
          .map((s) => `${where}: ${s.trim()}`),
      );
    expect(unmarked).toEqual([]);
  });
});

describe('what the sanctions `jurisdictions` filter compares is marked as assumed: a sanction file has no jurisdiction', () => {
  // A Sanction is sanction_id, title, published, timestamp and publishers (spec §3.1): nothing the filter can
  // compare but its publishers, which the provider has not confirmed.
  it('the sanctions page says what it assumes the filter compares, in its Assumptions box', () => {
    const text = doc('docs/api/sanctions.mdx');
    const box = /:::info\[Assumptions\]([\s\S]*?):::/.exec(text)?.[1] ?? '';
    expect(box.replace(/\s+/g, ' ')).toMatch(/`jurisdictions` compares the jurisdiction of a file's publishers/);
  });

  it("the contract's list of sanction files marks it x-assumed", () => {
    expect(contract.paths['/sanctions/'].get['x-assumed']).toMatch(/`jurisdictions`[^.]*publishers/);
  });
});

describe("the `authoritative` nodes of the contract mark what the list means as assumed", () => {
  it.each([
    ['the filter field', ['components', 'schemas', 'DocumentFilters', 'properties', 'authoritative']],
    ["the document's field", ['components', 'schemas', 'Document', 'allOf', '1', 'properties', 'authoritative']],
  ])('%s', (_where, at) => {
    const node = (at as string[]).reduce((parent: Record<string, unknown>, key) => parent[key] as Record<string, unknown>, contract);
    expect(node['x-assumed']).toMatch(/has not confirmed what[^;]*`?authoritative`? list means|has not confirmed what this list means/);
  });
});

describe('token and session lifetimes are given as defaults, which a user pool can change', () => {
  // Cognito's defaults (an hour for access tokens, 30 days for refresh tokens) are settings of the
  // operator's user pool, not promises: a page that names one says it is the default.
  it('every statement naming an hour or 30 days of a token or session says "default"', () => {
    const lifetime = /\b30 days\b|\ban hour\b|\b60 minutes\b/;
    const undefaulted = pageFiles().flatMap(({ file, text }) =>
      statements(text)
        .filter((s) => lifetime.test(s) && /token|session|sign/i.test(s) && !/\bdefault\b/.test(s))
        .map((s) => `${file}: ${s.trim()}`),
    );
    expect(undefaulted).toEqual([]);
  });
});

describe("every publisher id a page's filter names is one the local sample data has, so the example can be tried", () => {
  const known = new Set(PUBLISHERS.map(([id]) => id));
  const named = pageFiles().flatMap(({ file, text }) =>
    [
      ...[...text.matchAll(/"type": "publisher_id", "value": "([^"]*)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/"publisher_ids": \[([^\]]*)\]/g)].flatMap((m) =>
        m[1].split(',').map((value) => value.trim().replace(/^"|"$/g, '')),
      ),
    ].map((id) => ({ file, id })),
  );

  it('finds the publisher ids of the filters, the changelog page among them', () => {
    expect(named.filter(({ file }) => file === 'docs/api/changelog.md').length).toBeGreaterThan(0);
  });

  it('names none the sample data lacks', () => {
    expect(named.filter(({ id }) => !known.has(id))).toEqual([]);
  });
});

describe('assumptions name what the provider has not confirmed, not "the API description"', () => {
  // The spec is never cited to customers (tests/docs/words.test.ts); "the API description" would read as
  // the provider's confirmation. The OpenAPI description is named as such.
  it('no marker or page says "the API description"', () => {
    const saying = (part: string) => /\bAPI description\b/.test(part);
    const markers = JSON.stringify(contract).split(/[."]/).filter(saying);
    const pages = docFiles().flatMap(({ file, text }) =>
      text.split(/[.\n]/).filter(saying).map((line) => `${file}: ${line.trim()}`),
    );
    expect([...markers, ...pages]).toEqual([]);
  });
});

describe('every jurisdiction a page names is an ISO 3166-2 code, as the provider gives them', () => {
  // A publisher's jurisdiction is ISO 3166-2: a bare country code (`GB`) or `EU` is none.
  // ISO 3166-2: the country's ISO 3166-1 alpha-2 code, a hyphen, one to three letters or digits.
  const pattern = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
  // The API changelog names the codes it no longer documents: history, not a code to send.
  const pages = pageFiles().filter(({ file }) => file !== 'generated/api/changelog.md');
  const named = pages.flatMap(({ file, text }) =>
    [
      ...[...text.matchAll(/"type": "jurisdiction", "value": "([^"]*)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/jurisdictions=([\w-]+)/g)].map((m) => m[1]),
      ...[...text.matchAll(/jurisdictions"?: \[([^\]]*)\]/g)].flatMap((m) =>
        m[1].split(',').map((value) => value.trim().replace(/^["']|["']$/g, '')),
      ),
      ...[...text.matchAll(/jurisdiction `?([A-Z]{2}(?:-[A-Z0-9]+)?)\b/g)].map((m) => m[1]),
      ...[...text.matchAll(/`([A-Z]{2}(?:-[A-Z0-9]{1,3})?)`/g)]
        .map((m) => m[1])
        .filter((code) => code === 'EU'),
    ].map((code) => ({ file, code })),
  );

  it('finds the jurisdictions of the samples', () => {
    expect(named.length).toBeGreaterThan(8);
  });

  it('names none that is not an ISO 3166-2 code', () => {
    expect(named.filter(({ code }) => !pattern.test(code))).toEqual([]);
  });
});

/**
 * A page's text without its parts for a portal run on the reader's own machine (`:::on-your-machine`,
 * rules/localParts.ts), which a build for a user pool leaves out; a container inside such a part closes inside it.
 */
function withoutLocalParts(text: string): string {
  let depth = 0;
  return text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      if (depth === 0 && trimmed === `:::${LOCAL_PART_DIRECTIVE}`) depth = 1;
      else if (depth > 0 && /^:::[\w-]/.test(trimmed)) depth += 1;
      else if (depth > 0 && trimmed === ':::') depth -= 1;
      else return depth === 0;
      return false;
    })
    .join('\n');
}

/** How many lines before a request for a sample id its note may be: the paragraphs a reader has just read. */
const NOTE_WITHIN_LINES = 30;

describe("customers' pages are true on a portal with no sandbox", () => {
  // A deployed portal has no sandbox API (a build for a user pool offers none, and leaves out the page that
  // explains it): a customer's page speaks of "the sample answers on these pages", and of the portal run on
  // the reader's own machine only inside an `:::on-your-machine` part. Maintainers' pages may say it.
  const maintainers = new Set(maintainersDocs(path.join(__dirname, '../../docs')).map((name) => path.join('docs', name)));
  const customerPages = () => pageFiles().filter(({ file }) => !maintainers.has(file));

  it('reads the pages, and leaves out the maintainers\' ones', () => {
    expect(maintainers.size).toBeGreaterThan(0);
    expect(customerPages().map(({ file }) => file)).toEqual(
      expect.arrayContaining(['docs/api/tokens.mdx', 'docs/api/files.mdx', 'src/pages/accessibility.md']),
    );
  });

  it('no customer page says "sandbox" outside a part for a portal run on your own machine', () => {
    const saying = customerPages().flatMap(({ file, text }) =>
      withoutLocalParts(text)
        .split('\n')
        .flatMap((line) => (/sandbox/i.test(line) ? [`${file}: ${line.trim()}`] : [])),
    );
    expect(saying).toEqual([]);
  });

  it('a part for a portal run on your own machine is left out, nested containers and all', () => {
    const page = ['Before.', ':::on-your-machine', ':::note', 'The sandbox.', ':::', 'Still local.', ':::', 'After.'];
    expect(withoutLocalParts(page.join('\n'))).toBe('Before.\nAfter.');
  });

  it("a request for a sample's made-up id comes after the note to use one from the reader's own answers", () => {
    // A request the reader runs (a sample request, a `…_ID=` line) for an id of the sample answers; the note
    // ("… from your own search or list answer") is within the lines a reader has just read.
    const ids = /\b3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77\b|\buk-ofsi-2025-05-01\b|\bnist-csf-2\.0\b/;
    const request = (line: string) => ids.test(line) && (/<ApiSample/.test(line) || /^[A-Z_]+_ID=/.test(line));
    const unnoted = customerPages().flatMap(({ file, text }) => {
      const lines = withoutLocalParts(text).split('\n');
      return lines.flatMap((line, index) =>
        request(line) && !/from your own/.test(lines.slice(Math.max(0, index - NOTE_WITHIN_LINES), index).join(' '))
          ? [`${file}: ${line.trim()}`]
          : [],
      );
    });
    expect(unnoted).toEqual([]);
  });
});
