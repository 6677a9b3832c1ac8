/**
 * @jest-environment node
 *
 * A port the portal would listen on that another program holds stops the run before anything starts, naming the
 * variable that moves it (server/ports.ts); so does a port given to two variables.
 */
import net, { type AddressInfo } from 'node:net';
import { assertPortsFree, PortInUseError, withPortHint } from '../ports';

let held: net.Server;
let port: number;
beforeAll(async () => {
  held = net.createServer();
  await new Promise<void>((resolve) => held.listen(0, resolve));
  port = (held.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => held.close(resolve)));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

it('names the variable of a taken port', async () => {
  const free = await freePort();
  const check = assertPortsFree([
    { variable: 'PORT', port },
    { variable: 'SANDBOX_PORT', port: free },
  ]);
  await expect(check).rejects.toThrow(PortInUseError);
  await expect(check).rejects.toThrow(`port ${port} is in use: stop what holds it or set PORT.`);
});

it('names two variables given the same port, and passes free ports', async () => {
  const free = await freePort();
  await expect(
    assertPortsFree([
      { variable: 'PORT', port: free },
      { variable: 'MCP_DEV_PORT', port: free },
    ]),
  ).rejects.toThrow(`PORT and MCP_DEV_PORT give the same port ${free}: give each its own.`);
  await expect(assertPortsFree([{ variable: 'PORT', port: free }])).resolves.toBeUndefined();
});

it('names the variable when the port is taken between the check and the listen', async () => {
  const server = net.createServer();
  const listening = withPortHint(
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, resolve);
      }),
    port,
    'PORT',
  );
  await expect(listening).rejects.toThrow(`(port ${port} is in use: stop the other portal or set PORT)`);
});
