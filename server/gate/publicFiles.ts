/**
 * The files an anonymous visitor may receive: the sign-in page's HTML, what that HTML loads
 * (scripts, stylesheets, icons, preloaded images), and the chunks the sign-in route loads before it
 * hydrates (`sign-in-assets.json`, written by plugins/sign-in-assets). Computed once at start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SIGN_IN_ASSETS_FILE, type SignInAssets } from '../../rules/buildFiles';
import { assetsOfHtml } from '../../rules/pageAssets';
import { builtFileOf, SIGN_IN_ROUTE } from '../../rules/routes';

/**
 * @param buildDir - the Docusaurus output folder.
 * @returns the set of request paths (decoded, site-absolute) served without sign-in.
 * @throws {Error} when the sign-in page or `sign-in-assets.json` is missing: the build is incomplete.
 */
export function publicFiles(buildDir: string): Set<string> {
  const page = path.join(buildDir, builtFileOf(SIGN_IN_ROUTE));
  const manifest = path.join(buildDir, SIGN_IN_ASSETS_FILE);
  for (const file of [page, manifest]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
  }
  const chunks = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as SignInAssets).files;
  return new Set([SIGN_IN_ROUTE, `${SIGN_IN_ROUTE}/`, ...assetsOfHtml(fs.readFileSync(page, 'utf8')), ...chunks]);
}
