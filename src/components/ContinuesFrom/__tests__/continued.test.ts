/**
 * `<ContinuesFrom page>` links the doc the file path names, from the doc that holds it.
 */
import { continuedDocId } from '../continued';

test('a page beside this one, and one in another folder', () => {
  expect(continuedDocId('@site/docs/api/errors.mdx', './getting-started.mdx')).toBe('api/getting-started');
  expect(continuedDocId('@site/docs/services/interrogator.mdx', '../api/getting-started.mdx')).toBe(
    'api/getting-started',
  );
  expect(continuedDocId('@site/docs/domains/Our domains and themes.mdx', '../api/getting-started.md')).toBe(
    'api/getting-started',
  );
});
