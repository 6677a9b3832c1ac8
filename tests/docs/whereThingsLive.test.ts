/**
 * @jest-environment node
 *
 * The "Where things live" index at the top of handbook/architecture.md stays true: each row names a file
 * (or folder) that exists and a test that exists and is one the test runners run, so a maintainer who
 * follows a row never lands on a moved or deleted path.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = 'handbook/architecture.md';

/** The index's rows: what to change, and the paths in its "open" and "its test" cells. */
function rows(): { concern: string; open: string[]; test: string[] }[] {
  const text = fs.readFileSync(path.join(ROOT, PAGE), 'utf8');
  const section = text.split('\n## ').find((part) => part.startsWith('Where things live\n'));
  if (!section) throw new Error(`${PAGE} has no "## Where things live" section`);
  const paths = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| To change') && !line.startsWith('| ---'))
    .map((line) => {
      const [concern, open, test] = line.slice(2, -2).split(' | ');
      return { concern: concern.trim(), open: paths(open), test: paths(test) };
    });
}

/** Whether `file` is a test jest (jest.config.ts testMatch) or Playwright (tests/e2e) runs. */
const isTest = (file: string) => /\/__tests__\/.*\.test\.tsx?$|^tests\/(docs|lint|internals)\/[^/]+\.test\.ts$|^tests\/e2e\/.+\.spec\.ts$/.test(file);

describe(`${PAGE} "Where things live"`, () => {
  const index = rows();

  it('has a row for each concern a maintainer changes: about twenty-five, each naming one file and its test', () => {
    expect(index.length).toBeGreaterThanOrEqual(20);
    expect(index.length).toBeLessThanOrEqual(30);
    for (const row of index) expect([row.concern, row.open.length, row.test.length]).toEqual([row.concern, 1, 1]);
    expect(new Set(index.map((row) => row.concern)).size).toBe(index.length);
  });

  it('names only paths that exist, and tests the runners run', () => {
    const missing = index.flatMap(({ concern, open, test }) =>
      [...open, ...test].filter((file) => !fs.existsSync(path.join(ROOT, file))).map((file) => `${concern}: ${file}`),
    );
    expect(missing).toEqual([]);
    const notTests = index.flatMap(({ concern, test }) => test.filter((file) => !isTest(file)).map((file) => `${concern}: ${file}`));
    expect(notTests).toEqual([]);
  });

  it('covers the concerns a maintainer asked for and could not find', () => {
    const concerns = index.map((row) => row.concern).join('\n');
    for (const asked of ['sign-in view', 'MCP tool', 'CloudFront cache policy', 'insights retention', 'gate rule', 'Content Security Policy', 'sidebar', 'sandbox corpus', 'sample', 'changelog'])
      expect(concerns).toContain(asked);
  });
});
