/**
 * The Markdown sources writers edit: docs, blog posts and Markdown pages, with their front
 * matter (parsed with `yaml`, each key's line kept for `file:line` messages) and the routes Docusaurus
 * gives them (docs: `slug` or the file path, numeric prefixes dropped; posts: `slug` or the date and file
 * name; pages: the file path). Plain Node, no build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { trimBoth, trimTrailing } from '../../rules/text';

/** One Markdown source. */
export interface Source {
  /** Path from the site root, with `/` (e.g. `docs/services/interrogator.mdx`). */
  file: string;
  text: string;
  kind: 'doc' | 'blog' | 'page';
  frontMatter: Record<string, unknown>;
  /** 1-based line of each front matter key (`title` → 2). */
  keyLines: Record<string, number>;
  /** The route Docusaurus serves it at, decoded (`/docs/domains/Our domains and themes`). */
  route: string;
}

/** A problem, reported as `file:line: message`. */
export interface Problem {
  file: string;
  line: number;
  message: string;
}

export const formatProblem = (p: Problem) => `${p.file}:${p.line}: ${p.message}`;

const MARKDOWN = /\.mdx?$/;

/** Files under `dir` (relative to `root`, posix), Markdown only, skipping `_partials` like Docusaurus. */
function markdownFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => MARKDOWN.test(name) && !name.split('/').some((part) => part.startsWith('_')))
    .map((name) => `${dir}/${name}`)
    .sort();
}

/**
 * The front matter of `text` and the line of each key.
 *
 * @throws {Error} when the front matter is not valid YAML (the message has the YAML parser's line).
 */
export function frontMatterOf(text: string): { data: Record<string, unknown>; keyLines: Record<string, number> } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!match) return { data: {}, keyLines: {} };
  const data = (parse(match[1]) ?? {}) as Record<string, unknown>;
  const keyLines: Record<string, number> = {};
  match[1].split('\n').forEach((line, index) => {
    const key = /^([A-Za-z_][\w-]*):/.exec(line)?.[1];
    if (key && !(key in keyLines)) keyLines[key] = index + 2;
  });
  return { data, keyLines };
}

/** Docusaurus' default number prefixes (`01-intro.md`, `2. guide`), dropped from ids and routes. */
const stripNumberPrefix = (segment: string) => segment.replace(/^\d+\s*[-_.]\s*/, '');

/** The route of a doc: its `slug` (absolute, or relative to its folder) or its path; `index` is its folder. */
export function docRoute(file: string, slug: unknown): string {
  const relative = file.replace(/^docs\//, '').replace(MARKDOWN, '');
  const parts = relative.split('/').map(stripNumberPrefix);
  const dir = parts.slice(0, -1).join('/');
  if (typeof slug === 'string' && slug) {
    const resolved = slug.startsWith('/') ? slug : `/${dir ? `${dir}/` : ''}${slug}`;
    return `/docs${resolved === '/' ? '' : trimTrailing(resolved, '/')}`;
  }
  const last = parts.at(-1) ?? '';
  const route = ['index', 'readme'].includes(last.toLowerCase()) ? dir : parts.join('/');
  return `/docs${route ? `/${route}` : ''}`;
}

/** The route of a blog post: `slug`, else `YYYY/MM/DD/<name>` from a dated file or folder name. */
export function blogRoute(file: string, slug: unknown): string {
  if (typeof slug === 'string' && slug) return `/blog/${trimBoth(slug, '/')}`;
  const relative = file
    .replace(/^blog\//, '')
    .replace(MARKDOWN, '')
    .replace(/\/index$/, '');
  const dated = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(relative);
  return dated ? `/blog/${dated[1]}/${dated[2]}/${dated[3]}/${dated[4]}` : `/blog/${relative}`;
}

/** The route of a Markdown page under src/pages. */
export function pageRoute(file: string): string {
  const route = file
    .replace(/^src\/pages/, '')
    .replace(MARKDOWN, '')
    .replace(/\/index$/, '');
  return route || '/';
}

/**
 * Every doc, blog post and Markdown page of the site under `root`.
 *
 * @throws {Error} naming the file when its front matter is not valid YAML.
 */
export function readSources(root: string): Source[] {
  const read = (file: string, kind: Source['kind']): Source => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    let front;
    try {
      front = frontMatterOf(text);
    } catch (error) {
      throw new Error(`${file}:1: front matter is not valid YAML: ${(error as Error).message}`);
    }
    const slug = front.data.slug;
    const route = kind === 'doc' ? docRoute(file, slug) : kind === 'blog' ? blogRoute(file, slug) : pageRoute(file);
    return { file, text, kind, frontMatter: front.data, keyLines: front.keyLines, route };
  };
  return [
    ...markdownFiles(root, 'docs').map((file) => read(file, 'doc')),
    ...markdownFiles(root, 'blog').map((file) => read(file, 'blog')),
    ...markdownFiles(root, 'src/pages').map((file) => read(file, 'page')),
  ];
}
