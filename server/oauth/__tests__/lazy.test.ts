/**
 * @jest-environment node
 *
 * The gate's authorization server is built on the first request that needs it (../fastify.ts `lazyRoutes`):
 * a gate no AI tool signs in to never loads oidc-provider, the first such request is answered by the built
 * server, and a build that fails is tried again. A stand-in server answers for oidc-provider here; the whole
 * sign-in runs against the real one in flow.test.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { AUTHORIZATION_SERVER_METADATA_PATH } from '../../../rules/mcp';
import type { AuthorizationServer, AuthorizationServerView } from '../authorizationServer';
import { addAuthorizationServer, lazyRoutes } from '../fastify';
import type { OAuthStore } from '../store';
import type { UserPoolClient } from '../userPool';

const view = {
  issuer: 'https://portal.example/oauth',
  resource: 'https://portal.example/mcp',
  store: { adapter: () => ({}) } as unknown as OAuthStore,
  sessions: {} as AuthorizationServerView['sessions'],
} satisfies AuthorizationServerView;

/** A stand-in for a built server whose provider answers every request with `body`. */
function standIn(body: string): AuthorizationServer {
  const provider = {
    callback: () => (_request: unknown, response: { setHeader(n: string, v: string): void; end(b: string): void }) => {
      response.setHeader('content-type', 'application/json');
      response.end(body);
    },
  };
  return { ...view, provider } as unknown as AuthorizationServer;
}

async function appWith(build: () => Promise<AuthorizationServer>): Promise<FastifyInstance> {
  const app = Fastify();
  await addAuthorizationServer(app, lazyRoutes(view, build, {} as UserPoolClient, 'RegData'));
  app.get('/docs/intro', async () => 'a page');
  return app;
}

describe('the authorization server built on first use', () => {
  it('is not built while the app starts or serves other pages', async () => {
    const build = jest.fn(async () => standIn('{}'));
    const app = await appWith(build);
    expect((await app.inject({ url: '/docs/intro' })).statusCode).toBe(200);
    expect(build).not.toHaveBeenCalled();
    await app.close();
  });

  it('is built once, by the first request under /oauth, which it answers', async () => {
    const build = jest.fn(async () => standIn('{"issuer":"https://portal.example/oauth"}'));
    const app = await appWith(build);
    const [first, second] = await Promise.all([
      app.inject({ url: AUTHORIZATION_SERVER_METADATA_PATH }),
      app.inject({ url: '/oauth/jwks' }),
    ]);
    expect(first.json()).toEqual({ issuer: 'https://portal.example/oauth' });
    expect(second.statusCode).toBe(200);
    await app.inject({ url: '/oauth/jwks' });
    expect(build).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('answers 500 when its build fails, and builds it again on the next request', async () => {
    const build = jest
      .fn<Promise<AuthorizationServer>, []>()
      .mockRejectedValueOnce(new Error('the store cannot open'))
      .mockResolvedValue(standIn('{"ok":true}'));
    const app = await appWith(build);
    expect((await app.inject({ url: '/oauth/jwks' })).statusCode).toBe(500);
    const retried = await app.inject({ url: '/oauth/jwks' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ ok: true });
    expect(build).toHaveBeenCalledTimes(2);
    await app.close();
  });
});
