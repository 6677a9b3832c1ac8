/**
 * `npm run bench:scale` (issue #28): builds the portal over synthetic content at 1×, 3× and 10× today's
 * (scripts/perf/scale.ts: the docs and the contract multiplied, deterministic) in `.bench/scale-<N>/`
 * (git-ignored; the repository's sources copied, its node_modules linked), and prints per size: build
 * time, peak memory, build output size, first-load JS of home / a doc page / an operation page, `main.js`
 * and the search index, with each figure's ratio to 1×.
 *
 * Usage: tsx scripts/bench-scale.ts [factors…]   (default: 1 3 10)
 *
 * Still to come (issue #28): the stock anchor (scaffold + openapi-docs) over the same contracts, in the same
 * run, and the ratios to it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { stringify } from 'yaml';
import { loadContract, OPENAPI_SPEC_PATH } from '../config/openapi';
import { BENCH_DIR } from './perf/anchors';
import { firstLoad } from './perf/firstLoad';
import { scaleContract, scaleDocs } from './perf/scale';

const ROOT = path.resolve(__dirname, '..');

/** What a site needs to build, copied as they are (docs/ and the contract are written scaled). */
const SOURCES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'sidebarsApi.ts',
  'package.json',
  'tsconfig.json',
  'redocly.yaml',
  'blog',
  'config',
  'openapi',
  'plugins',
  'postbuild',
  'rules',
  'scripts',
  'server',
  'src',
  'static',
];

/** The pages measured: home, a doc page, an operation page. */
const PAGES = { home: '/', doc: '/docs/api/getting-started', operation: '/api/v1/search-documents' };

interface Figures {
  factor: number;
  buildS: number;
  peakMiB: number;
  outputMiB: number;
  firstLoadKiB: Record<keyof typeof PAGES, number>;
  mainJsKiB: number;
  searchIndexKiB: number;
}

/** The site at `factor`×, ready to build. */
function prepare(factor: number): string {
  const dir = path.join(BENCH_DIR, `scale-${factor}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const source of SOURCES) fs.cpSync(path.join(ROOT, source), path.join(dir, source), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.writeFileSync(path.join(dir, OPENAPI_SPEC_PATH), stringify(scaleContract(loadContract(ROOT), factor)));
  scaleDocs(path.join(ROOT, 'docs'), path.join(dir, 'docs'), factor);
  return dir;
}

const gzipKiB = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

function directoryBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => fs.statSync(path.join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((total, stat) => total + stat.size, 0);
}

/** Builds the site with `npm run build` under GNU time, for the peak resident memory of the whole tree. */
function measure(factor: number): Figures {
  const dir = prepare(factor);
  const started = performance.now();
  const build = spawnSync('/usr/bin/time', ['-f', '%M', 'npm', 'run', '-s', 'build'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256e6,
  });
  const buildS = (performance.now() - started) / 1000;
  if (build.status !== 0) throw new Error(`the ${factor}× build failed:\n${build.stderr.slice(-3000)}`);
  // GNU time prints the peak RSS (KiB) of the largest process of the tree as its last line.
  const peakKiB = Number(build.stderr.trim().split('\n').pop());
  const buildDir = path.join(dir, 'build');
  const js = path.join(buildDir, 'assets/js');
  const main = fs.readdirSync(js).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  return {
    factor,
    buildS,
    peakMiB: peakKiB / 1024,
    outputMiB: directoryBytes(buildDir) / 1048576,
    firstLoadKiB: Object.fromEntries(
      Object.entries(PAGES).map(([name, page]) => [name, firstLoad(dir, page).jsGzip / 1024]),
    ) as Figures['firstLoadKiB'],
    mainJsKiB: main ? gzipKiB(path.join(js, main)) : NaN,
    searchIndexKiB: gzipKiB(path.join(buildDir, 'search-index.json')),
  };
}

function main(): void {
  const factors = process.argv.slice(2).map(Number);
  const sizes = factors.length ? factors : [1, 3, 10];
  const results: Figures[] = [];
  for (const factor of sizes) {
    console.log(`Building the ${factor}× site…`);
    results.push(measure(factor));
  }
  const base = results[0];
  const ratio = (value: number, of: number) => `${value.toFixed(1)} (${(value / of).toFixed(2)}×)`;
  const rows = results.map((r) => ({
    size: `${r.factor}×`,
    'build s': ratio(r.buildS, base.buildS),
    'peak MiB': ratio(r.peakMiB, base.peakMiB),
    'output MiB': ratio(r.outputMiB, base.outputMiB),
    'home JS KiB': ratio(r.firstLoadKiB.home, base.firstLoadKiB.home),
    'doc JS KiB': ratio(r.firstLoadKiB.doc, base.firstLoadKiB.doc),
    'operation JS KiB': ratio(r.firstLoadKiB.operation, base.firstLoadKiB.operation),
    'main.js KiB': ratio(r.mainJsKiB, base.mainJsKiB),
    'search index KiB': ratio(r.searchIndexKiB, base.searchIndexKiB),
  }));
  console.table(rows);
  console.log('Sizes are gzip -9; ratios are to the first size measured.');
}

try {
  main();
} catch (error) {
  console.error(`bench:scale: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
