/**
 * Fixtures of the server gate, shared by the tests of server/, deploy/, local/ and tests/e2e (CONTRIBUTING.md
 * "For engineers": tests build the app and call `app.inject()`): a small fake build folder, the gate app over
 * it, and access tokens signed with the local identity service's key (local/identity/tokens.ts), so every
 * claim can be varied, or forged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { parseEnv, type AuthSettings } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { LOCAL_ISSUER, mintToken } from '../../local/identity/tokens';
import type { InsightsStore } from '../../server/insights/store';
import { scriptHashSource } from '../../postbuild/pageSafety';
import { buildApp } from '../../server/app';
import { INLINE_SCRIPT_HASHES_FILE } from '../../rules/buildFiles';
import { createAccessTokenVerifier } from '../../server/gate/verifier';

export { mintToken, sessionCookie, type MintOptions } from '../../local/identity/tokens';

export const localJwks: Jwks = LOCAL_JWKS;

export const localAuth: AuthSettings = parseEnv({}).auth;
export const ISSUER = LOCAL_ISSUER;

/** Text that only the gated pages hold; no anonymous response may contain it. */
export const SECRET = 'Every document the API returns is a JSON object';
export const INLINE_SCRIPT = 'document.documentElement.dataset.theme="light"';

/** An access token with every right claim, signed by a key the pool never had (a forgery). */
export function forgedToken(claims: Record<string, unknown> = {}): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return mintToken(claims, { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
}

/** A build folder with a sign-in page, its assets, a doc page, a content chunk and the search index. */
export function makeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-build-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const head = `<link rel="icon" href="/img/favicon.svg"><link rel="stylesheet" href="/assets/css/styles.css"><script>${INLINE_SCRIPT}</script><script src="/assets/js/runtime~main.js" defer></script><script src="/assets/js/main.js" defer></script>`;
  write(
    'login/index.html',
    `<!doctype html><html><head>${head}</head><body><img src="/img/logo.svg"><p>Sign in</p></body></html>`,
  );
  write(
    'docs/document_format/schema/index.html',
    `<!doctype html><html><head>${head}</head><body><p>${SECRET}</p></body></html>`,
  );
  write('404.html', '<!doctype html><html><body><h1>Page Not Found</h1></body></html>');
  write('index.html', '<!doctype html><html><body><p>Home</p></body></html>');
  write('sign-in-assets.json', JSON.stringify({ route: '/login', files: ['/assets/js/login-chunk.js'] }));
  write('assets/js/runtime~main.js', 'runtime');
  write('assets/js/main.js', 'main');
  write('assets/js/login-chunk.js', 'login chunk');
  write('assets/js/content-chunk.js', `export default "${SECRET}"`);
  write('assets/css/styles.css', 'body{}');
  write('img/favicon.svg', '<svg/>');
  write('img/logo.svg', '<svg/>');
  write('search-index.json', JSON.stringify([{ documents: [{ t: SECRET }] }]));
  // Markdown copies for readers' tools.
  write('docs/document_format/schema.md', `# Schema\n\n${SECRET}.\n`);
  write('llms.txt', `# RegData\n\n- [Schema](http://localhost:3000/docs/document_format/schema.md): ${SECRET}\n`);
  // What postbuild/ writes for the CSP: the one inline script above is the site's own.
  write(INLINE_SCRIPT_HASHES_FILE, JSON.stringify([scriptHashSource(INLINE_SCRIPT)]));
  write('sitemap.xml', '<urlset><url><loc>/docs/document_format/schema</loc></url></urlset>');
  return dir;
}

/** The gate app over `buildDir`, trusting the local identity service's key. */
export async function buildTestApp(
  buildDir: string,
  options: {
    tls?: boolean;
    accessLog?: (line: string) => void;
    acceptedHostnames?: readonly string[];
    insights?: InsightsStore;
  } = {},
) {
  return buildApp({
    buildDir,
    appClientId: localAuth.userPoolClientId,
    verifier: await createAccessTokenVerifier(localAuth, { jwks: localJwks }),
    csp: { identity: [localAuth.userPoolEndpoint!], api: ['https://api.acme.test'] },
    tls: options.tls ?? false,
    accessLog: options.accessLog,
    acceptedHostnames: options.acceptedHostnames,
    insights: options.insights,
  });
}
