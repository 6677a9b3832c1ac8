/**
 * The static server of the anchors in `npm run bench`: the same Fastify and @fastify/static
 * as the gate, with the same precompressed files served by `Accept-Encoding`, without the access check.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves `buildDir` on `port` (loopback); `/x` answers with `x/index.html` as Docusaurus builds it. */
export async function serveStatic(buildDir: string, port: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: buildDir, serve: false, preCompressed: true, etag: true });
  app.get('/*', (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0]);
    const file = path.extname(pathname) ? pathname : path.posix.join(pathname, 'index.html');
    return reply.sendFile(file.slice(1));
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
