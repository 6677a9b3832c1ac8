/**
 * Who a doc is for. A page meant for the portal's own maintainers (how to run the portal's source, its
 * sandbox API) says so in its front matter, `audience: maintainers`; every other page is for customers. A
 * build for a user pool, the one customers read, leaves maintainers' pages out of the docs plugin
 * (its `exclude` option), so they are in no sidebar, no built page, no Markdown copy, no `llms.txt` and no
 * search index; local mode keeps them. Writers mark a page without touching code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GlobExcludeDefault } from '@docusaurus/utils';
import { parse } from 'yaml';
import type { AuthMode } from './env';

/** The front matter field and the value that mark a maintainers' page. */
export const AUDIENCE_FIELD = 'audience';
export const AUDIENCES = ['customers', 'maintainers'] as const;

/**
 * The most of a doc read for its front matter, in bytes: the front matter is at the top, and a file is
 * not read whole to find it.
 */
export const MAX_FRONT_MATTER_BYTES = 16 * 1024;

/** The docs plugin's file extensions (Docusaurus `include` default). */
const DOC_FILE = /\.mdx?$/;

/**
 * The front matter of a doc: the YAML between its first two `---` lines (as scripts/docs-check reads it).
 *
 * @throws {Error} naming the file when the block does not end within {@link MAX_FRONT_MATTER_BYTES} or is
 *   not a YAML mapping.
 */
function frontMatterOf(file: string): Record<string, unknown> {
  const handle = fs.openSync(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(MAX_FRONT_MATTER_BYTES);
    head = buffer.toString('utf8', 0, fs.readSync(handle, buffer, 0, MAX_FRONT_MATTER_BYTES, 0));
  } finally {
    fs.closeSync(handle);
  }
  if (!head.startsWith('---')) return {};
  const end = head.indexOf('\n---', 3);
  if (end < 0)
    throw new Error(
      `${file}: its front matter does not end (a "---" line) within the first ${MAX_FRONT_MATTER_BYTES} bytes.`,
    );
  let data: unknown;
  try {
    data = parse(head.slice(3, end));
  } catch (error) {
    throw new Error(`${file}: its front matter is not valid YAML: ${(error as Error).message}`);
  }
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** A file path as a glob matching that file alone: its glob characters escaped. */
function literalGlob(relative: string): string {
  return relative.replace(/[\\*?[\]{}()!+@]/g, '\\$&');
}

/**
 * The docs of `docsDir` whose front matter says `audience: maintainers`, relative to it, with `/`, sorted.
 *
 * @throws {Error} naming the file when its `audience` is neither `customers` nor `maintainers`.
 */
export function maintainersDocs(docsDir: string): string[] {
  const found: string[] = [];
  for (const name of fs.readdirSync(docsDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(docsDir, name);
    if (!DOC_FILE.test(name) || !fs.statSync(file).isFile()) continue;
    const audience = frontMatterOf(file)[AUDIENCE_FIELD];
    if (audience === undefined) continue;
    if (!AUDIENCES.includes(audience as (typeof AUDIENCES)[number]))
      throw new Error(
        `${file}: front matter "${AUDIENCE_FIELD}: ${String(audience)}" is not one of ${AUDIENCES.join(', ')} ` +
          '(maintainers: a page for people who run the portal, left out of a build for a user pool).',
      );
    if (audience === 'maintainers') found.push(name.split(path.sep).join('/'));
  }
  return found.sort();
}

/**
 * The docs plugin's `exclude` option for an identity mode: Docusaurus' default (partials, tests) and, in a
 * build for a user pool, every maintainers' page ({@link maintainersDocs}).
 *
 * @param docsDir - the docs plugin's folder.
 * @throws {Error} as {@link maintainersDocs}.
 */
export function docsExclude(docsDir: string, mode: AuthMode): string[] {
  // Read in local mode too, so a mistyped `audience` stops `npm start` before a deployment meets it.
  const maintainers = maintainersDocs(docsDir);
  return [...GlobExcludeDefault, ...(mode === 'cognito' ? maintainers.map(literalGlob) : [])];
}
