/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  configWarnings,
  customerBuildError,
  LOCAL_APP_CLIENT_ID,
  LOCAL_MCP_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  localIdentityRefusal,
  parseEnv,
  userPoolIssuer,
} from '../env';
import { envSource } from '../../tests/support/envSource';

describe('parseEnv', () => {
  it('runs against the local identity service when no user pool is configured', () => {
    const env = parseEnv({});
    expect(env.auth).toMatchObject({
      mode: 'local',
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_APP_CLIENT_ID,
      userPoolEndpoint: 'http://localhost:9229',
    });
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.tagline).toMatch(/transforming how the world consumes regulatory information/i);
  });

  it('follows LOCAL_IDENTITY_PORT for the endpoint Amplify calls', () => {
    expect(parseEnv({ LOCAL_IDENTITY_PORT: '9555' }).auth.userPoolEndpoint).toBe('http://localhost:9555');
  });

  it('uses a real user pool, without a custom endpoint, when COGNITO_USER_POOL_ID is set', () => {
    const env = parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client123' });
    expect(env.auth.mode).toBe('cognito');
    expect(env.auth.region).toBe('eu-west-2');
    expect(env.auth.userPoolEndpoint).toBeUndefined();
  });

  it('names the missing variable when the app client id is absent', () => {
    expect(() => parseEnv({ COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz' })).toThrow(/COGNITO_APP_CLIENT_ID/);
  });

  it.each([
    ['COGNITO_USER_POOL_ID', { COGNITO_USER_POOL_ID: 'not-a-pool', COGNITO_APP_CLIENT_ID: 'x' }],
    ['COGNITO_USER_POOL_ID', { COGNITO_USER_POOL_ID: LOCAL_USER_POOL_ID, COGNITO_APP_CLIENT_ID: 'x' }],
    ['SITE_URL', { SITE_URL: 'localhost:3000' }],
    ['API_HOST', { API_HOST: 'ftp://api.example.com' }],
    ['PORT', { PORT: '70000' }],
    ['COGNITO_REDIRECT_SIGN_IN', { COGNITO_REDIRECT_SIGN_IN: 'https://ok.example.com/,nope' }],
  ])('rejects a malformed %s with an error naming it', (name, env) => {
    let error: unknown;
    try {
      parseEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('names the TOTP issuer AWSCognito unless TOTP_ISSUER says otherwise (spec §2.3)', () => {
    expect(parseEnv({}).auth.totpIssuer).toBe('AWSCognito');
    expect(parseEnv({ TOTP_ISSUER: 'RegData' }).auth.totpIssuer).toBe('RegData');
  });

  const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client' };

  it('keeps OAuth off with a real user pool until a hosted-UI domain is given, and strips its scheme', () => {
    expect(parseEnv(POOL).auth.oauth.domain).toBe('');
    expect(parseEnv(POOL).localSso.enabled).toBe(false);
    const env = parseEnv({ ...POOL, COGNITO_OAUTH_DOMAIN: 'https://auth.example.com/', PRODUCT_NAME: 'Acme' });
    expect(env.auth.oauth).toMatchObject({ domain: 'auth.example.com', customProvider: 'Acme' });
  });

  it('sends the OAuth code back to the sign-in page, which the gate lets through', () => {
    const env = parseEnv({ ...POOL, COGNITO_OAUTH_DOMAIN: 'auth.example.com', SITE_URL: 'https://docs.example.com' });
    expect(env.auth.oauth.redirectSignIn).toEqual(['https://docs.example.com/login']);
    expect(env.auth.oauth.redirectSignOut).toEqual(['https://docs.example.com/login']);
  });

  it('runs single sign-on locally by default: the local hosted UI is the OAuth domain', () => {
    const env = parseEnv({});
    expect(env.localSso).toEqual({ enabled: true, idpPort: 9240, hostedUiPort: 9230 });
    expect(env.auth.oauth).toMatchObject({ domain: 'localhost:9230', customProvider: 'RegData' });
    expect(parseEnv({ HOSTED_UI_PORT: '9331' }).auth.oauth.domain).toBe('localhost:9331');
  });

  it('turns local single sign-on off with LOCAL_SSO=off, or for another hosted UI', () => {
    expect(parseEnv({ LOCAL_SSO: 'off' }).auth.oauth.domain).toBe('');
    expect(parseEnv({ LOCAL_SSO: 'off' }).localSso.enabled).toBe(false);
    const other = parseEnv({ COGNITO_OAUTH_DOMAIN: 'auth.portal.test' });
    expect(other.localSso.enabled).toBe(false);
    expect(other.auth.oauth.domain).toBe('auth.portal.test');
  });

  it.each([
    ['LOCAL_SSO', { LOCAL_SSO: 'maybe' }],
    ['HOSTED_UI_PORT', { HOSTED_UI_PORT: '9240' }],
    ['IDP_PORT', { IDP_PORT: 'x' }],
  ])('names %s when it is unusable', (variable, env) => {
    expect(() => parseEnv(env)).toThrow(variable);
  });

  it('gives "Edit this page" links a base only when EDIT_URL is set, ending in a slash', () => {
    expect(parseEnv({}).editUrl).toBeUndefined();
    expect(parseEnv({ EDIT_URL: 'https://github.com/acme/portal/edit/main' }).editUrl).toBe(
      'https://github.com/acme/portal/edit/main/',
    );
    expect(() => parseEnv({ EDIT_URL: 'github.com/acme' })).toThrow('EDIT_URL');
  });
});

describe('variables the docs name exist in config/env.ts', () => {
  const root = path.resolve(__dirname, '../..');
  const source = envSource();
  /** Every variable config/env.ts and its parts read: `read(env, 'X')`, `readUrl(env, 'X', …)`, `readPort(…)`, `readList(…)`. */
  const readByCode = new Set([...source.matchAll(/read\w*\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]));
  const named = (file: string) =>
    new Set(
      [
        ...fs
          .readFileSync(path.join(root, file), 'utf8')
          .matchAll(/\b((?:COGNITO|DEPLOY|LOCAL|EDGE|UNSAFE|SANDBOX|HOSTED|IDP|MCP|PREVIEW)_[A-Z0-9_]+)\b/g),
      ].map((m) => m[1]),
    );

  const handbook = fs
    .readdirSync(path.join(root, 'handbook'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `handbook/${name}`);

  it.each(['README.md', '.env.example', 'SECURITY.md', ...handbook])(
    '%s names only variables the code reads',
    (file) => {
      const unknown = [...named(file)].filter((name) => !readByCode.has(name));
      expect(unknown).toEqual([]);
    },
  );

  it('.env.example documents every variable the code reads', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const undocumented = [...readByCode].filter((name) => !new RegExp(`^${name}=`, 'm').test(example));
    expect(undocumented).toEqual([]);
  });
});

describe('deployment settings', () => {
  it('a custom domain needs both its name and a us-east-1 ACM certificate', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000';
    expect(
      parseEnv({ DEPLOY_DOMAIN_NAME: 'docs.example.com', DEPLOY_CERTIFICATE_ARN: arn }).deploy.customDomain,
    ).toEqual({
      domainName: 'docs.example.com',
      certificateArn: arn,
    });
    expect(() => parseEnv({ DEPLOY_DOMAIN_NAME: 'docs.example.com' })).toThrow('DEPLOY_CERTIFICATE_ARN');
    expect(() => parseEnv({ DEPLOY_CERTIFICATE_ARN: arn })).toThrow('DEPLOY_DOMAIN_NAME');
    expect(() =>
      parseEnv({
        DEPLOY_DOMAIN_NAME: 'docs.example.com',
        DEPLOY_CERTIFICATE_ARN: arn.replace('us-east-1', 'eu-west-2'),
      }),
    ).toThrow(/us-east-1/);
  });

  it('branch previews need their domain, a us-east-1 certificate and a hosted zone, all three or none', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0000-4000-8000-000000000000';
    const preview = {
      PREVIEW_DOMAIN: 'Preview.Docs.example.com',
      PREVIEW_CERTIFICATE_ARN: arn,
      PREVIEW_HOSTED_ZONE_ID: 'Z0123456789ABCDEFGHIJ',
    };
    expect(parseEnv({}).deploy.preview).toBeUndefined();
    expect(parseEnv(preview).deploy.preview).toEqual({
      domain: 'preview.docs.example.com',
      certificateArn: arn,
      hostedZoneId: 'Z0123456789ABCDEFGHIJ',
      reviewersGroup: 'portal-reviewers',
    });
    expect(parseEnv({ ...preview, PREVIEW_REVIEWERS_GROUP: 'compliance' }).deploy.preview?.reviewersGroup).toBe(
      'compliance',
    );
    expect(() => parseEnv({ ...preview, PREVIEW_HOSTED_ZONE_ID: '' })).toThrow(
      'PREVIEW_HOSTED_ZONE_ID: is required with PREVIEW_DOMAIN and PREVIEW_CERTIFICATE_ARN',
    );
    for (const domain of ['localhost', 'preview.example.com/x', 'a b.example.com', `${'x'.repeat(190)}.com`])
      expect(() => parseEnv({ ...preview, PREVIEW_DOMAIN: domain })).toThrow('PREVIEW_DOMAIN');
    expect(() => parseEnv({ ...preview, PREVIEW_CERTIFICATE_ARN: arn.replace('us-east-1', 'eu-west-2') })).toThrow(
      /PREVIEW_CERTIFICATE_ARN.*us-east-1/,
    );
    expect(() => parseEnv({ ...preview, PREVIEW_HOSTED_ZONE_ID: 'zone; rm -rf' })).toThrow('PREVIEW_HOSTED_ZONE_ID');
  });

  it('a readers group is a user pool group name, or unset for every user of the pool', () => {
    expect(parseEnv({}).auth.readersGroup).toBeUndefined();
    expect(parseEnv({ COGNITO_READERS_GROUP: 'portal-reviewers' }).auth.readersGroup).toBe('portal-reviewers');
    for (const group of ['two words', 'x'.repeat(129)])
      expect(() => parseEnv({ COGNITO_READERS_GROUP: group })).toThrow('COGNITO_READERS_GROUP');
    expect(() => parseEnv({ PREVIEW_REVIEWERS_GROUP: 'a\tb' })).toThrow('PREVIEW_REVIEWERS_GROUP');
  });

  it('a scripts client joins the web client in Cognito mode', () => {
    const env = parseEnv({
      COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz',
      COGNITO_APP_CLIENT_ID: 'web',
      COGNITO_SCRIPTS_CLIENT_ID: 'scripts',
    });
    expect(env.auth).toMatchObject({ userPoolClientId: 'web', scriptsClientId: 'scripts' });
  });
});

describe('a build for customers (a user pool) needs what their pages depend on', () => {
  const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client' };
  const CUSTOMER = { API_HOST: 'https://api.acme.test', PROVIDER_CONTACT: 'mailto:api@acme.test' };

  it('local mode needs neither API_HOST nor PROVIDER_CONTACT', () => {
    expect(customerBuildError(parseEnv({}))).toBeNull();
  });

  it('names both, and what each is for, when a user pool build has neither', () => {
    const error = customerBuildError(parseEnv(POOL));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toMatch(/^Configuration error in API_HOST and PROVIDER_CONTACT: /);
    expect(error?.message).toContain("API_HOST: give the provider's API host (e.g. https://api.example.com)");
    expect(error?.message).toContain('PROVIDER_CONTACT: give where customers ask for API access');
  });

  it.each([
    ['API_HOST', { PROVIDER_CONTACT: CUSTOMER.PROVIDER_CONTACT }],
    ['PROVIDER_CONTACT', { API_HOST: CUSTOMER.API_HOST }],
  ])('names %s alone when only it is missing', (variable, vars) => {
    expect(customerBuildError(parseEnv({ ...POOL, ...vars }))?.message).toMatch(
      new RegExp(`^Configuration error in ${variable}: `),
    );
  });

  it('lets a user pool build with both through', () => {
    expect(customerBuildError(parseEnv({ ...POOL, ...CUSTOMER }))).toBeNull();
  });

  it('refuses a user pool build without the Markdown and compressed copies (BUILD_COPIES=off)', () => {
    const error = customerBuildError(parseEnv({ ...POOL, ...CUSTOMER, BUILD_COPIES: 'off' }));
    expect(error?.message).toMatch(/^Configuration error in BUILD_COPIES: /);
    expect(error?.message).toContain('BUILD_COPIES: unset it (or set it to on)');
    expect(customerBuildError(parseEnv({ BUILD_COPIES: 'off' }))).toBeNull();
  });
});

describe('BUILD_COPIES', () => {
  it('is on unless set to off, and names itself when set to anything else', () => {
    expect(parseEnv({}).buildCopies).toBe(true);
    expect(parseEnv({ BUILD_COPIES: 'on' }).buildCopies).toBe(true);
    expect(parseEnv({ BUILD_COPIES: 'OFF' }).buildCopies).toBe(false);
    expect(() => parseEnv({ BUILD_COPIES: 'no' })).toThrow(/BUILD_COPIES.*"no" is not on or off/);
  });

  it('a build without the copies says so when it starts', () => {
    expect(configWarnings(parseEnv({ BUILD_COPIES: 'off' }))).toContainEqual(
      expect.stringContaining('BUILD_COPIES=off: this build writes no Markdown copies'),
    );
    expect(configWarnings(parseEnv({})).join('\n')).not.toContain('BUILD_COPIES');
  });
});

describe('the MCP server', () => {
  const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client' };

  it('call_api goes to the sandbox in local mode, and to the provider only when MCP_CALL_API=provider', () => {
    expect(parseEnv({}).mcp.callApiBase).toBe('http://localhost:4010/api/v1/customer');
    expect(parseEnv({ SANDBOX_PORT: '4999' }).mcp.callApiBase).toBe('http://localhost:4999/api/v1/customer');
    expect(parseEnv({ ...POOL, API_HOST: 'https://api.acme.test' }).mcp.callApiBase).toBeNull();
    expect(parseEnv({ ...POOL, API_HOST: 'https://api.acme.test', MCP_CALL_API: 'provider' }).mcp.callApiBase).toBe(
      'https://api.acme.test/api/v1/customer',
    );
  });

  it('refuses a value it does not know, and provider without API_HOST', () => {
    expect(() => parseEnv({ MCP_CALL_API: 'yes' })).toThrow(/MCP_CALL_API: "yes" is not off or provider/);
    expect(() => parseEnv({ ...POOL, MCP_CALL_API: 'provider' })).toThrow(/provider needs API_HOST/);
  });

  it('lets AI tools sign in by OAuth locally through the local hosted UI, and with a pool once its MCP client is named', () => {
    expect(parseEnv({}).mcp.oauth).toEqual({
      clientId: LOCAL_MCP_CLIENT_ID,
      hostedUi: 'https://localhost:9230',
      accessTokenSeconds: 3600,
      secret: undefined,
      dataDir: undefined,
    });
    expect(parseEnv(POOL).mcp.oauth).toBeUndefined();
    expect(() => parseEnv({ ...POOL, COGNITO_MCP_CLIENT_ID: 'mcp' })).toThrow(
      /COGNITO_MCP_CLIENT_ID: AI tools sign in through the hosted UI: set COGNITO_OAUTH_DOMAIN too/,
    );
    expect(
      parseEnv({ ...POOL, COGNITO_MCP_CLIENT_ID: 'mcp', COGNITO_OAUTH_DOMAIN: 'https://auth.acme.test' }).mcp.oauth,
    ).toMatchObject({ clientId: 'mcp', hostedUi: 'https://auth.acme.test' });
  });

  it('refuses an access-token lifetime outside 5 s to a day, and a secret under 32 characters, saying what to set', () => {
    expect(parseEnv({ MCP_OAUTH_ACCESS_TOKEN_SECONDS: '5' }).mcp.oauth?.accessTokenSeconds).toBe(5);
    for (const bad of ['4', '86401', '1.5', 'an hour'])
      expect(() => parseEnv({ MCP_OAUTH_ACCESS_TOKEN_SECONDS: bad })).toThrow(
        `MCP_OAUTH_ACCESS_TOKEN_SECONDS: "${bad}" is not a whole number of seconds from 5 to 86400.`,
      );
    expect(() => parseEnv({ MCP_OAUTH_SECRET: 'short' })).toThrow(
      /MCP_OAUTH_SECRET: it must be at least 32 characters/,
    );
  });

  it('names the user pool issuer for the protected-resource metadata', () => {
    expect(userPoolIssuer(parseEnv({}).auth)).toBe(`http://localhost:9229/${LOCAL_USER_POOL_ID}`);
    expect(userPoolIssuer(parseEnv(POOL).auth)).toBe('https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123xyz');
  });
});

describe('local mode only for a site on this machine (the local identity key is public)', () => {
  const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client' };
  const PUBLIC = { SITE_URL: 'https://portal.example.com' };

  it.each(['serve', 'start'] as const)(
    'npm %s with SITE_URL=https://portal.example.com is refused in one line saying what to set',
    (use) => {
      const command = use === 'serve' ? 'npm run serve' : 'npm start';
      expect(localIdentityRefusal(parseEnv(PUBLIC), use)).toBe(
        `COGNITO_USER_POOL_ID is not set, so ${command} for SITE_URL=https://portal.example.com would trust the ` +
          'local identity service, whose signing key is public (it ships in the cognito-local package): set ' +
          'COGNITO_USER_POOL_ID and COGNITO_APP_CLIENT_ID, or SITE_URL=http://localhost:3000 (or unset) for a local run.',
      );
    },
  );

  it('names both HOST and SITE_URL when both are off this machine', () => {
    const reason = localIdentityRefusal(parseEnv({ ...PUBLIC, HOST: '0.0.0.0', PORT: '3100' }), 'serve');
    expect(reason).toMatch(/npm run serve on HOST=0\.0\.0\.0 and for SITE_URL=https:\/\/portal\.example\.com would/);
    expect(reason).toMatch(/or HOST=localhost and SITE_URL=http:\/\/localhost:3100 \(or unset\) for a local run\.$/);
  });

  it.each([
    ['a loopback SITE_URL', { SITE_URL: 'http://127.0.0.1:3000' }],
    ['an IPv6 loopback SITE_URL', { SITE_URL: 'http://[::1]:3000' }],
    ['UNSAFE_LOCAL_IDENTITY=1 (the tests)', { ...PUBLIC, UNSAFE_LOCAL_IDENTITY: '1' }],
    ['a user pool', { ...PUBLIC, ...POOL }],
  ])('%s runs', (_name, vars) => {
    expect(localIdentityRefusal(parseEnv(vars), 'serve')).toBeNull();
    expect(localIdentityRefusal(parseEnv(vars), 'start')).toBeNull();
  });

  it('parsing alone does not refuse: a build or deploy:synth:identity names the public site before a pool exists', () => {
    expect(parseEnv(PUBLIC).siteUrl).toBe('https://portal.example.com');
  });
});

describe('acceptedHostnames (DNS rebinding)', () => {
  const POOL = { COGNITO_USER_POOL_ID: 'eu-west-2_AbC123xyz', COGNITO_APP_CLIENT_ID: 'client' };

  it("are the loopback names in local mode, whatever SITE_URL says, and SITE_URL's name too with a user pool", () => {
    expect(parseEnv({}).acceptedHostnames).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(parseEnv({ SITE_URL: 'https://portal.example.com', UNSAFE_LOCAL_IDENTITY: '1' }).acceptedHostnames).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
    expect(parseEnv({ ...POOL, SITE_URL: 'https://portal.example.com' }).acceptedHostnames).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'portal.example.com',
    ]);
  });
});
