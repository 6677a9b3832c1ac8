/**
 * @jest-environment node
 *
 * How the benchmarks wait for the servers they start (scripts/waitForHttp.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForHttp } from '../waitForHttp';

let answers: number[];
let server: http.Server;
let url: string;

beforeEach(async () => {
  answers = [];
  server = http.createServer((_req, res) => res.writeHead(answers.shift() ?? 200).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(() => new Promise((resolve) => server.close(resolve)));

it('returns at the first answer, whatever its status, when no status is asked for', async () => {
  answers = [503, 503];
  await waitForHttp(url, { intervalMs: 10 });
  expect(answers).toEqual([503]);
});

it('waits for the status asked for', async () => {
  answers = [503, 503];
  await waitForHttp(url, { intervalMs: 10, status: 200 });
  expect(answers).toEqual([]);
});

it('stops with the reason gaveUp gives, naming the URL', async () => {
  answers = Array(100).fill(503);
  await expect(
    waitForHttp(url, {
      intervalMs: 10,
      status: 200,
      gaveUp: () => (answers.length < 98 ? 'the server exited' : undefined),
    }),
  ).rejects.toThrow(`${url}: the server exited`);
});

it('gives up after timeoutMs, saying which URL and status it waited for', async () => {
  answers = Array(1000).fill(503);
  await expect(waitForHttp(url, { intervalMs: 10, timeoutMs: 100, status: 200 })).rejects.toThrow(
    `${url} did not answer 200 within 100 ms`,
  );
});
