/**
 * The sign-in settings a script is shown (docs/api/tokens.mdx): the Cognito endpoint of the pool's
 * region or the local identity service, and the app client that allows USER_PASSWORD_AUTH.
 */
import { parseEnv } from '@site/config/env';
import { trimTrailing } from '@site/rules/text';
import { exportLines, scriptSignInSettings } from '../settings';

const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbCdEf123', COGNITO_APP_CLIENT_ID: 'web' };

describe('scriptSignInSettings', () => {
  it("gives a real pool's regional endpoint and its scripts client", () => {
    const { auth } = parseEnv({ ...POOL, COGNITO_SCRIPTS_CLIENT_ID: 'scripts' });
    expect(scriptSignInSettings(auth)).toEqual({
      endpoint: 'https://cognito-idp.eu-west-2.amazonaws.com/',
      clientId: 'scripts',
    });
  });

  it('never offers the web client of a real pool (it allows SRP only), and says whom to ask', () => {
    const settings = scriptSignInSettings(parseEnv(POOL).auth);
    expect(settings.clientId).toBeNull();
    expect(exportLines(settings)).toContain('export CLIENT_ID="<app client id for scripts: ask the provider>"');
  });

  it('points a local run at the local identity service and its app client', () => {
    const { auth } = parseEnv({});
    const settings = scriptSignInSettings(auth);
    expect(settings.endpoint).toBe(`${trimTrailing(auth.userPoolEndpoint!, '/')}/`);
    expect(settings.endpoint).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(settings.clientId).toBe(auth.userPoolClientId);
  });
});
