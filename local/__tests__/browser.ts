/**
 * Requests as a browser sends them to the local stand-ins, for the tests of their origin check
 * (local/origins.ts): with the `Origin` and `Sec-Fetch-*` headers Chromium sets, which Node's fetch
 * would replace (it always sends `Sec-Fetch-Mode: cors`), so they go out through `node:http` as written.
 */
import http from 'node:http';
import https from 'node:https';

/** A site that is not the portal. */
export const FOREIGN = 'https://evil.example';

/** What came back: status, lower-cased headers, body as text. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends one request to `url` and reads the whole answer; follows no redirect.
 *
 * @param ca - the certificate to trust for an https `url` (the hosted UI's own).
 */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The headers of a page's `fetch()` (CORS mode) from `origin` to another site. */
export const crossSiteFetch = (origin: string) => ({
  origin,
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
});

/** The headers of the CORS preflight a page at `origin` sends before `method` with `requestHeaders`. */
export const preflight = (origin: string, method: string, requestHeaders: string) => ({
  ...crossSiteFetch(origin),
  'access-control-request-method': method,
  'access-control-request-headers': requestHeaders,
});

/** A top-level navigation from another site (a link, a redirect): no `Origin` on a GET. */
export const CROSS_SITE_NAVIGATION = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

/** Another site's page loading the URL as a `<script>` (no-cors, no `Origin` on a GET). */
export const CROSS_SITE_SCRIPT = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'script',
};
