/**
 * A hostile provider description (tests/support/hostileDescription.ts: every field the OpenAPI generator or
 * theme renders carrying an MDX expression, a `<script>`, an `onerror`, a meta refresh and a fixed overlay),
 * served by a stand-in provider over loopback as `API_HOST`, builds with `npm run build` into pages
 * on which, opened in Chromium behind the gate with a signed-in reader, no planted code runs, no planted
 * element renders and nothing navigates away; the build log names each field it cleaned. The site is a copy of the
 * sources in a folder of its own, built and served with every port moved, so the suite's own build and
 * services are untouched.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadContract } from '../../config/openapi';
import { OUR_SOURCES } from '../../bench/sites';
import { waitForHttp } from '../../scripts/waitForHttp';
import { hostileDescription, PLANTED_ATTRIBUTE, PLANTED_GLOBAL, PLANTED_HOST } from '../support/hostileDescription';
import { test, expect, signIn, waitForGate } from '../support/e2e';

const ROOT = path.resolve(__dirname, '../..');

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The stand-in provider: the hostile description at `/api/v1/openapi.json`, nothing else. */
async function startProvider(): Promise<{ host: string; close: () => Promise<void> }> {
  const body = JSON.stringify(hostileDescription(loadContract(ROOT)));
  const server = http.createServer((req, res) => {
    if (req.url !== '/api/v1/openapi.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs `command` in `cwd` and resolves with its exit code and output. Asynchronous: the stand-in provider
 * answers from this process while the build runs.
 */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk));
    child.on('error', reject).on('close', (status) => resolve({ status, log }));
  });
}

/** `npm run build` in `site`: resolves with its output, once it has passed. */
async function build(site: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { status, log } = await run('npm', ['run', '-s', 'build'], site, env);
  expect(status, log).toBe(0);
  return log;
}

/** What a page holds or did that a planted field would cause. */
async function plantedOn(page: Page) {
  return page.evaluate(
    ([global, attribute]) => ({
      ran: (globalThis as unknown as Record<string, unknown>)[global] ?? [],
      elements: document.querySelectorAll(`[${attribute}]`).length,
      metaInBody: document.querySelectorAll('body meta[http-equiv]').length,
      handlers: Array.from(document.querySelectorAll('body *')).filter((element) =>
        Array.from(element.attributes).some((a) => a.name.startsWith('on') || a.value.trim().startsWith('javascript:')),
      ).length,
      fixedOverlays: Array.from(document.querySelectorAll('main *')).filter((element) => {
        const style = getComputedStyle(element);
        return style.position === 'fixed' && element.getBoundingClientRect().width > window.innerWidth / 2;
      }).length,
    }),
    [PLANTED_GLOBAL, PLANTED_ATTRIBUTE] as const,
  );
}

/** Opens `route`, lets every section render (scrolled to the end), and checks nothing planted did anything. */
async function expectNothingPlanted(page: Page, origin: string, route: string, shows: string[]): Promise<void> {
  await page.goto(`${origin}${route}`);
  await expect(page.locator('[data-auth-gate="open"]')).toBeVisible();
  await page.locator('footer').scrollIntoViewIfNeeded();
  // Attached, not visible: a scheme's tab may be closed.
  for (const text of shows) await expect(page.getByText(text, { exact: false }).first()).toBeAttached();
  expect(new URL(page.url()).origin, `${route} stayed on the portal`).toBe(origin);
  expect([route, await plantedOn(page)]).toEqual([
    route,
    { ran: [], elements: 0, metaInBody: 0, handlers: 0, fixedOverlays: 0 },
  ]);
}

test('a hostile provider description builds pages on which nothing planted runs, renders or navigates', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const provider = await startProvider();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hostile-'));
  const site = path.join(work, 'site');
  for (const source of [...OUR_SOURCES, 'docs'])
    fs.cpSync(path.join(ROOT, source), path.join(site, source), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  const [port, identity, sandbox, idp, hostedUi, mcp] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => freePort()));
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(COGNITO_|UNSAFE_|SITE_URL$|HOST$|PORT$|API_HOST$)/.test(name)),
    ),
    API_HOST: provider.host,
    // With a contact address the landing page shows the contact, its name the description's (planted).
    PROVIDER_CONTACT: 'mailto:api@provider.example',
    PORT: String(port),
    LOCAL_IDENTITY_PORT: String(identity),
    SANDBOX_PORT: String(sandbox),
    IDP_PORT: String(idp),
    HOSTED_UI_PORT: String(hostedUi),
    MCP_DEV_PORT: String(mcp),
    LOCAL_IDENTITY_DATA_DIR: path.join(work, 'identity'),
    INSIGHTS_DATA_DIR: path.join(work, 'insights'),
    // A build in a folder of its own: the bundler's persistent cache stays the suite's.
    DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
    // No Markdown copies (nor llms.txt, nor the MCP search file) and no compressed copies (config/env.ts
    // `buildCopies`): they are written beside the pages and change none of them, and this test reads neither: it
    // opens the pages in a browser, and the gate sends a file as it is where the build wrote no compressed copy.
    BUILD_COPIES: 'off',
  };
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === PLANTED_HOST) navigations.push(request.url());
  });
  try {
    const log = await build(site, env);
    expect(log).toContain(`API reference: built from the provider's description at ${provider.host}`);
    for (const field of [
      '/info/termsOfService',
      '/info/x-logo/url',
      '/components/securitySchemes/bearerAuth/description',
      '/paths/~1doctypes/get/description',
      '/paths/~1doctypes/get/x-deprecated-description',
      '/paths/~1doctypes/get/parameters/0/schema/x-enumDescriptions/a',
      '/paths/~1doctypes/get/x-planted',
      '/tags/1/description',
    ])
      expect(log).toContain(`API reference: the description's ${field} holds what the portal does not show`);

    const server = spawn('npm', ['run', '-s', 'serve'], { cwd: site, env, detached: true, stdio: 'ignore' });
    try {
      const origin = `http://localhost:${port}`;
      await waitForHttp(`${origin}/healthz`);
      await page.goto(`${origin}/api`);
      await waitForGate(page);
      await signIn(page);
      // The landing page: the contact, license, terms, logo and security schemes, shown as the provider wrote them.
      await expectNothingPlanted(page, origin, '/api', ['Planted /info/contact/name.', 'Planted scope']);
      // The deprecated operation: its notice, description, the enum descriptions' table the theme renders in the
      // browser, and its code sample's label.
      await expectNothingPlanted(page, origin, '/api/v1/list-doctypes', [
        'Planted /paths/~1doctypes/get/x-deprecated-description.',
        'Planted /paths/~1doctypes/get/description.',
        'Planted enum value.',
      ]);
      await page
        .getByRole('button', { name: /request builder|Send API request/ })
        .first()
        .click();
      expect(await plantedOn(page)).toEqual({ ran: [], elements: 0, metaInBody: 0, handlers: 0, fixedOverlays: 0 });
      // The tag page (its display name and description) and the operation whose title held front matter.
      await expectNothingPlanted(page, origin, '/api/v1/reference-data', ['Planted /tags/1/description.']);
      await expectNothingPlanted(page, origin, '/api/v1/list-sectors', ['List sectors']);
      expect(navigations, 'requests to the planted host').toEqual([]);
    } finally {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    }
  } finally {
    await provider.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
