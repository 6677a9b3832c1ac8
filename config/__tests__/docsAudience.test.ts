/**
 * @jest-environment node
 *
 * Pages for the portal's maintainers (`audience: maintainers`) leave a build for a user pool: the docs
 * plugin reads its files with Docusaurus' Globby over its `include` and `exclude` options, so a file
 * the exclusion names is in no page, sidebar, Markdown copy, llms.txt or search index of that build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Globby } from '@docusaurus/utils';
import { docsExclude, maintainersDocs, MAX_FRONT_MATTER_BYTES } from '../docsAudience';

const DOCS = path.resolve(__dirname, '../../docs');

/** The files the docs plugin reads from `dir` with our `exclude` (its `include` is the default). */
const docsRead = (dir: string, exclude: string[]) => Globby(['**/*.{md,mdx}'], { cwd: dir, ignore: exclude });

/** A docs folder of `files` (relative name → content) in a temporary folder. */
function docsFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-audience-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe("the portal's docs", () => {
  it('leave "Running the portal locally" out of a build for a user pool, and keep every other page', async () => {
    const local = await docsRead(DOCS, docsExclude(DOCS, 'local'));
    const cognito = await docsRead(DOCS, docsExclude(DOCS, 'cognito'));
    expect(local).toContain('api/run-locally.mdx');
    expect(cognito).not.toContain('api/run-locally.mdx');
    expect(local.filter((file) => !cognito.includes(file))).toEqual(maintainersDocs(DOCS));
    expect(cognito).toContain('s3_transfer/manifest_csv.md');
  });

  it('no page left in a build for a user pool links to a maintainers page', async () => {
    // A Markdown link to the page by file (`./run-locally.mdx`) or route (`/docs/api/run-locally`).
    const links = maintainersDocs(DOCS).map(
      (file) => new RegExp(`\\]\\([^)\\s]*/${path.basename(file, path.extname(file))}(?:\\.mdx?)?[)#]`),
    );
    const cognito = await docsRead(DOCS, docsExclude(DOCS, 'cognito'));
    const linking = cognito.filter((file) => {
      const text = fs.readFileSync(path.join(DOCS, file), 'utf8');
      return links.some((link) => link.test(text));
    });
    expect(linking).toEqual([]);
    expect(links[0].test('see [Running the portal locally](./run-locally.mdx).')).toBe(true);
  });
});

describe('audience front matter', () => {
  it('excludes a maintainers page by its own name, glob characters and all, and nothing beside it', async () => {
    const dir = docsFolder({
      'ops/run [local] (v2).md': '---\ntitle: Run\naudience: maintainers\n---\n\nText.\n',
      'ops/run l (v2).md': '---\ntitle: Customer page\n---\n\nText.\n',
      'ops/guide.mdx': '---\ntitle: Guide\naudience: customers\n---\n\nText.\n',
      'ops/plain.md': 'No front matter at all.\n',
    });
    expect(maintainersDocs(dir)).toEqual(['ops/run [local] (v2).md']);
    expect(await docsRead(dir, docsExclude(dir, 'cognito'))).toEqual(
      expect.arrayContaining(['ops/run l (v2).md', 'ops/guide.mdx', 'ops/plain.md']),
    );
    expect(await docsRead(dir, docsExclude(dir, 'cognito'))).toHaveLength(3);
    expect(await docsRead(dir, docsExclude(dir, 'local'))).toHaveLength(4);
  });

  it('names the file and the values it takes when the audience is mistyped, in local mode too', () => {
    const dir = docsFolder({ 'a/b.md': '---\ntitle: B\naudience: maintainer\n---\n' });
    expect(() => docsExclude(dir, 'local')).toThrow(
      new RegExp(`a/b\\.md: front matter "audience: maintainer" is not one of customers, maintainers`),
    );
  });

  it('reads no further than the first bytes of a file for its front matter', () => {
    const dir = docsFolder({ 'long.md': `---\ntitle: x\n${'x: y\n'.repeat(MAX_FRONT_MATTER_BYTES / 5)}---\n` });
    expect(() => maintainersDocs(dir)).toThrow(
      /long\.md: its front matter does not end .* within the first 16384 bytes/,
    );
  });
});
