/**
 * Docusaurus plugin: after the build, writes `sign-in-assets.json` into the output folder, listing the
 * chunk files the sign-in route loads before it hydrates (see chunks.ts). The server gate (issue #4)
 * serves these, with the sign-in page's own HTML assets, to anonymous visitors and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { routeChunkFiles, type ClientManifest } from './chunks';

/** The sign-in route (issue #4); the server redirects anonymous page requests here. */
export const SIGN_IN_ROUTE = '/login';

/** Name of the file written into the build folder. */
export const SIGN_IN_ASSETS_FILE = 'sign-in-assets.json';

/** Shape of `sign-in-assets.json`. */
export interface SignInAssets {
  route: string;
  /** Site-absolute paths, e.g. `/assets/js/1a2b3c4d.5e6f.js`. */
  files: string[];
}

export default function signInAssetsPlugin(context: LoadContext): Plugin {
  return {
    name: 'sign-in-assets',
    async postBuild({ outDir }) {
      const read = (file: string) => JSON.parse(fs.readFileSync(path.join(context.generatedFilesDir, file), 'utf8'));
      const manifest = read('client-manifest.json') as ClientManifest;
      const assets: SignInAssets = {
        route: SIGN_IN_ROUTE,
        files: routeChunkFiles(read('routesChunkNames.json'), manifest, SIGN_IN_ROUTE),
      };
      fs.writeFileSync(path.join(outDir, SIGN_IN_ASSETS_FILE), `${JSON.stringify(assets, null, 2)}\n`);
    },
  };
}
