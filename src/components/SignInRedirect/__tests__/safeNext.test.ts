/**
 * @jest-environment node
 */
import fc from 'fast-check';
import { safeNext } from '../safeNext';

describe('safeNext (only same-origin paths are honoured)', () => {
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
    // URL parsing collapses the dot segment after the `//` check.
    ['/.//evil.example'],
    ['/./\\evil.example'],
    ['/%2e//evil.example'],
    ['/a/..//evil.example'],
  ])('sends %s home instead', (next) => {
    expect(safeNext(next)).toBe('/');
  });
});

describe('safeNext on generated input', () => {
  const base = 'https://portal.invalid';
  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2f',
    '%5c',
    'evil.example',
    'docs',
    '?',
    '#',
    '@',
    ':',
    '\t',
  );

  it('never returns a path that starts // or /\\ or leaves the origin', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const result = safeNext(`/${pieces.join('')}`);
        expect(result.startsWith('/')).toBe(true);
        expect(/^\/[/\\]/.test(result)).toBe(false);
        expect(new URL(result, base).origin).toBe(base);
      }),
      { numRuns: 2000 },
    );
  });
});
