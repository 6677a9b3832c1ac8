/**
 * @jest-environment node
 */
import { safeNext } from '../safeNext';

describe('safeNext (issue #4: only same-origin paths are honoured)', () => {
  it.each([
    ['/docs/services/interrogator', '/docs/services/interrogator'],
    [
      '/docs/domains/Our%20domains%20and%20themes?tab=json#example',
      '/docs/domains/Our%20domains%20and%20themes?tab=json#example',
    ],
    ['/', '/'],
  ])('keeps the path %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['docs/relative'],
    ['/login?next=/login'],
  ])('sends %s home instead', (next) => {
    expect(safeNext(next)).toBe('/');
  });
});
