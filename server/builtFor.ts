/**
 * Whether a site build may be served with this configuration. `docusaurus build` bakes the identity (user pool,
 * app client, region) and the addresses the pages call (config/env.ts `bakedEndpoints`) into every page, and the
 * build's last step records them (rules/buildFiles.ts `BUILD_IDENTITY_FILE`). Served with other values, the
 * pages would sign in at a port where nothing listens ("A network error has occurred") or with another pool than
 * the gate trusts, so `npm run serve` and a deployment's server/server.ts refuse, naming each variable that differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bakedEndpoints, type PortalEnv } from '../config/env';
import { BUILD_IDENTITY_FILE, buildIdentityOf, type BuildIdentity } from '../rules/buildFiles';

/** The build's record ({@link BUILD_IDENTITY_FILE}), or `null` when it is missing or unreadable. */
export function readBuildIdentity(buildDir: string): BuildIdentity | null {
  try {
    const record = JSON.parse(fs.readFileSync(path.join(buildDir, BUILD_IDENTITY_FILE), 'utf8')) as BuildIdentity;
    return typeof record === 'object' && record !== null ? record : null;
  } catch {
    return null;
  }
}

/** The variable that sets each identity field of the record. */
const IDENTITY_VARIABLES = {
  userPoolId: 'COGNITO_USER_POOL_ID',
  userPoolClientId: 'COGNITO_APP_CLIENT_ID',
  region: 'COGNITO_REGION',
} as const;

/** A value as the reader sets it: the port of a `…_PORT` variable's address, else the value itself. */
function shown(variable: string, value: string | undefined): string {
  if (value === undefined) return 'unset';
  return variable.endsWith('_PORT') ? (value.split(':').pop() ?? value) : value;
}

/**
 * Why the build in `buildDir` must not be served with `env`, as one line naming each variable whose value differs
 * from the one the pages were built with (and what it was then), or `null` when it may be served. A build with
 * no record, or a record without the addresses, is refused too: what its pages call is unknown.
 */
export function servedBuildRefusal(buildDir: string, env: PortalEnv): string | null {
  const made = readBuildIdentity(buildDir);
  const rebuild = 'run "npm run build" with this configuration';
  if (!made?.endpoints) {
    return `${buildDir} has no record of the settings it was built with (${BUILD_IDENTITY_FILE}): ${rebuild} first.`;
  }
  const differences: string[] = [];
  const wanted = buildIdentityOf(env.auth);
  if (made.identity !== wanted.identity) {
    const modeOf = (identity: BuildIdentity) =>
      identity.identity === 'local' ? 'unset (the local identity service)' : identity.userPoolId;
    differences.push(`COGNITO_USER_POOL_ID is ${modeOf(wanted)}, built for ${modeOf(made)}`);
  } else {
    for (const [field, variable] of Object.entries(IDENTITY_VARIABLES) as [keyof typeof IDENTITY_VARIABLES, string][])
      if (made[field] !== wanted[field]) differences.push(`${variable} is ${wanted[field]}, built for ${made[field]}`);
  }
  const now = bakedEndpoints(env);
  for (const variable of [...new Set([...Object.keys(made.endpoints), ...Object.keys(now)])]) {
    const [was, is] = [made.endpoints[variable], now[variable]];
    if (was === is) continue;
    const follows =
      variable === 'SITE_URL' && is === `http://localhost:${env.sitePort}` ? ` (PORT=${env.sitePort})` : '';
    differences.push(`${variable} is ${shown(variable, is)}${follows}, built for ${shown(variable, was)}`);
  }
  if (differences.length === 0) return null;
  return (
    `${buildDir} was built with other settings, so its pages would call addresses that do not answer: ` +
    `${differences.join('; ')}. Set them as the build had them, or ${rebuild} again.`
  );
}
