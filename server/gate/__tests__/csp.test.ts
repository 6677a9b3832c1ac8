/**
 * @jest-environment node
 */
import { parseEnv } from '../../../config/env';
import { cspDirectives, cspOriginsFor } from '../csp';

describe('cspOriginsFor: where "Send API request" may go', () => {
  it('in local mode, the local sandbox API (issue #11) on SANDBOX_PORT and the production host', () => {
    const origins = cspOriginsFor(parseEnv({ API_HOST: 'https://api.acme.test', SANDBOX_PORT: '4500' }));
    expect(origins.api).toEqual(['http://localhost:4500', 'https://api.acme.test']);
    expect(origins.identity).toEqual(['http://localhost:9229']);
  });

  it('by default, the sandbox on 4010', () => {
    expect(cspOriginsFor(parseEnv({})).api).toContain('http://localhost:4010');
  });
});

describe('cspDirectives: single sign-on (issue #13)', () => {
  it('lets the page redeem the OAuth code at the hosted UI, locally and with Cognito', () => {
    const local = cspDirectives([], cspOriginsFor(parseEnv({})));
    expect(local.connectSrc).toContain('https://localhost:9230');
    const cognito = cspDirectives(
      [],
      cspOriginsFor(
        parseEnv({
          COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
          COGNITO_APP_CLIENT_ID: 'client',
          COGNITO_OAUTH_DOMAIN: 'auth.acme.test',
        }),
      ),
    );
    expect(cognito.connectSrc).toContain('https://auth.acme.test');
  });

  it('names no hosted UI when single sign-on is off', () => {
    expect(cspDirectives([], cspOriginsFor(parseEnv({ LOCAL_SSO: 'off' }))).connectSrc).not.toContainEqual(
      expect.stringContaining('9230'),
    );
  });
});
