import fs from 'node:fs';
import corePreload from '@docusaurus/core/lib/client/preload';
import preloadInOwnTask from '../client/preloadInOwnTask';

// Core's preload inserts one script element per chunk of the route; observed here by its calls.
jest.mock('@docusaurus/core/lib/client/preload', () => jest.fn(() => Promise.resolve([])));

describe('preloadInOwnTask', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(corePreload).mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it("starts core's preload in the next task, not in the one that calls it (main.js's evaluation)", async () => {
    const preloaded = preloadInOwnTask('/api/v1/search-documents');
    await Promise.resolve();
    expect(corePreload).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    await expect(preloaded).resolves.toEqual([]);
    expect(jest.mocked(corePreload).mock.calls).toEqual([['/api/v1/search-documents']]);
  });

  it("fails as core's does when a chunk of the route fails to load, so hydration does not start", async () => {
    jest.mocked(corePreload).mockRejectedValueOnce(new Error('Loading chunk 1190 failed.'));
    const preloaded = preloadInOwnTask('/api/v1/search-documents');
    jest.runOnlyPendingTimers();
    await expect(preloaded).rejects.toThrow('Loading chunk 1190 failed.');
  });
});

// The guard of core's private module this wrapper imports by its path: read from the installed package, since
// the test above mocks it.
test("core-client: @docusaurus/core/lib/client/preload is still a default export taking the route's path", () => {
  const file = require.resolve('@docusaurus/core/lib/client/preload');
  const source = fs.readFileSync(file, 'utf8');
  expect({
    speedup: 'plugins/core-client',
    file,
    exports: /export default function \w*\(pathname\)/.test(source),
  }).toEqual({
    speedup: 'plugins/core-client',
    file,
    exports: true,
  });
});
