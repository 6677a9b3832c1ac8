/**
 * @jest-environment node
 */
import { customerWordProblems } from '../customerWords';

describe('customerWordProblems', () => {
  it.each([
    [
      'The specification names the parameter (§7.1) and its default, `true` (§9), not its meaning.',
      ['specification', '§'],
    ],
    ['This portal: `422` is no longer listed.', ['This portal:']],
    ['Spec §5.1 gives the minimum.', ['Spec', '§']],
    ['An empty list means any (spec §5.1).', ['spec', '§']],
  ])('finds the words a customer never reads in %j', (text, found) => {
    expect(customerWordProblems(text).map((problem) => problem.found)).toEqual(found);
  });

  it.each([
    'The provider has not confirmed what `latest_only` keeps; this portal assumes the latest file of each list.',
    '| `specification` | boolean | Read as: the text specifies how to comply. |',
    'Sign in to this portal with the account you were given.',
    'Each respects the specified order.',
  ])('lets customers’ words be: %j', (text) => {
    expect(customerWordProblems(text)).toEqual([]);
  });

  it('reads fenced code as code, and names each line', () => {
    const page = ['```json', '{"specification": true}', '```', '', 'See the spec.'].join('\n');
    expect(customerWordProblems(page)).toEqual([{ line: 5, found: 'spec', instead: expect.any(String) }]);
    expect(customerWordProblems('{"specification": true}', { fences: false })).toHaveLength(1);
  });
});
