/**
 * Waits until a server answers `url` (any status; redirects are not followed), polling every 250 ms.
 * Used by the benchmarks, which start servers as child processes.
 *
 * @param timeoutMs - how long to wait, in ms (default 60,000).
 * @throws {Error} naming the URL when nothing answered in time.
 */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
