/**
 * The site's route tree with each route's key in `routesChunkNames.json`: built from the routes
 * Docusaurus hands every plugin's `postBuild` (public lifecycle data), not by parsing the generated
 * `.docusaurus/routes.js` (a core internal). Runtime-neutral and pure.
 *
 * Docusaurus core (`codegenRoutes.js`, 3.10.2) writes `routesChunkNames.json` with one key per route,
 * `<path>-<hash>`, in the order it walks the same routes: depth first, each route before its nested
 * routes. {@link routeTreeOf} pairs them in that order and checks every pair's path, so a change of that
 * order fails the build with a message naming it rather than mis-pairing routes.
 */

import type { RouteNode } from '../../rules/buildFiles';

/** One route as `postBuild` receives it (`PluginRouteConfig`, the fields read here). */
export interface RouteConfigLike {
  path: string;
  exact?: boolean;
  routes?: RouteConfigLike[];
}

/**
 * Pairs `routes` with the keys of `routesChunkNames.json`, in order, and appends the not-found route
 * (`*`) that core adds last to the router's table.
 *
 * @param chunkNameKeys - `Object.keys(routesChunkNames)`, in the file's order.
 * @throws {Error} naming the speed-ups that depend on it when a key does not belong to its route, or
 *   the counts differ.
 */
export function routeTreeOf(routes: RouteConfigLike[], chunkNameKeys: string[]): RouteNode[] {
  let next = 0;
  const pair = (route: RouteConfigLike): RouteNode => {
    const key = chunkNameKeys[next];
    next += 1;
    if (
      key === undefined ||
      !key.startsWith(`${route.path}-`) ||
      !/^[0-9a-f]{3,4}$/.test(key.slice(route.path.length + 1))
    ) {
      throw new Error(
        `route-tree: routesChunkNames.json key ${JSON.stringify(key)} does not belong to route ${route.path} ` +
          '(Docusaurus core no longer writes one key per route in postBuild order); the sign-in allow-list, ' +
          'route stylesheets and first-load budgets depend on this pairing.',
      );
    }
    return {
      key,
      path: route.path,
      ...(route.exact !== undefined ? { exact: route.exact } : {}),
      ...(route.routes ? { routes: route.routes.map(pair) } : {}),
    };
  };
  const tree = routes.map(pair);
  if (next !== chunkNameKeys.length) {
    throw new Error(
      `route-tree: routesChunkNames.json has ${chunkNameKeys.length} routes, postBuild ${next} (Docusaurus core changed).`,
    );
  }
  return [...tree, { key: '*', path: '*' }];
}
