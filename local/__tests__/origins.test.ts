/**
 * @jest-environment node
 *
 * The portal's origins, which every local stand-in answers: the site on PORT by each loopback name the Host
 * check accepts, and SITE_URL's, each as a browser sends it in `Origin`.
 */
import { parseEnv } from '../../config/env';
import { originVerdict, portalOrigins } from '../origins';

it('are the site on PORT at localhost, 127.0.0.1 and [::1], as the browser serializes each origin', () => {
  const origins = portalOrigins(parseEnv({ PORT: '3100' }));
  expect(origins).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100', 'http://[::1]:3100']);
  for (const origin of origins) expect(new URL(`${origin}/login`).origin).toBe(origin);
});

it("include SITE_URL's origin when the site is reached by another port (a local proxy)", () => {
  expect(portalOrigins(parseEnv({ PORT: '3000', SITE_URL: 'http://127.0.0.1:8080/' }))).toEqual([
    'http://127.0.0.1:8080',
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
  ]);
});

it('let no origin of another port or scheme pass as the portal', () => {
  const policy = { service: 'the local identity service', allowedOrigins: portalOrigins(parseEnv({})) };
  const from = (origin: string) =>
    originVerdict({ method: 'POST', headers: { host: 'localhost:9229', origin }, scheme: 'http' }, policy).pass;
  expect(['http://localhost:3000', 'http://[::1]:3000', 'http://localhost:9229'].map(from)).toEqual([true, true, true]);
  expect(
    ['http://localhost:8080', 'https://localhost:3000', 'null', 'http://localhost:3000.evil.example'].map(from),
  ).toEqual([false, false, false, false]);
});
