/**
 * The local IdP as the portal runs it: the seeded person `sso.demo@example.com` and the local
 * hosted UI as its one client. Local mode only: these values never leave the machine.
 */
import type { IdpClient, IdpPerson } from './index';

/** The one person of the local IdP; the password is for the local IdP only. */
export const SSO_DEMO_PERSON: IdpPerson = {
  sub: 'f3b1c2d4-0000-4000-8000-00000000abcd',
  email: 'sso.demo@example.com',
  password: 'DemoPassw0rd!',
  name: 'SSO Demo',
};

/**
 * The local hosted UI on `https://localhost:<hostedUiPort>` as the IdP's client (a local-only secret,
 * like cognito-local's signing key); the IdP sends the browser back to its `/oauth2/idpresponse`.
 */
export function hostedUiClient(hostedUiPort: number): IdpClient {
  return {
    clientId: 'local-hosted-ui',
    clientSecret: 'local-hosted-ui-secret',
    redirectUri: `https://localhost:${hostedUiPort}/oauth2/idpresponse`,
  };
}
