/**
 * Waits until a server answers `url` (redirects are not followed). Used by `npm start` and the benchmarks
 * (bench/), which start servers as child processes.
 *
 * @param options.timeoutMs - how long to wait, in ms (default 60,000).
 * @param options.intervalMs - the time between attempts, in ms (default 250).
 * @param options.status - the status the answer must have; any status when unset.
 * @param options.gaveUp - called before each attempt: a reason to stop waiting (e.g. the server's process
 *   exited), or undefined to go on.
 * @throws {Error} naming the URL when nothing answered in time, or with `gaveUp`'s reason.
 */
export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; intervalMs?: number; status?: number; gaveUp?: () => string | undefined } = {},
): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 250, status, gaveUp } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = gaveUp?.();
    if (reason) throw new Error(`${url}: ${reason}`);
    try {
      const answer = await fetch(url, { redirect: 'manual' });
      if (status === undefined || answer.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer${status === undefined ? '' : ` ${status}`} within ${timeoutMs} ms`);
}
