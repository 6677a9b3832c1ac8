/**
 * For ./flow.test.ts: runs the authorization server's flows on the bench (./harness.ts) and prints what
 * happened as one JSON line. A client metadata document is served over https on this machine with a
 * certificate the bench trusts, as a plainly local run trusts the local hosted UI's.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { localhostCertificate } from '../../../local/hostedUi/certificate';
import { pkce } from '../userPool';
import { Browser, READER, startBench } from './harness';

/** The authorization endpoint's URL for a client, with PKCE and the MCP resource. */
function authorizeUrl(
  meta: Record<string, string>,
  siteUrl: string,
  clientId: string,
  redirectUri: string,
  challenge: string,
) {
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'mcp',
    state: 'the-state',
    resource: `${siteUrl}/mcp`,
  }).toString();
  return url.href;
}

/** A form POST, its status and JSON body. */
async function postForm(url: string, form: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function main() {
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-flow-cert-'));
  const tls = await localhostCertificate(certDir);
  fs.rmSync(certDir, { recursive: true, force: true });
  const bench = await startBench({ ca: tls.cert });
  const { siteUrl } = bench;
  const meta = (await (await fetch(`${siteUrl}/.well-known/oauth-authorization-server/oauth`)).json()) as Record<
    string,
    string
  >;
  const out: Record<string, unknown> = {
    metadata: {
      issuer: meta.issuer,
      pkce: meta.code_challenge_methods_supported,
      cimd: meta.client_id_metadata_document_supported,
      registration: Boolean(meta.registration_endpoint),
      iss: meta.authorization_response_iss_parameter_supported,
    },
  };
  const redirectUri = 'http://127.0.0.1:45678/callback';
  const registered = await fetch(meta.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test Tool',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  }).then((r) => r.json() as Promise<{ client_id: string }>);

  /** One sign-in of `clientId` through the consent page and the pool; the code the client receives. */
  const signIn = async (clientId: string, challenge: string) => {
    const browser = new Browser([siteUrl, bench.pool.url]);
    const consent = await browser.open(authorizeUrl(meta, siteUrl, clientId, redirectUri, challenge));
    const allow = /href="([^"]*\/allow)"/.exec(consent.text)?.[1];
    const back = allow ? await browser.open(new URL(allow, siteUrl).href) : undefined;
    const returned = back?.left ? new URL(back.left) : undefined;
    return { consent, returned, code: returned?.searchParams.get('code') ?? '' };
  };

  const first = pkce();
  const flow = await signIn(registered.client_id, first.challenge);
  out.consent = {
    status: flow.consent.status,
    namesClient: flow.consent.text.includes('Test Tool'),
    namesDestination: flow.consent.text.includes('a program on this computer'),
  };
  out.returned = {
    origin: flow.returned?.origin,
    state: flow.returned?.searchParams.get('state'),
    iss: flow.returned?.searchParams.get('iss'),
    code: Boolean(flow.code),
  };
  const exchange = (code: string, verifier?: string) =>
    postForm(meta.token_endpoint, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: registered.client_id,
      ...(verifier === undefined ? {} : { code_verifier: verifier }),
    });
  const tokens = await exchange(flow.code, first.verifier);
  out.tokens = {
    status: tokens.status,
    type: tokens.body.token_type,
    refresh: Boolean(tokens.body.refresh_token),
    scope: tokens.body.scope,
  };
  const whoami = async (token: string) => {
    const response = await fetch(`${siteUrl}/whoami`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  };
  out.whoami = await whoami(tokens.body.access_token);
  out.reusedCode = (await exchange(flow.code, first.verifier)).body.error;
  out.revokedAfterReuse = (await whoami(tokens.body.access_token)).status;

  const second = pkce();
  const flow2 = await signIn(registered.client_id, second.challenge);
  out.withoutVerifier = (await exchange(flow2.code)).body.error;
  const third = pkce();
  const flow3 = await signIn(registered.client_id, third.challenge);
  out.wrongVerifier = (await exchange(flow3.code, first.verifier)).body.error;

  const fourth = pkce();
  const flow4 = await signIn(registered.client_id, fourth.challenge);
  const good = await exchange(flow4.code, fourth.verifier);
  const refresh = (token: string) =>
    postForm(meta.token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: token,
      client_id: registered.client_id,
    });
  const refreshed = await refresh(good.body.refresh_token);
  out.refreshed = { status: refreshed.status, whoami: (await whoami(refreshed.body.access_token)).status };
  bench.pool.state.disabled = true;
  out.afterDisable = (await refresh(refreshed.body.refresh_token)).body.error;
  bench.pool.state.disabled = false;

  const wrongRedirect = await new Browser([siteUrl]).open(
    authorizeUrl(meta, siteUrl, registered.client_id, 'http://evil.example/callback', fourth.challenge),
  );
  out.wrongRedirect = { status: wrongRedirect.status, left: wrongRedirect.left ?? null };

  // A client metadata document, served over https on this machine.
  const documents = https.createServer(tls, (req, res) => {
    const clientId = `https://localhost:${(documents.address() as AddressInfo).port}/client.json`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: clientId,
        client_name: 'Metadata Tool',
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        application_type: 'native',
      }),
    );
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  const documentUrl = `https://localhost:${(documents.address() as AddressInfo).port}/client.json`;
  const fifth = pkce();
  const cimd = await signIn(documentUrl, fifth.challenge);
  const cimdTokens = await postForm(meta.token_endpoint, {
    grant_type: 'authorization_code',
    code: cimd.code,
    redirect_uri: redirectUri,
    client_id: documentUrl,
    code_verifier: fifth.verifier,
  });
  out.cimd = {
    namesClient: cimd.consent.text.includes('Metadata Tool'),
    describedBy: cimd.consent.text.includes(`localhost:${(documents.address() as AddressInfo).port}`),
    whoami: (await whoami(cimdTokens.body.access_token)).body,
  };
  const privateDocument = await new Browser([siteUrl]).open(
    authorizeUrl(meta, siteUrl, 'https://10.20.30.40/client.json', redirectUri, fifth.challenge),
  );
  out.privateDocument = { status: privateDocument.status, left: privateDocument.left ?? null };
  await bench.close();

  // A deployment fetches no document on this machine's loopback.
  const deployed = await startBench({ localMode: false, ca: tls.cert });
  const deployedMeta = (await (
    await fetch(`${deployed.siteUrl}/oauth/.well-known/openid-configuration`)
  ).json()) as Record<string, string>;
  const loopbackDocument = await new Browser([deployed.siteUrl]).open(
    authorizeUrl(deployedMeta, deployed.siteUrl, documentUrl, redirectUri, fifth.challenge),
  );
  out.deployedLoopbackDocument = { status: loopbackDocument.status, left: loopbackDocument.left ?? null };
  await deployed.close();
  documents.close();
  out.reader = READER.sub;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
