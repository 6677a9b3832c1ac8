/**
 * The build's record of the identity it was made for (rules/buildFiles.ts `BUILD_IDENTITY_FILE`): the
 * identity mode, user pool, app client and region that `docusaurus build` baked into the pages' Amplify
 * configuration, read from the same configuration (config/env.ts `portalEnv`). `npm run deploy:build` and
 * `npm run deploy:synth` refuse a build whose record differs from what they deploy (deploy/trust.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { portalEnv, type AuthSettings } from '../config/env';
import { BUILD_IDENTITY_FILE, buildIdentityOf, type BuildIdentity } from '../rules/buildFiles';

/**
 * Writes the record into `buildDir`. Called last, once every other step has succeeded, so a build that
 * failed half-way (Docusaurus empties the folder first) has no record and is not deployed.
 *
 * @param auth - what the build was made with; default: this process's configuration, which `npm run build`
 *   shares with `docusaurus build`.
 * @returns the record written.
 */
export function recordBuildIdentity(buildDir: string, auth: AuthSettings = portalEnv.auth): BuildIdentity {
  const identity = buildIdentityOf(auth);
  fs.writeFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), `${JSON.stringify(identity, null, 2)}\n`);
  return identity;
}
