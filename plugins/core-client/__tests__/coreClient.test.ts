/**
 * @jest-environment node
 *
 * plugins/core-client fails the build when core's client stops importing what it replaces.
 */
import { CORE_CLIENT_REPLACEMENTS, missedReplacements, replacementsToJudge } from '..';

it('passes when the client build replaced every import', () => {
  expect(missedReplacements(new Set(Object.keys(CORE_CLIENT_REPLACEMENTS)))).toBeNull();
});

it('names the import, the internal and the replacement when one was not replaced', () => {
  expect(missedReplacements(new Set(['./browserContext']))).toBe(
    'core-client: the client build no longer imports "./prefetch" from @docusaurus/core/lib/client (a core internal), ' +
      'so plugins/core-client/client/prefetchOnce.ts no longer replaces it: update plugins/core-client for this Docusaurus version, or remove the speed-up.',
  );
});

describe('with Rspack’s persistent cache (modules restored without resolving)', () => {
  const all = Object.keys(CORE_CLIENT_REPLACEMENTS);

  it('judges this build when it resolved anything of core', () => {
    expect(replacementsToJudge({ resolvedCore: true, replaced: ['./prefetch'] }, all)).toEqual(new Set(['./prefetch']));
  });

  it('judges what the build that filled the cache replaced when this one resolved nothing of core', () => {
    expect(replacementsToJudge({ resolvedCore: false, replaced: [] }, all)).toEqual(new Set(all));
    expect(replacementsToJudge({ resolvedCore: false, replaced: [] }, ['./prefetch'])).toEqual(new Set(['./prefetch']));
  });

  it('gives no verdict with nothing resolved and nothing recorded', () => {
    expect(replacementsToJudge({ resolvedCore: false, replaced: [] }, null)).toBeNull();
  });
});
