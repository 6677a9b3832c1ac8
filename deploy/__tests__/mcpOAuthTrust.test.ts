/**
 * @jest-environment node
 *
 * deploy:synth deploys the MCP function and the authorization server's function only as deploy:build made them
 * for the sign-in for AI tools configured now (COGNITO_MCP_CLIENT_ID): each bundle records the MCP app client it
 * was built with (deploy/trust.ts), and a bundle built with another one, or for no sign-in at all, is refused with
 * one line saying to rebuild, as a bundle for another user pool is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { mcpOAuthRefusal, TRUST_FILE, trustOf } from '../trust';

const auth = parseEnv({}).auth;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A bundle folder whose record deploy:build wrote for `oauth` (its MCP app client, or none). */
function bundle(oauth?: { clientId: string }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, TRUST_FILE), JSON.stringify(trustOf({ auth, jwks: LOCAL_JWKS, oauth })));
  return dir;
}

it('records the MCP app client in the bundles built with one, and nothing in the others', () => {
  expect(trustOf({ auth, jwks: LOCAL_JWKS, oauth: { clientId: 'mcp1' } }).mcpOAuthClientId).toBe('mcp1');
  expect(trustOf({ auth, jwks: LOCAL_JWKS })).not.toHaveProperty('mcpOAuthClientId');
});

it('accepts a bundle built for the MCP app client configured now, or for none when none is', () => {
  expect(mcpOAuthRefusal(bundle({ clientId: 'mcp1' }), 'mcp1')).toBeNull();
  expect(mcpOAuthRefusal(bundle(), undefined)).toBeNull();
});

it('refuses one built for another MCP app client, without one, or with one now unset, saying to rebuild', () => {
  expect(mcpOAuthRefusal(bundle({ clientId: 'mcp1' }), 'mcp2')).toMatch(
    /built with COGNITO_MCP_CLIENT_ID=mcp1, but COGNITO_MCP_CLIENT_ID is mcp2: rebuild it with "npm run deploy:build"/,
  );
  expect(mcpOAuthRefusal(bundle(), 'mcp2')).toMatch(
    /built without sign-in for AI tools \(COGNITO_MCP_CLIENT_ID unset\), but COGNITO_MCP_CLIENT_ID is mcp2/,
  );
  expect(mcpOAuthRefusal(bundle({ clientId: 'mcp1' }), undefined)).toMatch(
    /built with COGNITO_MCP_CLIENT_ID=mcp1, but COGNITO_MCP_CLIENT_ID is not set/,
  );
});
