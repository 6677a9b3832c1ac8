/**
 * What the leak tests look for: every file of the build, and sentences only gated
 * content holds — the first paragraph of every doc, API and blog page, and the contract's operation
 * descriptions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import { loadContract } from '../../config/openapi';

/** Every file under `dir`, as absolute paths. */
export const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile());

/** Sentences only gated content holds: page paragraphs and the contract's operation descriptions. */
export function markers(files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files.filter((f) => /[/\\](docs|api|blog)[/\\].*index\.html$/.test(f))) {
    const paragraph = parseHtml(fs.readFileSync(file, 'utf8')).querySelector('article p, main p');
    const text = paragraph?.text.trim().slice(0, 60);
    if (text && text.length >= 30) found.add(text);
  }
  const contract = loadContract();
  for (const item of Object.values(contract.paths as Record<string, Record<string, { description?: string }>>)) {
    for (const operation of Object.values(item)) {
      const text = operation.description?.split('\n')[0].trim().slice(0, 60);
      if (text && text.length >= 30) found.add(text);
    }
  }
  return [...found];
}
