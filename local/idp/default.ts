/**
 * The local IdP as the portal runs it (issue #13): the seeded person `sso.demo@example.com` and the local
 * hosted UI as its one client. Local mode only: these values never leave the machine.
 */
import type { IdpClient, IdpPerson } from './index';

/** Port of the local IdP (its issuer is `http://localhost:<port>`). */
export const LOCAL_IDP_PORT = 9240;

/** The one person of the local IdP; the password is for the local IdP only. */
export const SSO_DEMO_PERSON: IdpPerson = {
  sub: 'f3b1c2d4-0000-4000-8000-00000000abcd',
  email: 'sso.demo@example.com',
  password: 'DemoPassw0rd!',
  name: 'SSO Demo',
};

/** The local hosted UI as the IdP's client (a local-only secret, like cognito-local's signing key). */
export const HOSTED_UI_CLIENT: IdpClient = {
  clientId: 'local-hosted-ui',
  clientSecret: 'local-hosted-ui-secret',
  redirectUri: 'https://localhost:9230/oauth2/idpresponse',
};
