/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../../config/env';
import { loadContract } from '../../../config/openapi';
import { serversForMode, withApiHost, type OpenApiDocument } from '../../../rules/contract';
import { INLINE_SCRIPT_HASHES_FILE } from '../../../rules/buildFiles';
import { cspDirectives, cspOriginsFor, readInlineScriptHashes } from '../csp';

describe('cspOriginsFor: where "Send API request" may go', () => {
  it('in local mode, the local sandbox API on SANDBOX_PORT and the production host', () => {
    const origins = cspOriginsFor(parseEnv({ API_HOST: 'https://api.acme.test', SANDBOX_PORT: '4500' }));
    expect(origins.api).toEqual(['http://localhost:4500', 'https://api.acme.test']);
    expect(origins.identity).toEqual(['http://localhost:9229']);
  });

  it('by default, the sandbox on 4010', () => {
    expect(cspOriginsFor(parseEnv({})).api).toContain('http://localhost:4010');
  });
});

describe('cspDirectives: single sign-on', () => {
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

describe('readInlineScriptHashes: the hashes the build listed', () => {
  it('refuses a build without the list, or with something else in it, saying to build again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    expect(() => readInlineScriptHashes(dir)).toThrow(/csp-script-hashes\.json is missing.*npm run build/);
    fs.writeFileSync(path.join(dir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify(["'unsafe-inline'"]));
    expect(() => readInlineScriptHashes(dir)).toThrow("must be a JSON list of 'sha256-…' sources");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('with a real user pool, nothing on localhost', () => {
  const cognito = parseEnv({
    COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
    COGNITO_APP_CLIENT_ID: 'client',
    API_HOST: 'https://api.acme.test',
  });

  it('the CSP names no localhost origin', () => {
    const directives = cspDirectives([], cspOriginsFor(cognito));
    expect(
      Object.values(directives)
        .flat()
        .filter((source) => /localhost|127\.0\.0\.1/.test(source)),
    ).toEqual([]);
    expect(directives.connectSrc).toContain('https://api.acme.test');
  });

  it('the explorer offers only the production server', () => {
    const servers = serversForMode(
      withApiHost(loadContract() as OpenApiDocument, cognito.apiHost),
      'cognito',
      4010,
    ).servers;
    expect(servers?.map((server) => server.url)).toEqual(['https://api.acme.test/api/v1/customer']);
  });
});
