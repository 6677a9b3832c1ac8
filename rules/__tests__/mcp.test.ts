/**
 * @jest-environment node
 */
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  isAuthorizationServerPath,
  mcpChallenge,
  mcpOAuthIssuer,
  protectedResourceMetadata,
} from '../mcp';

const SITE = 'https://docs.example.com';

describe('protectedResourceMetadata (RFC 9728)', () => {
  it('names the MCP endpoint the client connects to, its authorization server, header tokens only, and the docs', () => {
    expect(protectedResourceMetadata(SITE, { issuer: mcpOAuthIssuer(SITE), scopes: ['mcp'] }, 'RegData')).toEqual({
      resource: 'https://docs.example.com/mcp',
      authorization_servers: ['https://docs.example.com/oauth'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp'],
      resource_name: 'RegData developer portal',
      resource_documentation: 'https://docs.example.com/docs/api/mcp',
    });
  });

  it('lists no scopes for a user pool that takes none', () => {
    const pool = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123xyz';
    const metadata = protectedResourceMetadata(SITE, { issuer: pool }, 'RegData');
    expect(metadata.authorization_servers).toEqual([pool]);
    expect(metadata).not.toHaveProperty('scopes_supported');
  });
});

describe('mcpChallenge (RFC 6750 §3, RFC 9728 §5.1)', () => {
  it('points a client without a token to the metadata, and says invalid_token when one was sent', () => {
    const metadata = 'resource_metadata="https://docs.example.com/.well-known/oauth-protected-resource/mcp"';
    expect(mcpChallenge(SITE, false)).toBe(`Bearer ${metadata}`);
    expect(mcpChallenge(SITE, true)).toBe(`Bearer error="invalid_token", ${metadata}`);
  });
});

describe('isAuthorizationServerPath', () => {
  it.each([
    [AUTHORIZATION_SERVER_METADATA_PATH, true],
    ['/oauth/authorize', true],
    ['/oauth/callback', true],
    ['/oauth', false],
    ['/oauthx/authorize', false],
    ['/docs/oauth/x', false],
  ])('%s → %s', (path, answer) => {
    expect(isAuthorizationServerPath(path)).toBe(answer);
  });
});
