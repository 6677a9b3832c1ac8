/**
 * @jest-environment node
 *
 * Every language the site highlights is one stock Docusaurus can highlight with its configuration: bundled in
 * prism-react-renderer or listed in `prism.additionalLanguages` (config/codeLanguages.ts), loaded the way
 * theme-classic's `prism-include-languages` loads them (prismjs's component files on a global `Prism`). The
 * languages are read where the site writes them: the fences of docs/, blog/ and src/pages, the literal
 * `language="…"` of the site's components, the API explorer's language tabs, and the bodies' languages the
 * OpenAPI theme picks (`json`, `xml`, or `shell` for other media types).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Prism } from 'prism-react-renderer';
import { PRISM_ADDITIONAL_LANGUAGES } from '../codeLanguages';
import { apiLanguageTabs } from '../openapi';

const ROOT = path.resolve(__dirname, '../..');
/** Fence languages that mean "no highlighting". */
const PLAIN = new Set(['text', 'plain', 'txt']);
const FENCE = /^[ \t]*```([\w-]+)/gm;
const LITERAL = /\blanguage="([\w-]+)"/g;

/** Every file under `dir` (relative to the repository) whose name matches `name`, skipping tests. */
function files(dir: string, name: RegExp): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file) && !file.includes('__tests__'))
    .map((file) => path.join(dir, file));
}

/** language → the places that use it. */
function usedLanguages(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const add = (language: string, where: string) => {
    if (!PLAIN.has(language)) used.set(language, [...(used.get(language) ?? []), where]);
  };
  const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const file of ['docs', 'blog', 'src/pages'].flatMap((dir) => files(dir, /\.mdx?$/)))
    for (const [, language] of read(file).matchAll(FENCE)) add(language, file);
  for (const file of files('src', /\.tsx$/))
    for (const [, language] of read(file).matchAll(LITERAL)) add(language, file);
  for (const tab of apiLanguageTabs) add(tab.highlight, 'config/openapi.ts apiLanguageTabs');
  for (const language of ['json', 'xml', 'shell']) add(language, "the OpenAPI theme's request and response bodies");
  return used;
}

beforeAll(async () => {
  // What theme-classic's prism-include-languages does with `additionalLanguages`.
  (globalThis as { Prism?: unknown }).Prism = Prism;
  for (const language of PRISM_ADDITIONAL_LANGUAGES) await import(`prismjs/components/prism-${language}`);
  delete (globalThis as { Prism?: unknown }).Prism;
});

test('finds the languages the site shows', () => {
  expect([...usedLanguages().keys()]).toEqual(expect.arrayContaining(['bash', 'json', 'python', 'java', 'go']));
});

test('every language the site shows is bundled by prism-react-renderer or listed in additionalLanguages', () => {
  const missing = [...usedLanguages()]
    .filter(([language]) => !Prism.languages[language])
    .map(([language, where]) => `${language} (${[...new Set(where)].join(', ')})`);
  expect(missing).toEqual([]);
});
