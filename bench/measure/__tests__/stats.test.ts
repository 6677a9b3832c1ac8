/**
 * @jest-environment node
 *
 * The benchmarks' median (`npm run bench`, `bench:dev`, `bench:edge`).
 */
import { median } from '../stats';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9.1, 7.6, 8.0])).toBe(8.0);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves the values as they were', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});
