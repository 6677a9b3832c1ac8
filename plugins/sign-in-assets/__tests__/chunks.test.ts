/**
 * @jest-environment node
 */
import { routeChunkFiles, type ClientManifest } from '../chunks';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: { '12': ['7', '12'], '40': ['40'] },
  assets: {
    '7': { js: [{ file: 'assets/js/7.aaaa.js' }] },
    '12': { js: [{ file: 'assets/js/34b338d8.bbbb.js' }], css: [{ file: 'assets/css/34b338d8.cccc.css' }] },
    '40': { js: [{ file: 'assets/js/a7456010.dddd.js' }] },
    '99': { js: [{ file: 'assets/js/1df93b7f.eeee.js' }] },
  },
};

describe('routeChunkFiles', () => {
  it('lists the files of every chunk of the route with their shared chunks, and nothing of other routes', () => {
    const routes = {
      '/login-f43': { __comp: '34b338d8', __context: { plugin: 'a7456010' }, config: '5e9f5e1a' },
      '/-e5f': { __comp: '1df93b7f' },
    };
    expect(routeChunkFiles(routes, manifest, '/login')).toEqual([
      '/assets/css/34b338d8.cccc.css',
      '/assets/js/34b338d8.bbbb.js',
      '/assets/js/7.aaaa.js',
      '/assets/js/a7456010.dddd.js',
    ]);
  });

  it('fails when the route is not in the build', () => {
    expect(() => routeChunkFiles({ '/-e5f': {} }, manifest, '/login')).toThrow(
      'route /login is not in routesChunkNames.json',
    );
  });
});
