/**
 * @jest-environment node
 *
 * plugins/ssg-chunks: in the server bundle, a module that two pages import is emitted once,
 * in a chunk of its own, instead of once in each page's chunk. Checked with the bundler Docusaurus runs
 * here (Rspack, from @docusaurus/faster) on two pages that share a module, as core configures the server
 * build (`target: node`, `splitChunks: false`) and as the plugin leaves it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import ssgChunks, { SERVER_SPLIT_CHUNKS } from '..';

type Configuration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

const { rspack } = createRequire(require.resolve('@docusaurus/faster/package.json'))('@rspack/core') as {
  rspack: (
    config: object,
    callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void,
  ) => void;
};

/** A string only the shared module holds, so its copies can be counted in the output. */
const SHARED_MARKER = 'shared-module-marker-4b1d';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssg-chunks-'));
  fs.writeFileSync(path.join(dir, 'shared.js'), `export const text = '${SHARED_MARKER}'.repeat(2);\n`);
  for (const page of ['a', 'b']) {
    fs.writeFileSync(
      path.join(dir, `${page}.js`),
      `import { text } from './shared';\nexport default () => '${page}' + text;\n`,
    );
  }
  fs.writeFileSync(path.join(dir, 'entry.js'), "export const pages = [() => import('./a'), () => import('./b')];\n");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds the fixture as a server bundle with `splitChunks`; the emitted files holding the shared module. */
function filesWithShared(outName: string, splitChunks: unknown): Promise<string[]> {
  const out = path.join(dir, outName);
  const config = {
    mode: 'production',
    context: dir,
    entry: './entry.js',
    target: 'node',
    output: { path: out, library: { type: 'commonjs2' } },
    optimization: { minimize: false, splitChunks },
  };
  return new Promise((resolve, reject) =>
    rspack(config, (error, stats) => {
      if (error || !stats || stats.hasErrors()) return reject(error ?? new Error(stats?.toString()));
      const files = fs
        .readdirSync(out)
        .filter((file) => fs.readFileSync(path.join(out, file), 'utf8').includes(SHARED_MARKER));
      resolve(files);
    }),
  );
}

it('leaves the client build alone and gives the server build its splitChunks', () => {
  const plugin = ssgChunks();
  const configure = plugin.configureWebpack as (config: Configuration, isServer: boolean) => object;
  const client = { optimization: { splitChunks: { chunks: 'all' } } } as Configuration;
  configure(client, false);
  expect(client.optimization?.splitChunks).toEqual({ chunks: 'all' });
  const server = { optimization: { splitChunks: false, minimize: false } } as Configuration;
  configure(server, true);
  expect(server.optimization).toEqual({ splitChunks: SERVER_SPLIT_CHUNKS, minimize: false });
});

it("emits a module two pages share once with the plugin's splitChunks, and in each page's chunk without", async () => {
  const copiesAsCoreBuilds = await filesWithShared('core', false);
  expect(copiesAsCoreBuilds).toHaveLength(2);
  const copiesWithPlugin = await filesWithShared('plugin', SERVER_SPLIT_CHUNKS);
  expect(copiesWithPlugin).toHaveLength(1);
});
