/**
 * The TLS certificate of the local hosted UI. Amplify always sends the browser to
 * `https://<oauth domain>`, so the local hosted UI must speak TLS; the certificate is self-signed for
 * `localhost` (and 127.0.0.1, ::1), generated with `selfsigned` on first start and kept in a git-ignored
 * folder so the browser's one-time exception keeps matching. Never used outside local mode.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/** A PEM private key and certificate, as `https.createServer` takes them. */
export interface TlsPair {
  key: string;
  cert: string;
}

/** Validity of a generated certificate, in days (browsers cap trusted server certificates at 398). */
const VALIDITY_DAYS = 365;

/** A certificate expiring within this many ms is replaced on start. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * Reads `localhost.key`/`localhost.crt` from `dir`, or generates and writes them (key mode 0600) when
 * missing, unreadable, or expiring within a day.
 *
 * @param dir - e.g. `.local/hostedUi`; created if missing.
 * @param now - current time in ms.
 * @throws {Error} when `dir` cannot be written.
 */
export async function localhostCertificate(dir: string, now: number = Date.now()): Promise<TlsPair> {
  const keyFile = path.join(dir, 'localhost.key');
  const certFile = path.join(dir, 'localhost.crt');
  try {
    const pair = { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
    if (Date.parse(new X509Certificate(pair.cert).validTo) - now > RENEW_BEFORE_MS) return pair;
  } catch {
    // Missing or unreadable: generate below.
  }
  const notBeforeDate = new Date(now - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(now + VALIDITY_DAYS * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert);
  return { key: pems.private, cert: pems.cert };
}
