/**
 * Starts the local hosted UI (./app.ts) over TLS on `https://localhost:<port>`, with the
 * certificate of ./certificate.ts, in front of a user pool and an OpenID Connect IdP.
 */
import path from 'node:path';
import { buildHostedUi, type HostedUiOptions } from './app';
import { localhostCertificate } from './certificate';
import { PROJECT_ROOT } from '../../config/paths';

/** Where the generated certificate is kept unless told otherwise (git-ignored `.local/`). */
export const DEFAULT_CERT_DIR = path.join(PROJECT_ROOT, '.local', 'hostedUi');

/** Options of {@link startLocalHostedUi}: those of `buildHostedUi` without `baseUrl` and `https`. */
export interface LocalHostedUiOptions extends Omit<HostedUiOptions, 'baseUrl' | 'https'> {
  /** TCP port on 127.0.0.1 (default 9230). */
  port?: number;
  /** Folder of `localhost.key`/`localhost.crt` (default {@link DEFAULT_CERT_DIR}). */
  certDir?: string;
}

/** A running local hosted UI. */
export interface LocalHostedUi {
  /** e.g. `https://localhost:9230`; the OAuth domain is its host. */
  url: string;
  /** The PEM certificate it serves (tests trust exactly this one). */
  cert: string;
  close(): Promise<void>;
}

/**
 * @throws {Error} when the port is taken (`EADDRINUSE`) or the certificate folder cannot be written.
 */
export async function startLocalHostedUi(options: LocalHostedUiOptions): Promise<LocalHostedUi> {
  const port = options.port ?? 9230;
  const url = `https://localhost:${port}`;
  const tls = await localhostCertificate(options.certDir ?? DEFAULT_CERT_DIR);
  const app = await buildHostedUi({ ...options, baseUrl: url, https: tls });
  await app.listen({ port, host: '127.0.0.1' });
  return { url, cert: tls.cert, close: () => app.close() };
}
