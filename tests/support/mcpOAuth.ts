/**
 * An AI tool's side of the MCP authorization flow, for the tests that sign in as one: the MCP SDK's own
 * OAuth support (`@modelcontextprotocol/client` `OAuthClientProvider`) with its state in memory, and the
 * loopback address a desktop tool listens on for the authorization server's redirect (RFC 8252).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** How the tool names itself to the authorization server. */
export type ToolIdentity =
  | { metadataUrl: string; name: string }
  /** A pre-registered client, e.g. `claude-code`. */
  | { clientId: string; name: string };

/**
 * The SDK's OAuth client provider for one tool: it keeps what the SDK hands it and records where the SDK
 * sent the reader ({@link authorizationUrl}) and each token set it saved ({@link saved}).
 */
export class ToolOAuthProvider implements OAuthClientProvider {
  /** Where the SDK last sent the reader to sign in. */
  authorizationUrl?: URL;
  /** Every token set the SDK saved, oldest first: a refresh adds one. */
  readonly saved: { tokens: StoredOAuthTokens; at: number }[] = [];
  private information?: StoredOAuthClientInformation;
  private verifier = '';
  private discovery?: OAuthDiscoveryState;
  private current?: StoredOAuthTokens;

  constructor(
    private readonly identity: ToolIdentity,
    readonly redirectUrl: string,
  ) {
    if ('clientId' in identity) this.information = { client_id: identity.clientId };
  }

  get clientMetadataUrl(): string | undefined {
    return 'metadataUrl' in this.identity ? this.identity.metadataUrl : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.identity.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.information;
  }

  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.information = information;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.current;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.current = tokens;
    this.saved.push({ tokens, at: Date.now() });
  }

  /** What the SDK drops when the server no longer takes it (a refused refresh: the tokens). */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.current = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if ((scope === 'all' || scope === 'client') && 'metadataUrl' in this.identity) this.information = undefined;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  /** Kept so the SDK checks that the code comes back from the authorization server it went to. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
}

/** A loopback listener for the authorization server's redirect, as a desktop tool runs one. */
export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback`. */
  url: string;
  /** The query of the next redirect that arrives. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** Listens on a port of the system's choosing on 127.0.0.1, as Claude Code and VS Code do. */
export async function loopbackCallback(): Promise<LoopbackCallback> {
  let arrived: (query: URLSearchParams) => void = () => undefined;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html lang="en"><head><title>Signed in</title><link rel="icon" href="data:,"></head>' +
          '<body><p>Signed in: you can close this window.</p></body></html>',
      );
    arrived(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => new Promise((resolve) => (arrived = resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
