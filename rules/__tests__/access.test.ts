/**
 * @jest-environment node
 *
 * What the access decision answers an anonymous page request (spec §1: until sign-in, every page shows the
 * sign-in form instead of its content): where the runtime serves pages, the sign-in page at the page's own
 * address; a script's request and the MCP endpoint get 401 with no page.
 */
import { decide, refusalWithoutPages, type AccessTokenVerifier, type GateRequest, type GateSettings } from '../access';

/** A verifier that knows two tokens: `good` (valid) and `expired` (expired); anything else is invalid. */
const verifier: AccessTokenVerifier = {
  check: async (token) =>
    token === 'good'
      ? { valid: true, payload: { sub: 'reader-1' } }
      : { valid: false, expired: token === 'expired', reason: 'test' },
};

const CLIENT = 'webclient';
const pageRules: GateSettings = {
  publicPaths: new Set(['/login', '/login/']),
  appClientId: CLIENT,
  verifier,
  signInRoute: '/login',
  servesPages: true,
};
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const page = (target: string, extra: Partial<GateRequest> = {}): GateRequest => ({
  method: 'GET',
  target,
  accept: BROWSER,
  ...extra,
});
/** Amplify's cookies (rules/cookies.ts) holding `accessToken`, and a refresh token when given. */
function session(accessToken: string, refreshToken?: string): string {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
  return [
    `${prefix}.LastAuthUser=reader`,
    `${prefix}.reader.accessToken=${accessToken}`,
    ...(refreshToken ? [`${prefix}.reader.refreshToken=${refreshToken}`] : []),
  ].join('; ');
}

describe('an anonymous page request', () => {
  it("gets the sign-in page at the page's own address where the runtime serves pages", async () => {
    for (const target of ['/docs/x?tab=json', '/', '/no/such/page', '/docs/x.html']) {
      expect([target, await decide(page(target), pageRules)]).toEqual([
        target,
        { pass: false, status: 200, access: 'anonymous', page: '/login' },
      ]);
    }
    expect(await decide(page('/docs/x', { method: 'HEAD' }), pageRules)).toMatchObject({ status: 200 });
  });

  it('gets it too with an expired access token that can be refreshed, which the sign-in page renews', async () => {
    expect(await decide(page('/docs/x', { cookie: session('expired', 'refresh') }), pageRules)).toEqual({
      pass: false,
      status: 200,
      access: 'refreshable',
      page: '/login',
    });
    expect(await decide(page('/docs/x', { cookie: session('good') }), pageRules)).toMatchObject({
      pass: true,
      access: 'signed-in',
      path: '/docs/x',
    });
  });

  it('from a script (no Accept, the wildcard, JSON, Markdown) gets 401 and no page', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/markdown']) {
      expect([accept, await decide(page('/docs/x', { accept }), pageRules)]).toEqual([
        accept,
        { pass: false, status: 401, access: 'anonymous' },
      ]);
    }
  });

  it('gets a 302 to sign-in, with the way back, where the runtime serves no pages (the functions answer 401)', async () => {
    const functionRules = { ...pageRules, servesPages: undefined };
    expect(await decide(page('/docs/x?a=1'), functionRules)).toEqual({
      pass: false,
      status: 302,
      access: 'anonymous',
      location: '/login?next=%2Fdocs%2Fx%3Fa%3D1',
    });
  });
});

describe('how a runtime without pages (the MCP server, reader insights) answers a refusal', () => {
  it('a redirect to sign-in becomes 401, never cached', async () => {
    const decision = await decide(page('/docs/x'), { ...pageRules, servesPages: undefined });
    if (decision.pass) throw new Error('an anonymous request passed');
    expect(refusalWithoutPages(decision)).toEqual({ status: 401, headers: { 'cache-control': 'no-store' } });
  });

  it("a 401 keeps the decision's challenge, and a 403 stays 403", async () => {
    const challenged = await decide(page('/mcp'), { ...pageRules, mcpSiteUrl: 'https://portal.example' });
    if (challenged.pass || !('wwwAuthenticate' in challenged)) throw new Error('no challenge on /mcp');
    expect(refusalWithoutPages(challenged)).toEqual({
      status: 401,
      headers: { 'cache-control': 'no-store', 'www-authenticate': challenged.wwwAuthenticate },
    });
    expect(challenged.wwwAuthenticate).toContain('resource_metadata=');
    expect(refusalWithoutPages({ pass: false, status: 403, reason: 'outside the group' }).status).toBe(403);
  });
});

describe('what never gets the sign-in page', () => {
  it('the MCP endpoint: 401 with its challenge, even for a browser', async () => {
    const rules = { ...pageRules, mcpSiteUrl: 'https://portal.example' };
    expect(await decide(page('/mcp'), rules)).toMatchObject({ pass: false, status: 401, access: 'anonymous' });
  });

  it('a file (a chunk, llms.txt), a POST, and a bad bearer token on a page', async () => {
    expect(await decide(page('/assets/js/a.js'), pageRules)).toMatchObject({ status: 401 });
    expect(await decide(page('/llms.txt'), pageRules)).toMatchObject({ status: 401 });
    expect(await decide(page('/docs/x', { method: 'POST' }), pageRules)).toMatchObject({ status: 401 });
    expect(await decide(page('/docs/x', { authorization: 'Bearer bad' }), pageRules)).toMatchObject({
      status: 401,
      access: 'bad-bearer',
    });
  });
});

describe('a reader outside the readers group (a preview open to its reviewers only)', () => {
  /** `member` is valid; `outsider` is the pool's and valid, but its user is not in the readers group. */
  const groupRules: GateSettings = {
    ...pageRules,
    verifier: {
      check: async (token) =>
        token === 'member'
          ? { valid: true, payload: { sub: 'reviewer-1', 'cognito:groups': ['portal-reviewers'] } }
          : { valid: false, expired: false, reason: 'not in group', outsideGroup: token === 'outsider' },
    },
  };

  it('gets 403 for a page, a file and with a bearer token: signing in again would not help', async () => {
    const forbidden = { pass: false, status: 403, reason: 'Forbidden' };
    expect(await decide(page('/docs/x', { cookie: session('outsider') }), groupRules)).toEqual(forbidden);
    expect(await decide(page('/assets/js/a.js', { cookie: session('outsider') }), groupRules)).toEqual(forbidden);
    expect(await decide(page('/llms.txt', { authorization: 'Bearer outsider', accept: '*/*' }), groupRules)).toEqual(
      forbidden,
    );
  });

  it('still gets the sign-in page at its own route, to sign out or in as someone else', async () => {
    expect(await decide(page('/login', { cookie: session('outsider') }), groupRules)).toMatchObject({
      pass: true,
      access: 'public',
    });
  });

  it('a member reads, and an anonymous reader still gets the sign-in page', async () => {
    expect(await decide(page('/docs/x', { cookie: session('member') }), groupRules)).toMatchObject({
      pass: true,
      access: 'signed-in',
      subject: 'reviewer-1',
    });
    expect(await decide(page('/docs/x'), groupRules)).toMatchObject({ status: 200, page: '/login' });
  });
});
