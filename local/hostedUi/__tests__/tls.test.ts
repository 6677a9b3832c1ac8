/**
 * @jest-environment node
 *
 * The local hosted UI over TLS: Amplify builds `https://<domain>` URLs, so it must answer
 * HTTPS for `localhost` with the certificate generated on first start and kept for the next.
 */
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { localhostCertificate } from '../certificate';
import { startLocalHostedUi } from '../index';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosted-ui-cert-'));
afterAll(() => fs.rmSync(certDir, { recursive: true, force: true }));

it('answers HTTPS for localhost with a certificate a client trusting it accepts', async () => {
  const port = await freePort();
  const hostedUi = await startLocalHostedUi({
    port,
    certDir,
    clients: [{ clientId: 'web', callbackUrls: ['http://localhost:3000/login'], logoutUrls: [] }],
    allowedOrigins: ['http://localhost:3000'],
    provider: { name: 'RegData', issuer: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' },
    pool: {
      authenticate: async () => ({ result: 'incorrect' }),
      verifyTotp: async () => false,
      upsertFederatedUser: async () => undefined,
      tokensFor: async () => Promise.reject(new Error('unused')),
    },
  });
  try {
    expect(hostedUi.url).toBe(`https://localhost:${port}`);
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      // Trusting exactly this certificate: the host name must match it, as a browser checks.
      https
        .get(`${hostedUi.url}/oauth2/authorize?client_id=other`, { ca: hostedUi.cert }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        })
        .on('error', reject);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request' });
  } finally {
    await hostedUi.close();
  }
});

it('keeps the certificate for the next start (the browser exception stays valid), and renews one about to expire', async () => {
  const first = await localhostCertificate(certDir);
  expect(await localhostCertificate(certDir)).toEqual(first);
  expect(fs.statSync(path.join(certDir, 'localhost.key')).mode & 0o077).toBe(0);
  const expiry = Date.parse(new X509Certificate(first.cert).validTo);
  const renewed = await localhostCertificate(certDir, expiry - 60_000);
  expect(renewed.cert).not.toBe(first.cert);
  expect(new X509Certificate(renewed.cert).checkHost('localhost')).toBe('localhost');
});
