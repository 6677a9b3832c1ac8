/**
 * @jest-environment node
 *
 * The corpus file under `.local` follows the sources it is built from: a database built from other sample data
 * is rebuilt when the sandbox opens it, so the guides' answers and the valid jurisdictions are the current
 * ones; one built from the current sources is reused as it is (starting stays fast).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { PROJECT_ROOT } from '../../../config/paths';
import { CorpusDb, corpusFingerprint, corpusSources } from '../corpus/db';
import { PUBLISHERS } from '../corpus/sampleData';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-file-'));
  file = path.join(dir, 'corpus.db');
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds the file with `fingerprint`, then makes its publishers look like older sample data (`GB`, not `GB-ENG`). */
function buildStale(fingerprint?: string): void {
  CorpusDb.open(file, fingerprint).corpus.close();
  const db = new Database(file);
  const row = db.prepare("SELECT json FROM reference WHERE key = 'publishers'").get() as { json: string };
  db.prepare("UPDATE reference SET json = ? WHERE key = 'publishers'").run(row.json.replaceAll('"GB-ENG"', '"GB"'));
  db.close();
}

function jurisdictions(corpus: CorpusDb): (string | null | undefined)[] {
  return [...new Set(corpus.reference('publishers').map((p) => p.jurisdiction))];
}

test('a database built from other sample data is rebuilt on open, with the current data', () => {
  buildStale('fingerprint of older sources');
  const { corpus, rebuilt, buildMs } = CorpusDb.open(file);
  try {
    expect(jurisdictions(corpus)).toContain('GB-ENG');
    expect(jurisdictions(corpus)).not.toContain('GB');
    expect(rebuilt).toBe(true);
    expect(buildMs).toBeGreaterThan(0);
  } finally {
    corpus.close();
  }
});

test('a database built from the current sources is reused, not rebuilt', () => {
  buildStale();
  const { corpus, rebuilt, buildMs } = CorpusDb.open(file);
  try {
    expect(rebuilt).toBe(false);
    expect(buildMs).toBe(0);
    // The marker written after the build is still there: the same file was opened, not a new one.
    expect(jurisdictions(corpus)).toContain('GB');
  } finally {
    corpus.close();
  }
});

test("the fingerprint follows the sources' contents, wherever they are", () => {
  const root = fs.mkdtempSync(path.join(dir, 'root-'));
  for (const source of corpusSources()) {
    const copy = path.join(root, path.relative(PROJECT_ROOT, source));
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(source, copy);
  }
  expect(corpusFingerprint(corpusSources(root))).toBe(corpusFingerprint());

  const sampleData = path.join(root, 'local', 'sandbox', 'corpus', 'sampleData.ts');
  const [id, , jurisdiction] = PUBLISHERS[0];
  const text = fs.readFileSync(sampleData, 'utf8');
  expect(text).toContain(`'${jurisdiction}'`);
  fs.writeFileSync(sampleData, text.replace(`['${id}', `, `['${id}-renamed', `));
  expect(corpusFingerprint(corpusSources(root))).not.toBe(corpusFingerprint());
});
