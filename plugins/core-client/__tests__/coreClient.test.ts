/**
 * @jest-environment node
 *
 * plugins/core-client fails the build when core's client stops importing what it replaces.
 */
import { CORE_CLIENT_REPLACEMENTS, missedReplacements, replacementOf, replacementsToJudge } from '..';

it('passes when the client build replaced every import', () => {
  expect(missedReplacements(new Set(Object.keys(CORE_CLIENT_REPLACEMENTS)))).toBeNull();
});

it('names the import, the internal and the replacement when one was not replaced', () => {
  expect(missedReplacements(new Set(['./browserContext', './preload']))).toBe(
    'core-client: the client build no longer imports "./prefetch" from @docusaurus/core/lib/client (a core internal), ' +
      'so plugins/core-client/client/prefetchOnce.ts no longer replaces it: update plugins/core-client for this Docusaurus version, or remove the speed-up.',
  );
});

describe('with Rspack’s persistent cache (modules restored without resolving)', () => {
  const all = Object.keys(CORE_CLIENT_REPLACEMENTS);

  const importers = ['App.js', 'docusaurus.js', 'clientEntry.js'];

  it('judges this build for every import whose core file it resolved', () => {
    expect(replacementsToJudge({ resolvedImporters: importers, replaced: ['./prefetch'] }, all)).toEqual(
      new Set(['./prefetch']),
    );
    expect(replacementsToJudge({ resolvedImporters: importers, replaced: all }, null)).toEqual(new Set(all));
  });

  it('judges what the build that filled the cache replaced when this one resolved nothing of core', () => {
    expect(replacementsToJudge({ resolvedImporters: [], replaced: [] }, all)).toEqual(new Set(all));
    expect(replacementsToJudge({ resolvedImporters: [], replaced: [] }, ['./prefetch'])).toEqual(
      new Set(['./prefetch']),
    );
  });

  it('takes the recorded verdict for a core file the cache restored, when it resolved the other', () => {
    // Core's App.js and clientEntry.js came from the cache; docusaurus.js was resolved again and its import replaced.
    expect(replacementsToJudge({ resolvedImporters: ['docusaurus.js'], replaced: ['./prefetch'] }, all)).toEqual(
      new Set(all),
    );
    // ...and when docusaurus.js no longer imports ./prefetch, that is still caught.
    expect(replacementsToJudge({ resolvedImporters: ['docusaurus.js'], replaced: [] }, all)).toEqual(
      new Set(['./browserContext', './preload']),
    );
  });

  it('gives no verdict with a core file neither resolved nor recorded', () => {
    expect(replacementsToJudge({ resolvedImporters: [], replaced: [] }, null)).toBeNull();
    expect(replacementsToJudge({ resolvedImporters: ['App.js'], replaced: ['./browserContext'] }, null)).toBeNull();
  });
});

describe('which imports are replaced', () => {
  const core = '/site/node_modules/@docusaurus/core/lib/client';

  it("replaces the route preload that hydration waits for (clientEntry.js's), not a navigation's or a hover's", () => {
    expect(replacementOf('./preload', core, `${core}/clientEntry.js`)).toBe(
      'plugins/core-client/client/preloadInOwnTask.ts',
    );
    expect(replacementOf('./preload', core, `${core}/PendingNavigation.js`)).toBeUndefined();
    expect(replacementOf('./preload', core, `${core}/docusaurus.js`)).toBeUndefined();
    expect(replacementOf('./preload', core, `${core}/serverEntry.js`)).toBeUndefined();
  });

  it('replaces core’s imports only, not a request of the same name elsewhere', () => {
    expect(replacementOf('./prefetch', core, `${core}/docusaurus.js`)).toBe(
      'plugins/core-client/client/prefetchOnce.ts',
    );
    expect(replacementOf('./prefetch', '/site/src/lib', '/site/src/lib/docusaurus.js')).toBeUndefined();
    expect(replacementOf('./App', core, `${core}/clientEntry.js`)).toBeUndefined();
  });
});
