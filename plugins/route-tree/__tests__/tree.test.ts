/**
 * @jest-environment node
 *
 * The route tree from postBuild's routes: each route gets its routesChunkNames.json key in
 * core's order, the not-found route comes last, and a change of that order fails loudly.
 */
import { routeTreeOf } from '../tree';

const routes = [
  { path: '/login', exact: true },
  {
    path: '/docs',
    routes: [
      { path: '/docs/a', exact: true },
      { path: '/docs/b', exact: true },
    ],
  },
];

it('pairs every route with its key, depth first, and ends with the not-found route', () => {
  expect(routeTreeOf(routes, ['/login-f43', '/docs-1a2', '/docs/a-3b4', '/docs/b-5c6'])).toEqual([
    { key: '/login-f43', path: '/login', exact: true },
    {
      key: '/docs-1a2',
      path: '/docs',
      routes: [
        { key: '/docs/a-3b4', path: '/docs/a', exact: true },
        { key: '/docs/b-5c6', path: '/docs/b', exact: true },
      ],
    },
    { key: '*', path: '*' },
  ]);
});

it('takes core’s longer hash for routes sharing a path', () => {
  const twins = [{ path: '/x' }, { path: '/x' }];
  expect(routeTreeOf(twins, ['/x-abc', '/x-abcd']).map((node) => node.key)).toEqual(['/x-abc', '/x-abcd', '*']);
});

it('fails, naming what depends on it, when the keys no longer follow the routes', () => {
  // Breadth first instead of depth first: /docs/a's key is not where core puts it.
  expect(() => routeTreeOf(routes, ['/login-f43', '/docs-1a2', '/docs/b-5c6', '/docs/a-3b4'])).toThrow(
    /route-tree: routesChunkNames.json key "\/docs\/b-5c6" does not belong to route \/docs\/a .*sign-in allow-list, route stylesheets and first-load budgets/,
  );
  expect(() => routeTreeOf(routes, ['/login-f43', '/docs-1a2', '/docs/a-3b4'])).toThrow(
    /does not belong to route \/docs\/b/,
  );
  expect(() => routeTreeOf(routes.slice(0, 1), ['/login-f43', '/extra-123'])).toThrow(/has 2 routes, postBuild 1/);
});
