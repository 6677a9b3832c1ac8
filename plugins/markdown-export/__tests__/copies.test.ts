/**
 * @jest-environment node
 *
 * Every Markdown copy stands on its own, checked without a build: the copies the exporter writes from the
 * sources and the contract (./copies.ts) hold no Docusaurus syntax or component, and every link to the site
 * names a page the portal has, and a heading of it (tests/e2e/markdown.spec.ts follows every link of the
 * build's copies to its file).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const result = JSON.parse(
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'copies.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    timeout: 120_000,
  }),
) as { pages: number; links: number; problems: string[]; broken: string[] };

it('writes every page of the sources and the contract', () => {
  expect(result.pages).toBeGreaterThan(80);
  expect(result.links).toBeGreaterThan(200);
});

it('holds no Docusaurus syntax, component or link a reader cannot open', () => {
  expect(result.problems).toEqual([]);
});

it("links only to the portal's pages, and to headings they have", () => {
  expect(result.broken).toEqual([]);
});
