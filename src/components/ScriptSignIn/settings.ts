/**
 * Where a script signs in for an API access token (docs/api/tokens.mdx): the Cognito endpoint of the
 * portal's user pool and the app client that allows `USER_PASSWORD_AUTH`. Cognito's API is served at
 * `https://cognito-idp.<region>.amazonaws.com/` (Amazon Cognito API reference, "Endpoints"); the local
 * identity service stands in at its own address in local mode.
 */
import type { AuthSettings } from '@site/config/env';
import { trimTrailing } from '@site/rules/text';

/** The two values a script needs, or `null` for the client id when this portal has none for scripts. */
export interface ScriptSignInSettings {
  /** The Cognito Identity Provider endpoint, e.g. `https://cognito-idp.eu-west-2.amazonaws.com/`. */
  endpoint: string;
  /** The app client id allowing USER_PASSWORD_AUTH, or null when none is configured. */
  clientId: string | null;
}

/**
 * The settings of the portal's user pool for scripts: the scripts client (COGNITO_SCRIPTS_CLIENT_ID)
 * with a real user pool; in local mode the local app client, which allows USER_PASSWORD_AUTH.
 */
export function scriptSignInSettings(auth: AuthSettings): ScriptSignInSettings {
  const endpoint = auth.userPoolEndpoint
    ? `${trimTrailing(auth.userPoolEndpoint, '/')}/`
    : `https://cognito-idp.${auth.region}.amazonaws.com/`;
  const clientId = auth.scriptsClientId ?? (auth.mode === 'local' ? auth.userPoolClientId : null);
  return { endpoint, clientId };
}

/** The two `export` lines the token samples read, for a bash shell. */
export function exportLines(settings: ScriptSignInSettings): string {
  return [
    `export COGNITO_ENDPOINT="${settings.endpoint}"`,
    `export CLIENT_ID="${settings.clientId ?? '<app client id for scripts: ask the provider>'}"`,
  ].join('\n');
}
