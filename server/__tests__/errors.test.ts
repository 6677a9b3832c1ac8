/**
 * @jest-environment node
 *
 * A failure a server does not foresee answers a fixed sentence, never the error's message, which for a
 * file-system error names a path of the server's disk; a client's mistake keeps Fastify's message.
 */
import Fastify from 'fastify';
import { hideServerErrors, SERVER_ERROR_MESSAGE } from '../errors';

function appWith(log: jest.Mock) {
  const app = Fastify({ logger: false });
  hideServerErrors(app, log);
  app.get('/file', async () => {
    throw new Error("ENOENT: no such file or directory, open '/srv/portal/build/x.html'");
  });
  app.post('/echo', { schema: { body: { type: 'object', required: ['name'] } } }, async () => 'ok');
  return app;
}

it('a 500 names no path, and the error goes to the log', async () => {
  const log = jest.fn();
  const response = await appWith(log).inject({ method: 'GET', url: '/file' });
  expect(response.statusCode).toBe(500);
  expect(response.body).not.toContain('/srv/portal');
  expect(response.json().message).toBe(SERVER_ERROR_MESSAGE);
  expect(String(log.mock.calls[0][1])).toContain('/srv/portal/build/x.html');
});

it('a 400 keeps the message that says what to fix', async () => {
  const response = await appWith(jest.fn()).inject({ method: 'POST', url: '/echo', payload: {} });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toMatch(/must have required property 'name'/);
});
