/**
 * @jest-environment node
 *
 * api-chunks' "API code off doc pages" leans on core's `splitChunks.cacheGroups.common`: without it the
 * client build stops, naming the speed-up, instead of putting the API code back on every doc page.
 */
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import apiChunksPlugin from '..';

const context = { siteDir: path.resolve(__dirname, '../../..'), generatedFilesDir: '/tmp' } as LoadContext;
const utils = {
  currentBundler: { instance: { NormalModuleReplacementPlugin: class {} } },
} as unknown as Parameters<NonNullable<ReturnType<typeof apiChunksPlugin>['configureWebpack']>>[2];
type Config = Parameters<NonNullable<ReturnType<typeof apiChunksPlugin>['configureWebpack']>>[0];

describe('api-chunks and core’s common chunk', () => {
  it('narrows the common cache group to modules the API pages do not alone use', () => {
    const common: { test?: (module: { resource: string }) => boolean } = {};
    const config = { optimization: { splitChunks: { cacheGroups: { common } } } } as unknown as Config;
    apiChunksPlugin(context).configureWebpack!(config, false, utils, undefined as never);
    expect(common.test!({ resource: '/site/node_modules/react-markdown/index.js' })).toBe(false);
    expect(common.test!({ resource: '/site/node_modules/react/index.js' })).toBe(true);
  });

  it('fails the client build, naming the part and the internal, when core has no common cache group', () => {
    const config = { optimization: { splitChunks: { cacheGroups: {} } } } as unknown as Config;
    expect(() => apiChunksPlugin(context).configureWebpack!(config, false, utils, undefined as never)).toThrow(
      /api-chunks \(API code off doc pages\).*cacheGroups\.common/,
    );
  });
});
