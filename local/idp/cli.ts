/**
 * `npm run idp`: the local OpenID Connect IdP alone, on IDP_PORT (default 9240), with the
 * seeded person `sso.demo@example.com`. Prints its issuer once it listens.
 */
import { portalEnv } from '../../config/env';
import { hostedUiClient, SSO_DEMO_PERSON } from './default';
import { portalOrigins } from '../origins';
import { startLocalIdp } from './index';

const { idpPort, hostedUiPort } = portalEnv.localSso;
startLocalIdp({
  port: idpPort,
  person: SSO_DEMO_PERSON,
  client: hostedUiClient(hostedUiPort),
  allowedOrigins: portalOrigins(portalEnv),
})
  .then((idp) => {
    console.log(
      `[idp] Local OpenID Connect IdP at ${idp.issuer}; sign in as ${SSO_DEMO_PERSON.email} / ${SSO_DEMO_PERSON.password}.`,
    );
    const stop = () => void idp.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(`Local IdP failed to start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
