/**
 * @jest-environment node
 */
import type { ClientManifest } from '../buildFiles';
import { chunkGroupFiles, firstLoadFiles, routeChain, routeChunkFiles, routePathOf } from '../firstLoad';
import { routeTreeOf } from '../../plugins/route-tree/tree';

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

describe('chunkGroupFiles', () => {
  it('lists a named chunk with every chunk its import loads, as the build keys them by name', () => {
    const named: ClientManifest = {
      ...manifest,
      origins: { 'sign-in-form': ['7', '40'] },
      assets: { ...manifest.assets, '40': { js: [{ file: 'assets/js/sign-in-form.dddd.js' }] } },
    };
    expect(chunkGroupFiles(named, 'sign-in-form')).toEqual(['/assets/js/7.aaaa.js', '/assets/js/sign-in-form.dddd.js']);
    expect(chunkGroupFiles(named, 'no-such-chunk')).toEqual([]);
  });
});

/** The routes postBuild receives, and routesChunkNames.json's keys in core's order (plugins/route-tree). */
const ROUTES = [
  { path: '/login', exact: true },
  {
    path: '/api',
    routes: [
      {
        path: '/api',
        routes: [
          { path: '/api/', exact: true },
          { path: '/api/v1/get-document', exact: true },
        ],
      },
    ],
  },
  { path: '/', exact: true },
];
const KEYS = ['/login-f43', '/api-a93', '/api-979', '/api/-6da', '/api/v1/get-document-106', '/-e5f'];

describe('routeChain', () => {
  const tree = routeTreeOf(ROUTES, KEYS);

  it('gives the layout routes and the page route a path renders, outermost first', () => {
    expect(routeChain(tree, '/api/v1/get-document')).toEqual(['/api-a93', '/api-979', '/api/v1/get-document-106']);
    expect(routeChain(tree, '/api')).toEqual(['/api-a93', '/api-979', '/api/-6da']);
    expect(routeChain(tree, '/')).toEqual(['/-e5f']);
  });

  it('falls through to the not-found route for an unknown path', () => {
    expect(routeChain(tree, '/no/such/page')).toEqual(['*']);
  });
});

describe('firstLoadFiles', () => {
  it("adds the chunks of a page's layout routes to the scripts its HTML names", () => {
    const tree = routeTreeOf(ROUTES, KEYS);
    const routes = {
      '/api-a93': { __comp: '34b338d8' },
      '/api-979': {},
      '/api/v1/get-document-106': { content: 'a7456010' },
    };
    const named: ClientManifest = { ...manifest, origins: { '34b338d8': ['7', '12'] } };
    expect(
      firstLoadFiles(tree, routes, named, '/api/v1/get-document', [
        '/assets/js/main.js',
        '/img/logo.svg',
        '/assets/css/styles.css',
      ]),
    ).toEqual([
      '/assets/css/34b338d8.cccc.css',
      '/assets/css/styles.css',
      '/assets/js/34b338d8.bbbb.js',
      '/assets/js/7.aaaa.js',
      '/assets/js/a7456010.dddd.js',
      '/assets/js/main.js',
    ]);
  });
});

describe('routePathOf', () => {
  it('maps built files to the routes they serve', () => {
    expect(routePathOf('index.html')).toBe('/');
    expect(routePathOf('api/index.html')).toBe('/api');
    expect(routePathOf('api/v1/search-documents/index.html')).toBe('/api/v1/search-documents');
    expect(routePathOf('404.html')).toBe('/404');
  });
});
