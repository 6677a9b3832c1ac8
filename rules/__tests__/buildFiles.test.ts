/**
 * @jest-environment node
 */
import { buildIdentityOf } from '../buildFiles';

describe('buildIdentityOf', () => {
  it("records the identity mode, user pool, web app client and region a build's pages sign in with, nothing else", () => {
    const auth = {
      mode: 'cognito' as const,
      userPoolId: 'eu-west-2_AbC123xyz',
      userPoolClientId: 'web-client',
      region: 'eu-west-2',
      scriptsClientId: 'scripts-client',
      userPoolEndpoint: 'https://cognito-idp.eu-west-2.amazonaws.com',
    };
    expect(buildIdentityOf(auth)).toEqual({
      identity: 'cognito',
      userPoolId: 'eu-west-2_AbC123xyz',
      userPoolClientId: 'web-client',
      region: 'eu-west-2',
    });
  });
});
