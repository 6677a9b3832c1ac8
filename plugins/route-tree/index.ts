/**
 * Docusaurus plugin: after the build, writes the route tree with each route's
 * `routesChunkNames.json` key into `.docusaurus/route-tree.json` (./tree.ts), from the routes
 * `postBuild` receives. The sign-in allow-list, the route stylesheets and the first-load budgets and
 * benchmark read it instead of parsing the generated `routes.js`. `npm run bench` adds it to its anchor
 * sites too, so their figures come the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { ROUTE_TREE_FILE, routeTreeOf, type RouteNode } from './tree';

export { ROUTE_TREE_FILE, type RouteNode };

/** The tree `postBuild` wrote into `generatedDir` (a `.docusaurus/` folder). */
export function readRouteTree(generatedDir: string): RouteNode[] {
  const file = path.join(generatedDir, ROUTE_TREE_FILE);
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build with the route-tree plugin (plugins/route-tree)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RouteNode[];
}

export default function routeTreePlugin(context: LoadContext): Plugin {
  return {
    name: 'route-tree',
    async postBuild({ routes }) {
      const chunkNames = JSON.parse(
        fs.readFileSync(path.join(context.generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
      ) as Record<string, unknown>;
      const tree = routeTreeOf(routes, Object.keys(chunkNames));
      fs.writeFileSync(path.join(context.generatedFilesDir, ROUTE_TREE_FILE), `${JSON.stringify(tree)}\n`);
    },
  };
}
