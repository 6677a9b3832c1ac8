/**
 * Docusaurus plugin for what the sign-in form loads:
 *
 * - Leaves Amplify UI's stylesheet out of the site's one stylesheet. Docusaurus merges all CSS into the
 *   `styles` chunk (core lib/webpack/base.js, facebook/docusaurus#2006), so Amplify UI's CSS would block
 *   the first paint of every signed-in page; here it travels with the lazily loaded `sign-in-form`
 *   chunk (src/components/SignInForm) and is fetched only when the form shows.
 * - Lets the bundler drop Amplify's redirect sign-in from pages that do not use it. `@aws-amplify/auth`
 *   declares `signInWithRedirect.mjs` side-effectful (its only side effect is importing the OAuth
 *   listener), so every import from `aws-amplify/auth` would keep it, with PKCE, sha256 and the Buffer
 *   polyfill, in `main`. Only the SSO button (in the lazy sign-in form) imports it; the listener is
 *   imported by AuthProvider when a redirect sign-in is in flight (see `needsOAuthListener`).
 * - After the build, writes `sign-in-assets.json` into the output folder, listing the chunk files the
 *   sign-in route loads before it hydrates (rules/firstLoad.ts) and the chunk groups of the sign-in code
 *   loaded on demand ({@link SIGN_IN_CHUNKS}: JavaScript and CSS). The server gate serves these, with
 *   the sign-in page's own HTML assets, to anonymous visitors and nothing else.
 */
import fs from 'node:fs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import {
  CLIENT_MANIFEST,
  readBuildFile,
  ROUTES_CHUNK_NAMES,
  SIGN_IN_ASSETS,
  writeBuildFile,
  type SignInAssets,
} from '../../rules/buildFiles';
import { chunkGroupFiles, routeChunkFiles } from '../../rules/firstLoad';
import { SIGN_IN_ROUTE } from '../../rules/routes';
import { keepOutOfStylesChunk } from '../moduleResource';

/**
 * `webpackChunkName`s of the code loaded on demand that the sign-in page runs for anonymous visitors:
 * the form (src/components/SignInForm/index.tsx), the session module
 * (src/components/AuthProvider/loadSession.ts), Amplify's OAuth listener
 * (src/components/AuthProvider/session.ts) and the navbar's search bar (src/theme/SearchBar; its index
 * stays gated).
 */
export const SIGN_IN_CHUNKS = ['sign-in-form', 'session', 'oauth-listener', 'search-bar'];

/** Amplify's redirect sign-in (aws-amplify 6, `@aws-amplify/auth` package.json `sideEffects`). */
const SIGN_IN_WITH_REDIRECT =
  /[\\/]@aws-amplify[\\/]auth[\\/]dist[\\/]esm[\\/]providers[\\/]cognito[\\/]apis[\\/]signInWithRedirect\.mjs$/;

/** Amplify UI's stylesheet, imported by the sign-in form only. */
const AMPLIFY_UI_CSS = /[\\/]@aws-amplify[\\/]ui-react[\\/]dist[\\/]styles\.css$/;

export default function signInAssetsPlugin(context: LoadContext): Plugin {
  return {
    name: 'sign-in-assets',
    configureWebpack(config, isServer) {
      keepOutOfStylesChunk(config, isServer, AMPLIFY_UI_CSS);
      return { module: { rules: [{ test: SIGN_IN_WITH_REDIRECT, sideEffects: false }] } };
    },
    async postBuild({ outDir }) {
      const manifest = readBuildFile(fs, context.generatedFilesDir, CLIENT_MANIFEST);
      const lazy = SIGN_IN_CHUNKS.flatMap((name) => {
        const files = chunkGroupFiles(manifest, name);
        if (files.length === 0) throw new Error(`the build has no "${name}" chunk (a lazy import of the sign-in code)`);
        return files;
      });
      const assets: SignInAssets = {
        route: SIGN_IN_ROUTE,
        files: [
          ...new Set([
            ...routeChunkFiles(
              readBuildFile(fs, context.generatedFilesDir, ROUTES_CHUNK_NAMES),
              manifest,
              SIGN_IN_ROUTE,
            ),
            ...lazy,
          ]),
        ].sort(),
      };
      writeBuildFile(fs, outDir, SIGN_IN_ASSETS, assets);
    },
  };
}
