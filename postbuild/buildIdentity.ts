/**
 * The build's record of what it was made for (rules/buildFiles.ts `BUILD_IDENTITY_FILE`): the identity mode,
 * user pool, app client and region that `docusaurus build` baked into the pages' Amplify configuration, and the
 * addresses the pages call (config/env.ts `bakedEndpoints`), read from the same configuration (config/env.ts
 * `portalEnv`). `npm run deploy:build` and `npm run deploy:synth` refuse a build whose identity differs from
 * what they deploy (deploy/trust.ts); `npm run serve` one whose identity or addresses differ from its own
 * (server/builtFor.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { bakedEndpoints, portalEnv, type PortalEnv } from '../config/env';
import { BUILD_IDENTITY_FILE, buildIdentityOf, type BuildIdentity } from '../rules/buildFiles';

/**
 * Writes the record into `buildDir`. Called last, once every other step has succeeded, so a build that
 * failed half-way (Docusaurus empties the folder first) has no record and is not deployed.
 *
 * @param env - what the build was made with; default: this process's configuration, which `npm run build`
 *   shares with `docusaurus build`.
 * @returns the record written.
 */
export function recordBuildIdentity(buildDir: string, env: PortalEnv = portalEnv): BuildIdentity {
  const identity: BuildIdentity = { ...buildIdentityOf(env.auth), endpoints: bakedEndpoints(env) };
  fs.writeFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), `${JSON.stringify(identity, null, 2)}\n`);
  return identity;
}
