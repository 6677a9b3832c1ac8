/**
 * The sandbox's SQLite database (libsql: prebuilt binaries come from the npm registry, no download from
 * elsewhere; FTS5 for titles and page text). Documents are stored whole as JSON, with the columns and
 * side tables the document filter needs (./filters.ts). Built from the seed (./seed.ts) when the file is
 * missing or was built from other sources (its fingerprint, `corpusFingerprint`); `:memory:` builds a private
 * copy (tests).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { loadContract, OPENAPI_SPEC_PATH } from '../../../config/openapi';
import { PROJECT_ROOT } from '../../../config/paths';
import { FilterError, filterToSql, type DocumentFilters, type SqlCondition } from './filters';
import { buildCorpus } from './seed';
import type { Corpus, Document } from './shapes';

/**
 * The files a database is built from: this folder (the generator, its data and the schema below), the states
 * the docs name (../states.ts) and the contract (its doctypes). Absolute paths.
 */
export function corpusSources(root = PROJECT_ROOT): string[] {
  const folder = path.join(root, 'local', 'sandbox', 'corpus');
  const own = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => path.join(folder, name));
  return [...own, path.join(root, 'local', 'sandbox', 'states.ts'), path.join(root, OPENAPI_SPEC_PATH)];
}

/**
 * The SHA-256 (hex) of `files`' contents, in order: a database stores the fingerprint of the sources it was
 * built from, and one with another fingerprint is rebuilt, so any change to the sample data, the generator or
 * the schema reaches an existing database. Hashing the sources (about 100 KB) costs well under a millisecond;
 * hashing the generated corpus would mean building it (over 100 ms) on every open.
 *
 * @throws {Error} when a file cannot be read.
 */
export function corpusFingerprint(files: string[] = corpusSources()): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const content = fs.readFileSync(file);
    // Each file's length first, so moving text from one file to the next changes the fingerprint too.
    hash.update(`${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

type Db = InstanceType<typeof Database>;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
  rowid INTEGER PRIMARY KEY, document_id TEXT UNIQUE NOT NULL, title TEXT NOT NULL, title_length INTEGER NOT NULL,
  published TEXT NOT NULL, doctype TEXT NOT NULL, restriction TEXT NOT NULL, princeps TEXT NOT NULL,
  last_updated_ms INTEGER NOT NULL, has_signposts INTEGER NOT NULL,
  level_1 TEXT, level_2 TEXT, level_3 TEXT, level_4 TEXT, json TEXT NOT NULL);
CREATE INDEX documents_published ON documents (published DESC, document_id);
CREATE TABLE document_publishers (doc INTEGER NOT NULL, publisher TEXT NOT NULL, jurisdiction TEXT, ranking INTEGER);
CREATE TABLE document_initiatives (doc INTEGER NOT NULL, initiative INTEGER NOT NULL);
CREATE TABLE document_domains (doc INTEGER NOT NULL, domain TEXT NOT NULL, reg_score REAL NOT NULL, authoritative INTEGER NOT NULL);
CREATE TABLE document_tags (doc INTEGER NOT NULL, tag TEXT NOT NULL);
CREATE TABLE document_psi (doc INTEGER NOT NULL, label TEXT NOT NULL);
CREATE TABLE document_languages (doc INTEGER NOT NULL, language TEXT NOT NULL, proportion REAL NOT NULL);
CREATE INDEX document_publishers_doc ON document_publishers (doc);
CREATE INDEX document_domains_doc ON document_domains (doc);
CREATE INDEX document_tags_doc ON document_tags (doc);
CREATE VIRTUAL TABLE titles USING fts5 (title, tokenize = 'porter unicode61');
CREATE TABLE pages (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, page_index INTEGER NOT NULL, text TEXT NOT NULL);
CREATE VIRTUAL TABLE pages_text USING fts5 (text, tokenize = 'porter unicode61');
CREATE TABLE reference (key TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE requests (request_id TEXT NOT NULL, kind TEXT NOT NULL, step INTEGER NOT NULL, json TEXT NOT NULL,
  PRIMARY KEY (request_id, kind));
CREATE TABLE summaries (document_id TEXT PRIMARY KEY, step INTEGER NOT NULL);
`;

/** The reference lists stored whole (one JSON value each). */
type ReferenceKey = Exclude<keyof Corpus, 'documents' | 'requests'>;

/** The statements that store a corpus: one per table. */
function insertStatements(db: Db) {
  return {
    document: db.prepare(
      `INSERT INTO documents (rowid, document_id, title, title_length, published, doctype, restriction, princeps,
        last_updated_ms, has_signposts, level_1, level_2, level_3, level_4, json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    title: db.prepare('INSERT INTO titles (rowid, title) VALUES (?, ?)'),
    publisher: db.prepare('INSERT INTO document_publishers VALUES (?, ?, ?, ?)'),
    initiative: db.prepare('INSERT INTO document_initiatives VALUES (?, ?)'),
    domain: db.prepare('INSERT INTO document_domains VALUES (?, ?, ?, ?)'),
    tag: db.prepare('INSERT INTO document_tags VALUES (?, ?)'),
    psi: db.prepare('INSERT INTO document_psi VALUES (?, ?)'),
    language: db.prepare('INSERT INTO document_languages VALUES (?, ?, ?)'),
    page: db.prepare('INSERT INTO pages (rowid, doc, page_index, text) VALUES (?, ?, ?, ?)'),
    pageText: db.prepare('INSERT INTO pages_text (rowid, text) VALUES (?, ?)'),
    reference: db.prepare('INSERT INTO reference VALUES (?, ?)'),
    request: db.prepare('INSERT INTO requests VALUES (?, ?, ?, ?)'),
  };
}

type Inserts = ReturnType<typeof insertStatements>;

/** Stores `doc` as row `row`: its columns, its side tables' rows, its title and its pages for full-text search. */
function insertDocument(
  insert: Inserts,
  publishers: Map<string, Corpus['publishers'][number]>,
  doc: Document,
  row: number,
) {
  const sector = doc.sector ?? {};
  insert.document.run(
    row,
    doc.document_id,
    doc.title!,
    doc.title!.length,
    doc.published!,
    doc.doctype!,
    doc.restriction!,
    doc.princeps!,
    Date.parse(doc.last_updated!),
    doc.signposts?.length ? 1 : 0,
    sector.level_1 ?? null,
    sector.level_2 ?? null,
    sector.level_3 ?? null,
    sector.level_4 ?? null,
    JSON.stringify(doc),
  );
  insert.title.run(row, doc.title!);
  for (const id of doc.publishers ?? []) {
    const publisher = publishers.get(id);
    insert.publisher.run(row, id, publisher?.jurisdiction ?? null, publisher?.hierarchy_ranking ?? null);
  }
  for (const { id } of doc.initiatives ?? []) insert.initiative.run(row, id);
  for (const [domain, { reg_score }] of Object.entries(doc.reg_scores ?? {})) {
    insert.domain.run(row, domain, reg_score, doc.authoritative?.includes(domain) ? 1 : 0);
  }
  for (const tag of new Set(doc.signposts?.map((s) => s.tag))) insert.tag.run(row, tag);
  const labels = new Set(
    doc.psi_classifications?.flatMap((c) => c.classification_paths?.map((p) => p[p.length - 1]) ?? []),
  );
  for (const label of labels) insert.psi.run(row, label);
  for (const [language, proportion] of Object.entries(doc.languages ?? {}))
    insert.language.run(row, language, proportion);
}

function fill(db: Db, corpus: Corpus, fingerprint: string): void {
  const insert = insertStatements(db);
  const publishers = new Map(corpus.publishers.map((p) => [p.id, p]));
  let pageRow = 0;
  db.transaction(() => {
    corpus.documents.forEach((doc, index) => {
      const row = index + 1;
      insertDocument(insert, publishers, doc, row);
      (doc.source_text ?? []).forEach((page, pageIndex) => {
        pageRow += 1;
        const text = (page.blocks ?? []).map((b) => b.text).join('\n');
        insert.page.run(pageRow, row, pageIndex, text);
        insert.pageText.run(pageRow, text);
      });
    });
    for (const key of Object.keys(corpus) as (keyof Corpus)[]) {
      if (key !== 'documents' && key !== 'requests') insert.reference.run(key, JSON.stringify(corpus[key]));
    }
    for (const request of corpus.requests) {
      // Seeded requests are already completed, so the docs' polling samples show results at once.
      insert.request.run(request.request_id, request.kind, 2, JSON.stringify(request));
    }
    db.prepare('INSERT INTO meta VALUES (?, ?)').run('fingerprint', fingerprint);
  })();
}

/** How a stored document is shown at its restriction level (spec §6). */
export function asRestricted(doc: Document): Document {
  if (doc.restriction === 'restricted') return { document_id: doc.document_id, restriction: 'restricted' };
  if (doc.restriction === 'partially_restricted') {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { source_text, translated_text_en, ...rest } = doc;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    return { ...rest, signposts: rest.signposts?.map(({ inference_text, ...signpost }) => signpost) };
  }
  return doc;
}

/** The Document lite fields of spec §3.1, as the contract lists them (`DocumentLite`). */
export const LITE_FIELDS = Object.keys(loadContract().components.schemas.DocumentLite.properties) as (keyof Document)[];

/** The sandbox's data access: every query the handlers make. */
export class CorpusDb {
  private constructor(private readonly db: Db) {}

  /**
   * Opens the database at `file`, building it from the seed when it is missing or was built from other sources
   * (`corpusFingerprint`); `:memory:` builds a private in-memory copy.
   *
   * @param fingerprint - the sources' fingerprint to build from and compare with (tests pass another).
   * @returns the database, how long building took (ms; 0 when it was already built) and whether an existing
   *   file was replaced because it was built from other sources.
   * @throws {Error} when the folder of `file` cannot be written.
   */
  static open(
    file: string,
    fingerprint: string = corpusFingerprint(),
  ): { corpus: CorpusDb; buildMs: number; rebuilt: boolean } {
    let rebuilt = false;
    if (file !== ':memory:') {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      if (fs.existsSync(file)) {
        const existing = new Database(file);
        try {
          const row = existing.prepare("SELECT value FROM meta WHERE key = 'fingerprint'").get() as
            { value?: string } | undefined;
          if (row?.value === fingerprint) return { corpus: new CorpusDb(existing), buildMs: 0, rebuilt };
        } catch {
          // Not a corpus this code wrote: rebuilt below.
        }
        existing.close();
        fs.rmSync(file);
        rebuilt = true;
      }
    }
    const started = performance.now();
    const db = new Database(file);
    db.exec(SCHEMA);
    fill(db, buildCorpus(), fingerprint);
    return { corpus: new CorpusDb(db), buildMs: performance.now() - started, rebuilt };
  }

  close(): void {
    this.db.close();
  }

  /** A reference list of the corpus (publishers, domains, sectors, …). */
  reference<K extends ReferenceKey>(key: K): Corpus[K] {
    const row = this.db.prepare('SELECT json FROM reference WHERE key = ?').get(key) as { json: string };
    return JSON.parse(row.json);
  }

  /** One stored document, whole (not yet restricted), or undefined. */
  document(id: string): Document | undefined {
    const row = this.db.prepare('SELECT json FROM documents WHERE document_id = ?').get(id) as
      { json: string } | undefined;
    return row && JSON.parse(row.json);
  }

  /**
   * `filters` as SQL, once SQLite has compiled its `title_regex`.
   *
   * @throws {FilterError} for a filter too large (./filters.ts) or a pattern SQLite's REGEXP cannot read.
   */
  private condition(filters: DocumentFilters | undefined): SqlCondition {
    const condition = filterToSql(filters);
    if (filters?.title_regex) {
      try {
        this.db.prepare('SELECT ? REGEXP ?').get('', filters.title_regex);
      } catch (error) {
        throw new FilterError(
          'title_regex',
          `SQLite's REGEXP cannot read it: ${(error as Error).message}`,
          'value_error',
        );
      }
    }
    return condition;
  }

  /**
   * The documents matching `filters`, newest first, one page of them (`page` from 1). The contract bounds
   * `page` and `page_size` below only, so either may be any integer JSON can write (`1e300`): a page that
   * starts past the largest safe integer is empty, and a larger page size is all of them, since SQLite
   * takes neither as its 64-bit LIMIT or OFFSET.
   */
  search(filters: DocumentFilters | undefined, page: number, pageSize: number): Document[] {
    const { where, params } = this.condition(filters);
    const offset = (page - 1) * pageSize;
    if (!Number.isSafeInteger(offset)) return [];
    const rows = this.db
      .prepare(
        `SELECT d.json FROM documents d WHERE ${where} ORDER BY d.published DESC, d.document_id LIMIT ? OFFSET ?`,
      )
      .all(...params, Math.min(pageSize, Number.MAX_SAFE_INTEGER), offset) as { json: string }[];
    return rows.map((row) => JSON.parse(row.json));
  }

  /** How many documents match `filters`. */
  count(filters: DocumentFilters | undefined): number {
    const { where, params } = this.condition(filters);
    return (this.db.prepare(`SELECT count(*) AS n FROM documents d WHERE ${where}`).get(...params) as { n: number }).n;
  }

  /**
   * Pages whose text matches any word of `query` (FTS5, porter stemming), best first, from unrestricted
   * documents only: the others' text is withheld (spec §6).
   */
  searchPages(
    query: string,
    filters: {
      publisher_ids?: string[];
      jurisdictions?: string[];
      doctypes?: string[];
      start_date?: string;
      end_date?: string;
    },
    limit: number,
  ): { document_id: string; page_index: number; page_text: string; rank: number; title: string; doctype: string }[] {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])];
    if (words.length === 0) return [];
    const where = ["d.restriction = 'unrestricted'"];
    const params: (string | number)[] = [words.map((w) => `"${w}"`).join(' OR ')];
    const list = (column: string, values?: string[]) => {
      if (!values?.length) return;
      where.push(
        `EXISTS (SELECT 1 FROM document_publishers x WHERE x.doc = d.rowid AND x.${column} IN (${values.map(() => '?').join(', ')}))`,
      );
      params.push(...values);
    };
    list('publisher', filters.publisher_ids);
    list('jurisdiction', filters.jurisdictions);
    if (filters.doctypes?.length) {
      where.push(`d.doctype IN (${filters.doctypes.map(() => '?').join(', ')})`);
      params.push(...filters.doctypes);
    }
    if (filters.start_date) {
      where.push('d.published >= ?');
      params.push(filters.start_date);
    }
    if (filters.end_date) {
      where.push('d.published <= ?');
      params.push(filters.end_date);
    }
    return this.db
      .prepare(
        `SELECT d.document_id, p.page_index, p.text AS page_text, bm25(pages_text) AS rank, d.title, d.doctype
         FROM pages_text JOIN pages p ON p.rowid = pages_text.rowid JOIN documents d ON d.rowid = p.doc
         WHERE pages_text MATCH ? AND ${where.join(' AND ')} ORDER BY rank LIMIT ?`,
      )
      .all(...params, limit) as never;
  }

  /** The text of one page of a document, or undefined. */
  pageText(documentId: string, pageIndex: number): string | undefined {
    const row = this.db
      .prepare(
        'SELECT p.text FROM pages p JOIN documents d ON d.rowid = p.doc WHERE d.document_id = ? AND p.page_index = ?',
      )
      .get(documentId, pageIndex) as { text: string } | undefined;
    return row?.text;
  }

  /** A stored Interrogator request with its step (0 pending, 1 in progress, 2 completed). */
  request(id: string, kind: 'search' | 'summary'): { step: number; data: Record<string, unknown> } | undefined {
    const row = this.db.prepare('SELECT step, json FROM requests WHERE request_id = ? AND kind = ?').get(id, kind) as
      { step: number; json: string } | undefined;
    return row && { step: row.step, data: JSON.parse(row.json) };
  }

  saveRequest(id: string, kind: string, step: number, data: Record<string, unknown>): void {
    this.db.prepare('INSERT OR REPLACE INTO requests VALUES (?, ?, ?, ?)').run(id, kind, step, JSON.stringify(data));
  }

  /** The summary step of a document (0: never asked). */
  summaryStep(documentId: string): number {
    const row = this.db.prepare('SELECT step FROM summaries WHERE document_id = ?').get(documentId) as
      { step: number } | undefined;
    return row?.step ?? 0;
  }

  saveSummaryStep(documentId: string, step: number): void {
    this.db.prepare('INSERT OR REPLACE INTO summaries VALUES (?, ?)').run(documentId, step);
  }
}
