/**
 * @jest-environment node
 *
 * Running the gate behind a load balancer: a public health check, and JSON access logs that
 * say what happened without ever holding a token, a cookie or a query string.
 */
import { buildTestApp, makeBuild, mintToken, sessionCookie } from '../../tests/support/gate';

describe('GET /healthz', () => {
  it('answers 204 with no content and no token needed, never cached', async () => {
    const app = await buildTestApp(makeBuild());
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect([response.statusCode, response.body, response.headers['cache-control']]).toEqual([204, '', 'no-store']);
  });
});

describe('access logs', () => {
  it('one JSON line per request: method, path, status, access verdict and duration, and no secret', async () => {
    const lines: string[] = [];
    const app = await buildTestApp(makeBuild(), { accessLog: (line) => lines.push(line) });
    const token = mintToken();
    const cookie = sessionCookie({ accessToken: token, refreshToken: 'refresh-secret' });
    await app.inject({ method: 'GET', url: '/docs/document_format/schema?code=oauth-secret', headers: { cookie } });
    await app.inject({ method: 'GET', url: '/docs/x', headers: { accept: 'text/html' } });
    await app.inject({ method: 'GET', url: '/assets/js/content-chunk.js' });
    await app.inject({ method: 'GET', url: '/healthz' });
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.map(({ method, path, status, access }) => [method, path, status, access])).toEqual([
      ['GET', '/docs/document_format/schema', 200, 'signed-in'],
      ['GET', '/docs/x', 200, 'anonymous'],
      ['GET', '/assets/js/content-chunk.js', 401, 'anonymous'],
      ['GET', '/healthz', 204, 'public'],
    ]);
    for (const entry of entries) expect(typeof entry.ms).toBe('number');
    const all = lines.join('\n');
    for (const secret of [token, 'refresh-secret', 'oauth-secret', 'CognitoIdentityServiceProvider'])
      expect(all).not.toContain(secret);
  });
});
