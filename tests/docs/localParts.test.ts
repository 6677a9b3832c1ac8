/**
 * @jest-environment node
 *
 * A part of a page for a portal run on the reader's own machine (`:::on-your-machine`, rules/localParts.ts) is
 * in a local run's pages and not in the pages of a build for a user pool, the one customers read. The site's
 * configuration is loaded as each build loads it, and its remark plugins run on the Tokens page, whose local
 * accounts, shared password and local commands are such a part (tests/support/sitePage.ts). The Markdown
 * copies, llms.txt and the MCP server's pages follow the same rule: plugins/markdown-export/__tests__/mdx.test.ts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { LOCAL_PART_TITLE } from '../../rules/localParts';

const ROOT = path.resolve(__dirname, '../..');

/** What the site's docs, blog and pages plugins make of `page` in an environment with `vars` (and no other portal variable). */
function sitePage(page: string, vars: Record<string, string>): { docs: string; blog: string; pages: string } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(COGNITO_\w*|UNSAFE_\w*|PROVIDER_CONTACT|API_HOST)$/.test(name)),
  );
  const output = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(ROOT, 'tests/support/sitePage.ts'), page], {
    cwd: ROOT,
    env: { ...clean, ...vars },
    encoding: 'utf8',
    timeout: 90_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output) as { docs: string; blog: string; pages: string };
}

const USER_POOL = {
  COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
  COGNITO_APP_CLIENT_ID: 'web1',
  API_HOST: 'https://api.example.com',
  PROVIDER_CONTACT: 'mailto:api@example.com',
};

/** What the Tokens page tells only a reader running the portal on their own machine. */
const LOCAL_ONLY = ['Passw0rd!Local', '_local/messages', 'npm start', 'totp@example.com', '.local/identity'];

describe("the Tokens page's local accounts and commands", () => {
  const userPool = sitePage('docs/api/tokens.mdx', USER_POOL);
  const local = sitePage('docs/api/tokens.mdx', {});

  it.each(['docs', 'blog', 'pages'] as const)('are not in the %s of a build for a user pool', (plugin) => {
    for (const text of LOCAL_ONLY) expect({ text, shown: userPool[plugin].includes(text) }).toEqual({ text, shown: false });
    expect(userPool[plugin]).toContain('### A new account: set its password');
  });

  it('are in a local run, as a note under their heading', () => {
    for (const text of LOCAL_ONLY) expect({ text, shown: local.docs.includes(text) }).toEqual({ text, shown: true });
    expect(local.docs).toContain(`:::note[${LOCAL_PART_TITLE}]`);
    expect(local.docs).not.toContain(':::on-your-machine');
  });
}, );
