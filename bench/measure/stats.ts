/**
 * Statistics the benchmarks share (`npm run bench`, `bench:dev`, `bench:edge`).
 */

/**
 * The middle value of `values` (the mean of the two middle ones for an even count); `values` is not changed.
 *
 * @returns NaN for no values.
 */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
