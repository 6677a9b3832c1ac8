/**
 * @jest-environment node
 *
 * The authorization server's parts that need no running server: the consent page (every text of the client's
 * escaped, where the reader goes back named), which client metadata documents may be fetched, and the SQLite
 * store (expiry, single-use codes, revoking a grant's records).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientMetadataFetchAllowed } from '../clientMetadata';
import { consentPage, redirectDestination } from '../consentPage';
import { sqliteOAuthStore } from '../sqliteStore';

describe('the consent page', () => {
  const html = consentPage({
    uid: 'u1',
    productName: 'RegData',
    clientId: 'https://tools.example/meta.json',
    clientName: '<img src=x onerror=alert(1)> Evil "Tool"',
    redirectUri: 'http://127.0.0.1:33418/callback?x="><script>',
  });

  it('shows the client’s name and the redirect URI as text, and who describes the client', () => {
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Evil &quot;Tool&quot;');
    expect(html).toContain('as described by <code>tools.example</code>');
    expect(html).toContain('a program on this computer');
  });

  it('offers to sign in and allow, or to cancel, for this interaction only', () => {
    expect(html).toContain('href="/oauth/interaction/u1/allow"');
    expect(html).toContain('href="/oauth/interaction/u1/deny"');
  });

  it.each([
    ['http://localhost:4567/callback', 'a program on this computer'],
    ['https://vscode.dev/redirect', 'the web site vscode.dev'],
    ['cursor://anysphere.cursor-mcp/oauth/callback', 'the app that opens cursor: links'],
  ])('says where %s sends the reader: %s', (uri, words) => {
    expect(redirectDestination(uri)).toBe(words);
  });
});

describe('which client metadata documents are fetched', () => {
  it.each([
    ['https://93.184.215.14/client.json', false, true],
    ['https://10.1.2.3/client.json', false, false],
    ['https://169.254.169.254/latest/meta-data', false, false],
    ['https://192.168.0.10/c.json', false, false],
    ['https://[fd00::1]/c.json', false, false],
    ['https://[::ffff:10.0.0.1]/c.json', false, false],
    ['https://[::ffff:93.184.215.14]/c.json', false, true],
    ['https://127.0.0.1:8443/c.json', false, false],
    ['https://127.0.0.1:8443/c.json', true, true],
    ['https://10.1.2.3/client.json', true, false],
    ['http://93.184.215.14/client.json', false, false],
  ])('%s (local run: %s) → %s', async (url, loopback, allowed) => {
    expect(await clientMetadataFetchAllowed(url, { loopback })).toBe(allowed);
  });
});

describe('the SQLite store', () => {
  let dir: string;
  let now = 1_800_000_000_000;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-store-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a record until it expires, marks a consumed one, and deletes a grant’s records', async () => {
    const store = sqliteOAuthStore(dir, () => now);
    const codes = store.adapter('AuthorizationCode');
    const tokens = store.adapter('AccessToken');
    await codes.upsert('c1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await tokens.upsert('t1', { grantId: 'g1', kind: 'AccessToken' }, 3600);
    await tokens.upsert('t2', { grantId: 'g2', kind: 'AccessToken' }, 3600);
    await codes.consume('c1');
    expect(await codes.find('c1')).toEqual({ grantId: 'g1', kind: 'AuthorizationCode', consumed: 1_800_000_000 });
    now += 61_000;
    expect(await codes.find('c1')).toBeUndefined();
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toEqual({ grantId: 'g2', kind: 'AccessToken' });
    store.close();
    expect(fs.statSync(path.join(dir, 'oauth.db')).mode & 0o777).toBe(0o600);
  });
});
