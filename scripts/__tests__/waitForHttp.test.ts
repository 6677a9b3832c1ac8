/**
 * @jest-environment node
 *
 * How the benchmarks wait for the servers they start (scripts/waitForHttp.ts). The waits between
 * attempts and the deadline run on jest's fake clock: the server answers for real, and no test waits for
 * time to pass.
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
  // `Date` and the timers are fake; I/O callbacks and promise jobs are not, so the requests are answered.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});

afterEach(() => {
  jest.useRealTimers();
  return new Promise((resolve) => server.close(resolve));
});

/**
 * Settles `waiting`: whenever it waits for a timer, the fake clock jumps to that timer; meanwhile the
 * event loop turns, so a request in flight is answered.
 */
async function settle(waiting: Promise<void>): Promise<void> {
  let done = false;
  const settled = waiting.finally(() => (done = true));
  settled.catch(() => undefined);
  while (!done) {
    await jest.advanceTimersToNextTimerAsync();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return settled;
}

it('returns at the first answer, whatever its status, when no status is asked for', async () => {
  answers = [503, 503];
  await settle(waitForHttp(url, { intervalMs: 10 }));
  expect(answers).toEqual([503]);
});

it('waits for the status asked for', async () => {
  answers = [503, 503];
  await settle(waitForHttp(url, { intervalMs: 10, status: 200 }));
  expect(answers).toEqual([]);
});

it('stops with the reason gaveUp gives, naming the URL', async () => {
  answers = Array(100).fill(503);
  await expect(
    settle(
      waitForHttp(url, {
        intervalMs: 10,
        status: 200,
        gaveUp: () => (answers.length < 98 ? 'the server exited' : undefined),
      }),
    ),
  ).rejects.toThrow(`${url}: the server exited`);
  expect(answers).toHaveLength(97);
});

it('gives up after timeoutMs, having asked once per intervalMs, saying which URL and status it waited for', async () => {
  answers = Array(1000).fill(503);
  await expect(settle(waitForHttp(url, { intervalMs: 10, timeoutMs: 100, status: 200 }))).rejects.toThrow(
    `${url} did not answer 200 within 100 ms`,
  );
  // 100 ms of fake time at one attempt per 10 ms: the attempts at 0, 10, …, 90 ms.
  expect(answers).toHaveLength(1000 - 10);
});
