/**
 * What a run may do with a configuration, and what a build of it lacks: whether it may trust the local identity
 * service, whether the site may be built for customers, and the warnings a build prints.
 */
import { isLoopbackHostname, isLoopbackInterface } from '../../rules/hosts';
import type { PortalEnv } from './portalEnv';
import { ConfigError } from './read';

/**
 * What trusting the local identity service would serve: `npm run serve`, `npm start` (its MCP server
 * and sandbox trust the local key too) or a deployment (`deploy:build`, `deploy:synth`).
 */
export type LocalIdentityUse = 'serve' | 'start' | 'deploy';

/**
 * Why this configuration must not run in local mode for `use`, as one line naming what to set, or
 * `null` when it may. The local identity service's private signing key ships in the public cognito-local
 * package, so anyone can mint tokens it would accept: it is trusted only in a plainly local run, where
 * the site is this machine's and nothing else reaches it: `npm start` and `npm run serve` with a
 * loopback SITE_URL (a public one means a proxy brings others in, whatever the interface), `serve` also
 * bound to a loopback HOST. A deployment always refuses. UNSAFE_LOCAL_IDENTITY=1 lifts every refusal
 * (the tests' edge bundle).
 */
export function localIdentityRefusal(env: PortalEnv, use: LocalIdentityUse): string | null {
  if (env.auth.mode !== 'local' || env.unsafeLocalIdentity) return null;
  const trusts =
    'would trust the local identity service, whose signing key is public (it ships in the cognito-local package): set COGNITO_USER_POOL_ID and COGNITO_APP_CLIENT_ID';
  if (use === 'deploy') return `COGNITO_USER_POOL_ID is not set, so a deployment ${trusts} (handbook/deployment.md).`;
  const reasons: { where: string; fix: string }[] = [];
  if (use === 'serve' && !isLoopbackInterface(env.siteHost)) {
    reasons.push({ where: `on HOST=${env.siteHost}`, fix: 'HOST=localhost' });
  }
  if (!isLoopbackHostname(new URL(env.siteUrl).hostname)) {
    reasons.push({
      where: `for SITE_URL=${env.siteUrl}`,
      fix: `SITE_URL=http://localhost:${env.sitePort} (or unset)`,
    });
  }
  if (reasons.length === 0) return null;
  const command = use === 'serve' ? 'npm run serve' : 'npm start';
  return (
    `COGNITO_USER_POOL_ID is not set, so ${command} ${reasons.map((r) => r.where).join(' and ')} ${trusts}, ` +
    `or ${reasons.map((r) => r.fix).join(' and ')} for a local run.`
  );
}

/**
 * The settings customers' pages depend on, each with what readers get without it. Optional in local mode,
 * where the sandbox API stands in for the provider's and nobody but the portal's own people reads the pages.
 */
const CUSTOMER_SETTINGS: readonly { variable: string; set(env: PortalEnv): boolean; problem: string }[] = [
  {
    variable: 'API_HOST',
    set: (env) => env.apiHost !== undefined,
    problem:
      "give the provider's API host (e.g. https://api.example.com): without it the reference, every sample, " +
      '"Set up your terminal" and "Use my token" send customers to a host that does not exist.',
  },
  {
    variable: 'PROVIDER_CONTACT',
    set: (env) => env.providerContact !== undefined,
    problem:
      'give where customers ask for API access, an https URL or a mailto: address (e.g. mailto:api@example.com): ' +
      'without it every "contact the provider" is plain text with no address, the only way to API access.',
  },
  {
    variable: 'BUILD_COPIES',
    set: (env) => env.buildCopies,
    problem:
      "unset it (or set it to on): AI tools read the pages' Markdown copies and llms.txt, and the gate sends the " +
      'compressed copies; off is for the test suite only.',
  },
];

/**
 * Why the site must not be built for customers from this configuration, or `null` when it may: a build for
 * a user pool (COGNITO_USER_POOL_ID set) is the one customers read, so it needs every setting their pages
 * depend on (API_HOST, PROVIDER_CONTACT) and the copies made from them (BUILD_COPIES on). Local mode needs none.
 * `npm run gen-api` and the site's
 * configuration (docusaurus.config.ts) throw it, so `npm run build` (and `deploy:build`, which builds a
 * missing site first) stops before any page is written; `npm run serve` of a finished build does not ask.
 *
 * @returns a {@link ConfigError} naming each missing variable and what to set, or `null`.
 */
export function customerBuildError(env: PortalEnv): ConfigError | null {
  if (env.auth.mode !== 'cognito') return null;
  const missing = CUSTOMER_SETTINGS.filter((setting) => !setting.set(env));
  if (missing.length === 0) return null;
  return new ConfigError(
    missing.map((setting) => setting.variable).join(' and '),
    `a build for a user pool (COGNITO_USER_POOL_ID) is read by customers: ${missing
      .map((setting) => `${setting.variable}: ${setting.problem}`)
      .join(' ')}`,
  );
}

/**
 * What a build of the site from `env` lacks that readers notice, one line each, for `docusaurus.config.ts` to
 * print ({@link warnOnce}): no PROVIDER_CONTACT (the docs' "contact the provider" gives no address), with a
 * user pool no COGNITO_SCRIPTS_CLIENT_ID (the sign-in samples name no app client), and BUILD_COPIES=off (no
 * Markdown or compressed copies).
 */
export function configWarnings(env: PortalEnv): string[] {
  const warnings: string[] = [];
  if (!env.providerContact)
    warnings.push(
      '[portal] PROVIDER_CONTACT is not set: "contact the provider" in the docs and the API reference give no ' +
        'address (.env.example says how to set it; a build with a user pool requires it).',
    );
  if (env.auth.mode === 'cognito' && !env.auth.scriptsClientId)
    warnings.push(
      "[portal] COGNITO_SCRIPTS_CLIENT_ID is not set: the docs' sign-in samples name no app client for scripts, " +
        'and tell readers to ask the provider for one (.env.example says how to set it).',
    );
  if (!env.buildCopies)
    warnings.push(
      '[portal] BUILD_COPIES=off: this build writes no Markdown copies, llms.txt or compressed copies; it is for ' +
        'the test suite only (.env.example).',
    );
  return warnings;
}

/** The warnings this process has printed, kept on `globalThis` so a configuration evaluated again prints none twice. */
const PRINTED_WARNINGS = Symbol.for('portal.config.printedWarnings');

/**
 * Prints `message` with `console.warn` unless this process has printed it already: Docusaurus evaluates the site's
 * configuration more than once in a run (at start, and again when content reloads), and each would repeat it.
 *
 * @returns whether it was printed now.
 */
export function warnOnce(message: string): boolean {
  const holder = globalThis as { [PRINTED_WARNINGS]?: Set<string> };
  const printed = (holder[PRINTED_WARNINGS] ??= new Set());
  if (printed.has(message)) return false;
  printed.add(message);
  console.warn(message);
  return true;
}
