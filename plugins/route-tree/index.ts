/**
 * Docusaurus plugin: after the build, writes the route tree with each route's
 * `routesChunkNames.json` key into `.docusaurus/route-tree.json` (./tree.ts; rules/buildFiles.ts
 * `ROUTE_TREE`), from the routes `postBuild` receives. The sign-in allow-list, the route stylesheets and
 * the first-load budgets and benchmark read it through rules/buildFiles.ts instead of parsing the generated
 * `routes.js`. `npm run bench` adds it to its anchor sites too, so their figures come the same way.
 */
import fs from 'node:fs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { readBuildFile, ROUTE_TREE, ROUTES_CHUNK_NAMES, writeBuildFile } from '../../rules/buildFiles';
import { routeTreeOf } from './tree';

export default function routeTreePlugin(context: LoadContext): Plugin {
  return {
    name: 'route-tree',
    async postBuild({ routes }) {
      const chunkNames = readBuildFile(fs, context.generatedFilesDir, ROUTES_CHUNK_NAMES);
      writeBuildFile(fs, context.generatedFilesDir, ROUTE_TREE, routeTreeOf(routes, Object.keys(chunkNames)));
    },
  };
}
