/**
 * `npm run bench:scale`: builds the portal over synthetic content at 1×, 3× and 10× today's
 * (bench/sites/scale.ts: the docs and the contract multiplied, deterministic) in `.bench/scale-<N>/`
 * (git-ignored; the repository's sources copied, its node_modules linked), and prints per size: build
 * time, peak memory, build output size, first-load JS of home / a doc page / an operation page, `main.js`
 * and the search index, with each figure's ratio to 1×.
 *
 * In the same run, the stock anchor (bench/sites/index.ts: the Docusaurus scaffold plus openapi-docs with
 * its default options, and the same bundler setting as ours, `future.faster`) is built over the same docs
 * and the same bundled contract in `.bench/stock-scale-<N>/`, and each of our figures is also given as a
 * ratio to stock's. Last, the exponent b of a least-squares fit cost ≈ a·N^b over the sizes, per site.
 *
 * Usage: tsx bench/scale.ts [factors…]   (default: 1 3 10)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BENCH_DIR } from './sites/anchors';
import { firstLoad } from './measure/firstLoad';
import { growthExponent } from './sites/scale';
import { prepareOurs, prepareStock } from './sites';

/** The pages measured, per site: home, a doc page, an operation page (stock's under its docs). */
const PAGES = {
  ours: { home: '/', doc: '/docs/api/getting-started', operation: '/api/v1/search-documents' },
  stock: { home: '/', doc: '/docs/api/getting-started', operation: '/docs/reference/search-documents' },
};

type Site = keyof typeof PAGES;

interface Figures {
  site: Site;
  factor: number;
  buildS: number;
  peakMiB: number;
  outputMiB: number;
  firstLoadKiB: Record<keyof (typeof PAGES)['ours'], number>;
  mainJsKiB: number;
  searchIndexKiB: number;
}

const gzipKiB = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

function directoryBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => fs.statSync(path.join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((total, stat) => total + stat.size, 0);
}

/** Runs a command under GNU time: its wall time (s) and the peak resident memory (KiB) of its largest process. */
function timed(command: string, args: string[], cwd: string): { seconds: number; peakKiB: number } {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256e6,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr.slice(-3000)}`);
  // GNU time prints the peak RSS (KiB) as its last line.
  return { seconds, peakKiB: Number(result.stderr.trim().split('\n').pop()) };
}

/** Figures of a built site. */
function figures(site: Site, factor: number, dir: string, steps: { seconds: number; peakKiB: number }[]): Figures {
  const buildDir = path.join(dir, 'build');
  const js = path.join(buildDir, 'assets/js');
  const main = fs.readdirSync(js).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  const searchIndex = path.join(buildDir, 'search-index.json');
  return {
    site,
    factor,
    buildS: steps.reduce((total, step) => total + step.seconds, 0),
    peakMiB: Math.max(...steps.map((step) => step.peakKiB)) / 1024,
    outputMiB: directoryBytes(buildDir) / 1048576,
    firstLoadKiB: Object.fromEntries(
      Object.entries(PAGES[site]).map(([name, page]) => [name, firstLoad(dir, page).jsGzip / 1024]),
    ) as Figures['firstLoadKiB'],
    mainJsKiB: main ? gzipKiB(path.join(js, main)) : NaN,
    searchIndexKiB: fs.existsSync(searchIndex) ? gzipKiB(searchIndex) : NaN,
  };
}

/** Ours: `npm run build` (contract bundle, page generation, Docusaurus, postbuild). */
function measureOurs(factor: number): Figures {
  const dir = prepareOurs(factor);
  return figures('ours', factor, dir, [timed('npm', ['run', '-s', 'build'], dir)]);
}

/** Stock: the plugin's page generation, then the Docusaurus build. */
function measureStock(factor: number, oursDir: string): Figures {
  const dir = prepareStock(`stock-scale-${factor}`, oursDir);
  const steps = [timed('npx', ['docusaurus', 'gen-api-docs', 'all'], dir), timed('npx', ['docusaurus', 'build'], dir)];
  return figures('stock', factor, dir, steps);
}

const METRICS: [string, (f: Figures) => number][] = [
  ['build s', (f) => f.buildS],
  ['peak MiB', (f) => f.peakMiB],
  ['output MiB', (f) => f.outputMiB],
  ['home JS KiB', (f) => f.firstLoadKiB.home],
  ['doc JS KiB', (f) => f.firstLoadKiB.doc],
  ['operation JS KiB', (f) => f.firstLoadKiB.operation],
  ['main.js KiB', (f) => f.mainJsKiB],
  ['search index KiB', (f) => f.searchIndexKiB],
];

function main(): void {
  const factors = process.argv.slice(2).map(Number);
  const sizes = factors.length ? factors : [1, 3, 10];
  const ours: Figures[] = [];
  const stock: Figures[] = [];
  for (const factor of sizes) {
    console.log(`Building our ${factor}× site…`);
    ours.push(measureOurs(factor));
    console.log(`Building the stock ${factor}× site…`);
    stock.push(measureStock(factor, path.join(BENCH_DIR, `scale-${factor}`)));
  }
  const cell = (value: number, ...of: [string, number][]) =>
    Number.isNaN(value)
      ? '—'
      : [
          value.toFixed(1),
          ...of.filter(([, o]) => !Number.isNaN(o)).map(([label, o]) => `${(value / o).toFixed(2)}${label}`),
        ].join(' ');
  const rows: Record<string, string>[] = [];
  ours.forEach((figure, i) => {
    const row: Record<string, string> = { site: `ours ${figure.factor}×` };
    for (const [name, get] of METRICS) row[name] = cell(get(figure), ['×1×', get(ours[0])], ['×st', get(stock[i])]);
    rows.push(row);
    const stockRow: Record<string, string> = { site: `stock ${figure.factor}×` };
    for (const [name, get] of METRICS) stockRow[name] = cell(get(stock[i]), ['×1×', get(stock[0])]);
    rows.push(stockRow);
  });
  console.table(rows);
  console.log(
    'Sizes are gzip -9. "×1×": ratio to the same site at the first size; "×st": ratio to stock at the same size.',
  );
  if (sizes.length > 1) {
    const fit = (list: Figures[], get: (f: Figures) => number) =>
      growthExponent(list.map((f) => ({ x: f.factor, y: get(f) }))).toFixed(2);
    console.table(
      METRICS.slice(0, 3).map(([name, get]) => ({
        cost: name,
        'ours: b': fit(ours, get),
        'stock: b': fit(stock, get),
      })),
    );
    console.log('b: the exponent of a least-squares fit cost ≈ a·N^b over the sizes (1 = linear).');
  }
}

try {
  main();
} catch (error) {
  console.error(`bench:scale: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
