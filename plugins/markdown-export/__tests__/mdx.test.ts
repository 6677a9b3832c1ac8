/**
 * @jest-environment node
 *
 * Docs and posts as plain Markdown: what a reader pastes into an assistant must hold the
 * page's headings, tables, code and admonitions, every link absolute, and no JSX. The remark packages
 * are ESM-only, so the conversion runs in a tsx child process (./convert.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MDX = `---
title: Here
description: A page.
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import ApiSample from '@site/src/components/ApiSample';

Intro with a [site link](/docs/x), an [anchor](#fields), a [relative doc](./other.md#part), a
[file elsewhere](../img/a.png) and an [external one](https://example.com/y); Docusaurus' own forms: a
[feed](pathname:///api/changelog/atom.xml) and a [static file](@site/static/files/a.pdf).

## Fields {#fields}

| Field | Type |
|---|---|
| \`document_id\` | string |

:::info[Assumptions]

The unit is assumed.

:::

:::warning
Careful.
:::

<Tabs>
  <TabItem value="py" label="Python">

Python text.

  </TabItem>
</Tabs>

<ApiSample title="Count">{\`POST /document_counts
{"doctypes": ["Laws"]}\`}</ApiSample>

{/* a comment */}

The meeting is at 10:30, see note:this.

\`\`\`json
{"a": 1}
\`\`\`
`;

function convert(
  cases: { source: string; format: 'md' | 'mdx'; title?: string; mcpSignIn?: boolean; localParts?: boolean }[],
): string[] {
  const output = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'convert.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    input: JSON.stringify(cases),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output) as string[];
}

const LOCAL_PART = 'Before.\n\n:::on-your-machine\n\nSign in as `local@example.com`.\n\n:::\n\nAfter.\n';
const TOKENS = fs.readFileSync(path.resolve(__dirname, '../../../docs/api/tokens.mdx'), 'utf8');

const [
  mdx,
  plain,
  broken,
  withHeading,
  mcp,
  mcpSignIn,
  userPoolPart,
  localPart,
  titledPart,
  userPoolTokens,
  localTokens,
] = convert([
  { source: MDX, format: 'mdx', title: 'Here' },
  {
    source: '# Plain\n\nA <b>tag</b> and {braces} stay in CommonMark.\n\n<!-- truncate -->\n\nMore.\n',
    format: 'md',
    title: 'Ignored',
  },
  { source: '<ApiSample>{`FETCH /x`}</ApiSample>\n', format: 'mdx' },
  { source: '# Own title\n\nText.\n', format: 'mdx', title: 'Front matter title' },
  { source: 'Add it:\n\n<McpInstall name="regdata" />\n', format: 'mdx' },
  { source: 'Add it:\n\n<McpInstall name="regdata" />\n', format: 'mdx', mcpSignIn: true },
  { source: LOCAL_PART, format: 'mdx' },
  { source: LOCAL_PART, format: 'mdx', localParts: true },
  { source: LOCAL_PART.replace(':::on-your-machine', ':::on-your-machine[Mine]'), format: 'mdx', localParts: true },
  { source: TOKENS, format: 'mdx', title: 'Tokens' },
  { source: TOKENS, format: 'mdx', title: 'Tokens', localParts: true },
]);

it('has the title as its heading, and no front matter, import or JSX left', () => {
  expect(mdx.startsWith('# Here\n')).toBe(true);
  expect(mdx).not.toMatch(/^(import|export) .* from '/m);
  // Outside code blocks: a sample's code may hold `<`, e.g. Java's `HttpResponse<String>`.
  const prose = mdx
    .split(/^```/m)
    .filter((_part, n) => n % 2 === 0)
    .join('');
  expect(prose).not.toMatch(/<\/?[A-Z][A-Za-z]*/);
  expect(mdx).not.toContain('description: A page.');
  expect(mdx).not.toContain('a comment');
});

it('keeps headings (without their {#id}), tables and code blocks', () => {
  expect(mdx).toContain('\n## Fields\n');
  expect(mdx).toMatch(/\| Field +\| Type +\|\n\| -+ \| -+ \|\n\| `document_id` \| string \|/);
  expect(mdx).toContain('```json\n{"a": 1}\n```');
});

it('turns <ApiSample> into its curl, Python, TypeScript, Java and Go code blocks, under its title', () => {
  expect(mdx).toContain('**Count**');
  expect(mdx).toMatch(/```bash\ncurl -sS --fail-with-body "\$API_BASE\/document_counts" \\\n {2}--request POST/);
  expect(mdx).toMatch(/```python\nimport json\nimport os\n[\s\S]*requests\.post\(/);
  expect(mdx).toMatch(/```typescript\n\{\n {2}const response = await fetch\(/);
  expect(mdx).toContain('```java\n// Java 11 or later: java ApiSample.java\n');
  expect(mdx).toContain('.uri(java.net.URI.create(System.getenv("API_BASE") + "/document_counts"))');
  expect(mdx).toContain('```go\npackage main\n');
  expect(mdx).toContain('requestUrl := os.Getenv("API_BASE") + "/document_counts"');
  expect(mdx).toContain('"doctypes"');
});

it('turns admonitions into block quotes led by their title, and tab items into labelled text', () => {
  expect(mdx).toContain('> **Assumptions**\n>\n> The unit is assumed.');
  expect(mdx).toContain('> **Warning**\n>\n> Careful.');
  expect(mdx).toContain('**Python**\n\nPython text.');
});

it('makes every link absolute to the site', () => {
  expect(mdx).toContain('[site link](https://portal.test/docs/x)');
  expect(mdx).toContain('[anchor](https://portal.test/docs/here#fields)');
  expect(mdx).toContain('[relative doc](https://portal.test/docs/other%20page#part)');
  expect(mdx).toContain('[file elsewhere](https://portal.test/docs/img/a.png)');
  expect(mdx).toContain('[external one](https://example.com/y)');
  expect(mdx).toContain('[feed](https://portal.test/api/changelog/atom.xml)');
  expect(mdx).toContain('[static file](https://portal.test/files/a.pdf)');
});

it('keeps text that only looks like a directive', () => {
  expect(mdx).toContain('at 10:30, see note:this.');
});

it('reads .md as CommonMark: no JSX, the truncate marker dropped, its own H1 kept', () => {
  expect(plain).toBe('# Plain\n\nA <b>tag</b> and {braces} stay in CommonMark.\n\nMore.\n');
  expect(withHeading.startsWith('# Own title\n')).toBe(true);
  expect(withHeading).not.toContain('Front matter title');
});

it('turns <McpInstall> into its install links, command and file at the site, with a placeholder token', () => {
  // remark-stringify writes the link's `&` as `\&`, a CommonMark escape every parser reads back as `&`.
  expect(mcp).toMatch(
    /^- \[Add to Cursor\]\(cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=regdata\\?&config=/m,
  );
  expect(mcp).toMatch(/^- \[Add to VS Code\]\(vscode:mcp\/install\?%7B%22name%22/m);
  expect(mcp).toContain(
    '**Claude Code**\n\n```bash\nclaude mcp add --transport http regdata "https://portal.test/mcp" \\\n  --header "Authorization: Bearer $TOKEN"\n```',
  );
  expect(mcp).toContain('**mcp.json**\n\n```json\n{\n  "mcpServers": {\n    "regdata": {');
  expect(mcp).toContain('"Authorization": "Bearer <access token>"');
  expect(mcp).not.toMatch(/<\/?McpInstall/);
});

it('where AI tools sign in, gives the server URL alone first, then the token way', () => {
  const [signIn, tokenWay] = mcpSignIn.split('**With an access token instead (clients without sign-in)**');
  expect(signIn).toContain(
    '**Claude Code**\n\n```bash\nclaude mcp add --transport http regdata "https://portal.test/mcp"\n```',
  );
  expect(signIn).toContain('"regdata": {\n      "type": "http",\n      "url": "https://portal.test/mcp"\n    }');
  expect(signIn).not.toContain('Authorization');
  expect(tokenWay).toContain('--header "Authorization: Bearer $TOKEN"');
  expect(tokenWay).toContain('"Authorization": "Bearer <access token>"');
});

it('says what to fix in a malformed sample', () => {
  expect(broken).toMatch(/^ERROR: request sample must start with "METHOD \/path"/);
});

describe("a part for a portal run on the reader's own machine (:::on-your-machine)", () => {
  it('is left out of the copy of a build for a user pool, the text around it kept', () => {
    expect(userPoolPart).toBe('Before.\n\nAfter.\n');
  });

  it('is kept in a local run, under its heading', () => {
    expect(localPart).toBe(
      'Before.\n\n> **On a portal run on your own machine**\n>\n> Sign in as `local@example.com`.\n\nAfter.\n',
    );
  });

  it('takes no title of its own, and says so', () => {
    expect(titledPart).toMatch(/^ERROR: line 3: ":::on-your-machine" takes no title in brackets/);
  });

  it("the Tokens page's local accounts, password and commands are in a local run's copy only", () => {
    for (const local of ['Passw0rd!Local', '_local/messages', 'npm start', 'totp@example.com']) {
      expect({ local, userPool: userPoolTokens.includes(local) }).toEqual({ local, userPool: false });
      expect({ local, kept: localTokens.includes(local) }).toEqual({ local, kept: true });
    }
    expect(localTokens).toContain('> **On a portal run on your own machine**');
    // The rest of the page is the same in both.
    expect(userPoolTokens).toContain('### A new account: set its password');
  });
});
