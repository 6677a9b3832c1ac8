/**
 * Runs a Docusaurus command next to the local services: `npm start` uses it. In local mode (no
 * COGNITO_USER_POOL_ID) the identity service and the sandbox API start, then the MCP server the dev server
 * proxies `/mcp` and the search bar's index to, reading the docs as they are now (./liveMcpContent.ts,
 * plugins/dev-search); the child command inherits the
 * terminal; Ctrl-C stops them all.
 *
 * What comes before Docusaurus is kept short (`npm run bench:dev` measures it): the API pages are generated
 * (`npm run gen-api`) only when their inputs changed since the last run (scripts/openapi/inputs.ts; with
 * API_HOST set, always: the provider's description may have changed), and Docusaurus starts compiling
 * while the identity service starts beside it (a page needs it to sign in). The other services (sandbox
 * API, IdP, hosted UI, MCP server) start once the dev server has compiled its first page, so their start
 * does not compete with the compile for the cores. Both processes keep their compiled code between runs
 * (./compileCache.ts).
 *
 * In local mode with a SITE_URL off this machine it exits at once with one line saying what to set
 * (config/env.ts `localIdentityRefusal`): the services trust the local identity's public key. A port it would
 * listen on that is taken stops it at once too, exiting 1 with the variable to set (server/ports.ts).
 *
 * Usage: tsx scripts/with-local-services.ts <docusaurus sub-command> [args…]
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { localIdentityRefusal, portalEnv, portsOf } from '../config/env';
import { BUNDLED_SPEC_PATH } from '../config/openapi';
import { MARKDOWN_INVENTORY } from '../rules/contentFiles';
import { assertPortsFree } from '../server/ports';
import { enableCompileCache } from './compileCache';
import { vendoredPagesUpToDate } from './openapi/inputs';
import { waitForHttp } from './waitForHttp';

const ROOT = path.resolve(__dirname, '..');

/**
 * How long the services after the identity service wait for the dev server's first page before they
 * start anyway (ms): far longer than a first compile takes.
 */
const FIRST_PAGE_WAIT_MS = 180_000;

/**
 * What comes before Docusaurus: the refusals (a SITE_URL off this machine, a port taken), then the API pages
 * generated when their inputs changed.
 *
 * @returns the environment of the Docusaurus process.
 * @throws {Error} saying what to set or to run.
 */
async function prepare(): Promise<NodeJS.ProcessEnv> {
  // The MCP server and the sandbox below trust the local identity's public key: only for this machine's site.
  const refusal = localIdentityRefusal(portalEnv, 'start');
  if (refusal) throw new Error(refusal);
  // Docusaurus would exit 0 on a taken site port (or, on a terminal, offer another port, which the pages and the
  // services do not know): every port is checked first, and a taken one stops the run naming its variable.
  await assertPortsFree(portsOf(portalEnv, 'start'));
  const childEnv = enableCompileCache(ROOT);
  if (!vendoredPagesUpToDate(ROOT, portalEnv)) {
    const generated = spawnSync('npm', ['run', '-s', 'gen-api'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: childEnv,
    });
    if (generated.status !== 0) throw new Error('npm run gen-api failed (see above).');
  } else console.log('The API pages are up to date (their inputs have not changed): not generating them again.');
  return childEnv;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0) throw new Error('usage: with-local-services.ts <docusaurus sub-command> [args…]');
  const childEnv = await prepare();
  const child = spawn(
    process.execPath,
    [
      require.resolve('@docusaurus/core/bin/docusaurus.mjs'),
      ...args,
      '--port',
      String(portalEnv.sitePort),
      '--no-open',
    ],
    { stdio: 'inherit', env: childEnv },
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    child.kill(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const services: { close(): Promise<unknown> }[] = [];
  let exited = false;
  let served = false;
  const closeAll = () => Promise.all(services.splice(0).map((service) => service.close()));
  child.on('exit', (code, signal) => {
    exited = true;
    // Docusaurus ends with 0 when it gives up before serving (a port taken after the check): not a success,
    // unless it was told to stop.
    const status = code === 0 && !served && !stopping ? 1 : (code ?? (signal ? 0 : 1));
    void closeAll().finally(() => process.exit(status));
  });
  // Loaded here, not at the top: their modules take a second or two, which Docusaurus need not wait for.
  const { startLocalServices } = await import('../local');
  // The dev server answers once its first compile is done (it holds requests until then).
  const firstPage = waitForHttp(`http://localhost:${portalEnv.sitePort}/`, {
    timeoutMs: FIRST_PAGE_WAIT_MS,
    gaveUp: () => (exited ? 'Docusaurus exited' : undefined),
  })
    .then(() => {
      served = true;
    })
    .catch(() => undefined);
  try {
    const local = await startLocalServices(portalEnv, { rest: firstPage });
    services.push(local);
    await firstPage;
    services.push(await startMcpDev(local));
  } catch (error) {
    child.kill('SIGTERM');
    await closeAll();
    throw error;
  }
  // Docusaurus ended while the services were starting: nothing is left to serve.
  if (exited) await closeAll();
}

/** What the local services started (local/index.ts `startLocalServices`). */
type LocalServices = Awaited<ReturnType<(typeof import('../local'))['startLocalServices']>>;

/**
 * The MCP server beside the dev server (server/listen.ts `listenMcpDev`). The dev server has no gate: /mcp is
 * proxied to this server, behind the same access decision. Its tools read the docs as they are now, through the
 * inventory the dev server keeps current; so does the search bar's index (plugins/dev-search), made from the same
 * pages.
 *
 * @param local - the local services started; in local mode the MCP server trusts the local identity service's
 *   keys and the local hosted UI's certificate.
 */
async function startMcpDev(local: LocalServices): Promise<{ close(): Promise<unknown> }> {
  const [
    { listenMcpDev },
    { liveMcpContent, livePageRoutes, liveSearchPages },
    { liveThemeSearchIndex },
    { LOCAL_JWKS },
  ] = await Promise.all([
    import('../server/listen'),
    import('./liveMcpContent'),
    import('../plugins/dev-search/themeIndex'),
    import('../local/identity/jwks'),
  ]);
  const files = {
    inventoryFile: path.join(ROOT, '.docusaurus', MARKDOWN_INVENTORY.name),
    contractFile: path.resolve(ROOT, BUNDLED_SPEC_PATH),
  };
  const searchPages = liveSearchPages(files);
  return listenMcpDev(
    portalEnv,
    portalEnv.auth.mode === 'local' ? { jwks: LOCAL_JWKS, hostedUiCa: local.hostedUi?.cert } : undefined,
    liveMcpContent(files, searchPages),
    livePageRoutes(files.inventoryFile),
    liveThemeSearchIndex(searchPages, ROOT),
  );
}

main().catch((error: unknown) => {
  console.error(`Could not start the portal: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
