/**
 * The sites the scale and dev benches build or start, each a folder under `.bench/` (git-ignored)
 * with its node_modules linked, never the repository itself (the dev bench edits a doc):
 * - {@link prepareOurs}: the portal's sources, its docs and contract scaled (bench/sites/scale.ts);
 * - {@link prepareStock}: the stock anchor (scaffold + openapi-docs, defaults, `future.faster` as ours) over
 *   our docs and our bundled contract; {@link prepareEqual} the feature-equal one (schema pages, tag categories,
 *   the same local search) over the same;
 * - {@link preparePlain}: the plain anchor (the scaffold alone, `future.faster` as ours) over our docs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { BUNDLED_SPEC_PATH, loadContract, OPENAPI_SPEC_PATH } from '../../config/openapi';
import { BENCH_DIR, equalScaffold, plainScaffold, stockScaffold, withRouteTreePlugin } from './anchors';
import { scaleContract, scaleDocs } from './scale';

const ROOT = path.resolve(__dirname, '../..');

/** What our site needs to build or start, copied as they are (docs/ and the contract are written scaled). */
export const OUR_SOURCES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'sidebarsApi.ts',
  'package.json',
  'tsconfig.json',
  'redocly.yaml',
  'blog',
  'config',
  'local',
  'openapi',
  'plugins',
  'postbuild',
  'rules',
  'scripts',
  'server',
  'src',
  'static',
];

/** A fresh folder `.bench/<name>` holding `sources` copied from `from`, with `from`'s node_modules linked. */
function freshCopy(name: string, from: string, sources: string[]): string {
  const dir = path.join(BENCH_DIR, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const source of sources) fs.cpSync(path.join(from, source), path.join(dir, source), { recursive: true });
  fs.symlinkSync(path.join(from, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * Our site at `factor`× in `.bench/<name>` (default `scale-<factor>`), ready to build or start.
 *
 * @throws {Error} when `factor` is not a whole number from 1 to 100.
 */
export function prepareOurs(factor: number, name = `scale-${factor}`): string {
  const contract = scaleContract(loadContract(ROOT), factor);
  const dir = freshCopy(name, ROOT, OUR_SOURCES);
  fs.writeFileSync(path.join(dir, OPENAPI_SPEC_PATH), stringify(contract));
  scaleDocs(path.join(ROOT, 'docs'), path.join(dir, 'docs'), factor);
  return dir;
}

/** The scaffold's sources an anchor copy is made of, besides the docs (ours, written per copy). */
const ANCHOR_SOURCES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'package.json',
  'tsconfig.json',
  'blog',
  'src',
  'static',
];

/**
 * Stand-ins for the components of ours that our docs import, so an anchor builds the same Markdown: a
 * sample becomes the code block a Docusaurus site would show, the script settings, the note of the page a
 * guide continues and the MCP install links nothing, the provider's contact its text.
 */
export const STAND_INS: Record<string, string> = {
  'src/components/ApiSample/index.tsx': `import React from 'react';
import CodeBlock from '@theme/CodeBlock';
export default function ApiSample({ children, title }: { children: string; title?: string }) {
  return <CodeBlock language="http" title={title}>{String(children)}</CodeBlock>;
}
`,
  'src/components/ScriptSettings/index.tsx': 'export default function ScriptSettings() {\n  return null;\n}\n',
  'src/components/ContinuesFrom/index.tsx': 'export default function ContinuesFrom() {\n  return null;\n}\n',
  'src/components/McpInstall/index.tsx': 'export default function McpInstall() {\n  return null;\n}\n',
  'src/components/ProviderContact/index.tsx': `import React from 'react';
export default function ProviderContact({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
`,
};

/**
 * An anchor's copy: the scaffold's sources, our docs from `docsFrom`, the stand-ins, our route-tree plugin
 * (for the first-load figures), `future.faster` as ours, and broken links warned of (our docs link to our
 * `/api/` pages, which an anchor does not have). `edit` changes the config further.
 *
 * @throws {Error} when the scaffold's config is not the one expected (delete the anchor to reinstall it).
 */
function anchorCopy(name: string, scaffold: string, docsFrom: string, edit = (config: string) => config): string {
  const dir = freshCopy(name, scaffold, ANCHOR_SOURCES);
  for (const [file, text] of Object.entries(STAND_INS)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const configFile = path.join(dir, 'docusaurus.config.ts');
  const original = fs.readFileSync(configFile, 'utf8');
  const config = edit(
    withRouteTreePlugin(original)
      .replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'")
      .replace(/future: \{\s*v4: true,/, 'future: { v4: true, faster: true,'),
  );
  if (!config.includes('faster: true') || !config.includes("onBrokenLinks: 'warn'"))
    throw new Error(`the anchor's config in ${scaffold} is not the one expected: delete ${scaffold} and run again`);
  fs.writeFileSync(configFile, config);
  fs.cpSync(docsFrom, path.join(dir, 'docs'), { recursive: true });
  return dir;
}

/**
 * An anchor with the OpenAPI plugin (`scaffold`, installed from our bundled contract) in `.bench/<name>` over
 * our site `oursDir` (built: its bundled contract is used), the plugin generating into `docs/reference` (our
 * docs have their own `docs/api`).
 *
 * @throws {Error} when `oursDir` has no bundled contract (build it first) or an install fails.
 */
function prepareWithApi(name: string, oursDir: string, scaffold: (contract: string) => string): string {
  const contract = path.join(oursDir, BUNDLED_SPEC_PATH);
  if (!fs.existsSync(contract)) throw new Error(`${contract} is missing: build ${oursDir} first`);
  const from = scaffold(contract);
  const dir = anchorCopy(name, from, path.join(oursDir, 'docs'), (config) => {
    const edited = config.replace("outputDir: 'docs/api'", "outputDir: 'docs/reference'");
    if (edited === config) throw new Error(`the anchor's config has no outputDir 'docs/api': delete ${from}`);
    return edited;
  });
  fs.copyFileSync(contract, path.join(dir, 'openapi.json'));
  return dir;
}

/** The stock anchor (openapi-docs' defaults) over our site `oursDir`; see {@link prepareWithApi}. */
export function prepareStock(name: string, oursDir: string): string {
  return prepareWithApi(name, oursDir, stockScaffold);
}

/** The feature-equal anchor over our site `oursDir`; see {@link prepareWithApi}. */
export function prepareEqual(name: string, oursDir: string): string {
  return prepareWithApi(name, oursDir, equalScaffold);
}

/**
 * The plain anchor in `.bench/<name>` over the docs of `oursDir`. Installs the anchor first when it is
 * missing.
 *
 * @throws {Error} when an install fails.
 */
export function preparePlain(name: string, oursDir: string): string {
  return anchorCopy(name, plainScaffold(), path.join(oursDir, 'docs'));
}
