/**
 * `npm run bench:scale`: builds the portal over synthetic content at 1×, 3× and 10× today's
 * (bench/sites/scale.ts: the docs and the contract multiplied, deterministic) in `.bench/scale-<N>/`
 * (git-ignored; the repository's sources copied, its node_modules linked), and in the same run, over the same
 * docs and contract, the feature-equal anchor (bench/sites/anchors.ts `equalScaffold`: the Docusaurus scaffold,
 * openapi-docs with a page per schema and tag categories, the same local search plugin, `future.faster` as
 * ours) in `.bench/equal-scale-<N>/` and, for reference, plain Docusaurus in `.bench/plain-scale-<N>/`. Prints
 * per size and site: build time, peak memory, build output size, first-load JS of home / a doc page / an
 * operation page, the search index and its size per page, with ratios to the same site at 1× and to the anchor;
 * then the exponent b of a least-squares fit cost ≈ a·N^b. Exits 1 naming each target of
 * bench/measure/scaleTargets.ts that a figure misses.
 *
 * Usage: tsx bench/scale.ts [factors…]   (default: 1 3 10)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BENCH_DIR } from './sites/anchors';
import { firstLoad } from './measure/firstLoad';
import { missedScaleTargets, SCALE_LIMITS, type ScaleFigures } from './measure/scaleTargets';
import { growthExponent } from './sites/scale';
import { prepareEqual, prepareOurs, preparePlain } from './sites';

/** The pages measured, per site: home, a doc page, an operation page (stock's under its docs). */
const PAGES = {
  ours: { home: '/', doc: '/docs/api/getting-started', operation: '/api/v1/search-documents' },
  equal: { home: '/', doc: '/docs/api/getting-started', operation: '/docs/reference/search-documents' },
  // Plain Docusaurus has no operation pages: its doc page stands in.
  plain: { home: '/', doc: '/docs/api/getting-started', operation: '/docs/api/getting-started' },
};

type Site = keyof typeof PAGES;

interface Figures extends ScaleFigures {
  site: Site;
  mainJsKiB: number;
}

const gzipKiB = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

function directoryBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => fs.statSync(path.join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((total, stat) => total + stat.size, 0);
}

/** A command's wall time (s), the peak resident memory (KiB) of its largest process, and what it printed. */
interface Step {
  seconds: number;
  peakKiB: number;
  stdout: string;
}

/** Runs a command under GNU time. */
function timed(command: string, args: string[], cwd: string): Step {
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
  return { seconds, peakKiB: Number(result.stderr.trim().split('\n').pop()), stdout: result.stdout };
}

/** Figures of a built site. */
/** The post-build pass's time (s) as ours prints it ("postbuild: … in N ms"), if it did. */
function postbuildSeconds(steps: Step[]): number | undefined {
  const match = steps.map((step) => /^postbuild: .* in (\d+) ms$/m.exec(step.stdout)).find(Boolean);
  return match ? Number(match[1]) / 1000 : undefined;
}

/** HTML files in a build folder. */
const htmlPages = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html')).length;

function figures(site: Site, factor: number, dir: string, steps: Step[]): Figures {
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
    pages: htmlPages(buildDir),
    postbuildS: postbuildSeconds(steps),
  };
}

/** Ours: `npm run build` (contract bundle, page generation, Docusaurus, postbuild). */
function measureOurs(factor: number): Figures {
  const dir = prepareOurs(factor);
  return figures('ours', factor, dir, [timed('npm', ['run', '-s', 'build'], dir)]);
}

/** The feature-equal anchor: the plugin's page generation, then the Docusaurus build. */
function measureEqual(factor: number, oursDir: string): Figures {
  const dir = prepareEqual(`equal-scale-${factor}`, oursDir);
  const steps = [timed('npx', ['docusaurus', 'gen-api-docs', 'all'], dir), timed('npx', ['docusaurus', 'build'], dir)];
  return figures('equal', factor, dir, steps);
}

/** Plain Docusaurus over the same docs, for reference. */
function measurePlain(factor: number, oursDir: string): Figures {
  const dir = preparePlain(`plain-scale-${factor}`, oursDir);
  return figures('plain', factor, dir, [timed('npx', ['docusaurus', 'build'], dir)]);
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
  ['index KiB/page', (f) => f.searchIndexKiB / f.pages],
  ['post-build s', (f) => f.postbuildS ?? NaN],
];

/** Builds and measures every site at every factor, smallest first. */
function measureAll(sizes: number[]): Record<Site, Figures[]> {
  const sites: Record<Site, Figures[]> = { ours: [], equal: [], plain: [] };
  for (const factor of sizes) {
    console.log(`Building our ${factor}× site…`);
    sites.ours.push(measureOurs(factor));
    const oursDir = path.join(BENCH_DIR, `scale-${factor}`);
    console.log(`Building the feature-equal ${factor}× site…`);
    sites.equal.push(measureEqual(factor, oursDir));
    console.log(`Building the plain ${factor}× site…`);
    sites.plain.push(measurePlain(factor, oursDir));
  }
  return sites;
}

/** A figure with its ratios: `12.3 1.50×1× 0.90×eq`. */
function cell(value: number, ...of: [string, number][]): string {
  if (Number.isNaN(value)) return '—';
  const ratios = of
    .filter(([, o]) => !Number.isNaN(o) && o !== 0)
    .map(([label, o]) => `${(value / o).toFixed(2)}${label}`);
  return [value.toFixed(1), ...ratios].join(' ');
}

function printTables(sizes: number[], sites: Record<Site, Figures[]>): void {
  const rows: Record<string, string>[] = [];
  sizes.forEach((factor, i) => {
    for (const site of ['ours', 'equal', 'plain'] as const) {
      const figure = sites[site][i];
      const row: Record<string, string> = { site: `${site} ${factor}×` };
      for (const [name, get] of METRICS) {
        const vsAnchor: [string, number][] = site === 'equal' ? [] : [['×eq', get(sites.equal[i])]];
        row[name] = cell(get(figure), ['×1×', get(sites[site][0])], ...vsAnchor);
      }
      rows.push(row);
    }
  });
  console.table(rows);
  console.log(
    'Sizes are gzip -9. "×1×": ratio to the same site at the first size; "×eq": ratio to the feature-equal anchor at the same size.',
  );
  if (sizes.length > 1) {
    const fit = (list: Figures[], get: (f: Figures) => number) =>
      growthExponent(list.map((f) => ({ x: f.factor, y: get(f) }))).toFixed(2);
    console.table(
      METRICS.slice(0, 3).map(([name, get]) => ({
        cost: name,
        'ours: b': fit(sites.ours, get),
        'equal: b': fit(sites.equal, get),
        'plain: b': fit(sites.plain, get),
      })),
    );
    console.log('b: the exponent of a least-squares fit cost ≈ a·N^b over the sizes (1 = linear).');
  }
}

function main(): number {
  const factors = process.argv.slice(2).map(Number);
  const sizes = factors.length ? factors : [1, 3, 10];
  const sites = measureAll(sizes);
  printTables(sizes, sites);
  const missed = missedScaleTargets(sites.ours, sites.equal);
  if (missed.length === 0) {
    console.log(
      `All targets hold (first-load JS at most the anchor's, growth at most its + ${SCALE_LIMITS.growthSlack * 100} points; at ${sizes.at(-1)}×: build ≤ ${SCALE_LIMITS.buildRatio}×, memory ≤ ${SCALE_LIMITS.memoryRatio}×, post-build ≤ ${SCALE_LIMITS.postbuildShare * 100} %, index per page ≤ 1×'s).`,
    );
    return 0;
  }
  console.log(`Targets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`);
  return 1;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`bench:scale: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
