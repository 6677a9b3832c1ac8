/**
 * A local HTTP server standing in for the provider's API host in tests: it answers
 * `/api/v1/openapi.json` (spec §7.1) as the test sets `answer`, and 404 for anything else.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  /** `http://127.0.0.1:<port>`, to use as API_HOST (set once the suite has started). */
  host: string;
  /** How the next requests for the description are answered. */
  answer: (res: http.ServerResponse) => void;
}

/** Starts the server before the suite's tests and stops it after them (jest `beforeAll`/`afterAll`). */
export function fakeProviderForSuite(): FakeProvider {
  const provider: FakeProvider = { host: '', answer: (res) => void res.writeHead(500).end() };
  const server = http.createServer((req, res) => {
    if (req.url !== '/api/v1/openapi.json') return void res.writeHead(404).end();
    provider.answer(res);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider.host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return provider;
}
