/**
 * Size budgets, read from the build after `npm run build` (no browser; bytes are
 * deterministic): first-load JavaScript of the home, a doc page and an API operation page against
 * tests/perf/budgets.json, the same pages' growth at 3× the content (`npm run build:scale`),
 * and one copy of each postman package in the browser bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect } from '@playwright/test';
import { BUNDLED_MODULES_FILE } from '../../plugins/api-chunks';
import { chunkGroupFiles } from '../../plugins/sign-in-assets/chunks';
import { firstLoad } from '../../bench/measure/firstLoad';
import {
  FIRST_LOAD_BUDGETS,
  firstLoadFigure,
  GLOBAL_CSS_BUDGET,
  globalStylesheet,
  SCALE_BUDGETS,
} from '../perf/budgets';

const SITE = path.resolve(__dirname, '../..');

for (const page of FIRST_LOAD_BUDGETS) {
  test(`${page.path} loads at most ${page.limit} bytes of JavaScript (gzip) before it hydrates`, () => {
    const { jsGzip, jsFiles, limit } = firstLoadFigure(SITE, page);
    console.log(`budget ${page.path}: ${jsGzip} / ${limit} bytes in ${jsFiles} files`);
    expect(jsGzip).toBeLessThanOrEqual(limit);
  });
}

// Budgets at scale: the same pages of the portal built over 3× the content (npm run build:scale,
// run by test:e2e after the portal's own build).
test.describe(`at ${SCALE_BUDGETS.factor}× the content`, () => {
  test.beforeAll(() => {
    if (!fs.existsSync(path.join(SCALE_BUDGETS.siteDir, 'build/index.html')))
      throw new Error(
        `${SCALE_BUDGETS.siteDir} holds no build: run \`npm run build:scale\` first (npm run test:e2e does)`,
      );
  });

  for (const page of FIRST_LOAD_BUDGETS) {
    test(`${page.path} loads at most ${SCALE_BUDGETS.growth}× the JavaScript it loads today`, () => {
      const today = firstLoadFigure(SITE, page).jsGzip;
      const { jsGzip, limit } = firstLoadFigure(SCALE_BUDGETS.siteDir, page);
      const growth = jsGzip / today;
      console.log(
        `budget at ${SCALE_BUDGETS.factor}× ${page.path}: ${jsGzip} bytes, ${growth.toFixed(3)}× today's ${today}` +
          ` (its budget today: ${limit})`,
      );
      expect(growth).toBeLessThanOrEqual(SCALE_BUDGETS.growth);
    });
  }

  test('the global stylesheet stays within its budget', () => {
    const gzip = zlib.gzipSync(globalStylesheet(SCALE_BUDGETS.siteDir), { level: 9 }).length;
    console.log(`budget at ${SCALE_BUDGETS.factor}× global CSS: ${gzip} / ${GLOBAL_CSS_BUDGET} bytes`);
    expect(gzip).toBeLessThanOrEqual(GLOBAL_CSS_BUDGET);
  });
});

test('the browser bundle holds one copy of postman-collection and none of faker', () => {
  const modules = JSON.parse(fs.readFileSync(path.join(SITE, '.docusaurus', BUNDLED_MODULES_FILE), 'utf8')) as string[];
  const copies = new Set(
    modules.map((file) => /^(.*?node_modules\/postman-collection)\//.exec(file)?.[1]).filter(Boolean),
  );
  expect([...copies]).toEqual(['node_modules/postman-collection']);
  expect(modules.filter((file) => file.includes('node_modules/@faker-js/faker/'))).toEqual([]);
});

test('api-chunks point 3: iconv-lite and crypto-js reach the browser as their stubs only', () => {
  const modules = JSON.parse(fs.readFileSync(path.join(SITE, '.docusaurus', BUNDLED_MODULES_FILE), 'utf8')) as string[];
  expect(
    modules.filter((file) => file.includes('node_modules/iconv-lite/')),
    'api-chunks: the iconv-lite stub no longer replaces the package (the request `iconv-lite` changed)',
  ).toEqual([]);
  expect(
    modules.filter((file) => /node_modules\/crypto-js\/(?!core\.js$|sha1\.js$)/.test(file)),
    'api-chunks: the crypto-js stub no longer replaces the package (the theme imports crypto-js differently)',
  ).toEqual([]);
});

/** An id in react-markdown's deprecation table (react-markdown 10), kept by minification. */
const REACT_MARKDOWN = 'remove-buggy-html-in-markdown-parser';

test('api-sections: the theme’s Markdown renderer is not in an API page’s first load, but is built', () => {
  const read = (file: string) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8');
  const first = firstLoad(SITE, '/api/v1/search-documents').files.filter((file) => file.endsWith('.js'));
  expect(
    first.filter((file) => read(file).includes(REACT_MARKDOWN)),
    'api-sections: react-markdown is in the API page’s first load (plugins/api-sections/theme/Markdown’s lazy renderer no longer replaces it)',
  ).toEqual([]);
  const assets = fs.readdirSync(path.join(SITE, 'build/assets/js')).map((file) => `/assets/js/${file}`);
  expect(assets.some((file) => file.endsWith('.js') && read(file).includes(REACT_MARKDOWN))).toBe(true);
});

/** The Prism grammars a page's first-load JavaScript builds (`Prism.languages.json = …`, as minified), sorted. */
const grammarsOf = (pagePath: string) => {
  const names = new Set<string>();
  for (const file of firstLoad(SITE, pagePath).files.filter((name) => name.endsWith('.js')))
    for (const match of fs.readFileSync(path.join(SITE, 'build', file), 'utf8').matchAll(/\.languages\.(\w+)=/g))
      names.add(match[1]);
  return [...names].sort();
};

test('code highlighting loads with the pages that show code, with the grammars of their languages only', () => {
  // plugins/prism-on-demand: none in main.js, none of prism-react-renderer's bundled ~40, each page its own.
  expect(grammarsOf('/'), 'the home page shows no code').toEqual([]);
  // The schema page shows JSON only (prismjs's json grammar also names it webmanifest).
  expect(grammarsOf('/docs/document_format/schema')).toEqual(['json', 'webmanifest']);
  // Getting started shows curl (bash) samples: found in its fences, configured nowhere.
  expect(grammarsOf('/docs/api/getting-started')).toEqual(expect.arrayContaining(['bash', 'json']));
  expect(grammarsOf('/docs/api/getting-started')).not.toContain('objectivec');
});

/** The text of a page's first-load files of one kind (`.css` or `.js`), joined. */
const firstLoadText = (pagePath: string, extension: '.css' | '.js') =>
  firstLoad(SITE, pagePath)
    .files.filter((file) => file.endsWith(extension))
    .map((file) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8'))
    .join('\n');
const css = (pagePath: string) => firstLoadText(pagePath, '.css');

test('the global stylesheet stays within its budget and holds neither Amplify UI nor the OpenAPI theme', () => {
  const global = globalStylesheet(SITE);
  // plugins/moduleResource.ts keepOutOfStylesChunk rewrites core's splitChunks.cacheGroups.styles (a Docusaurus
  // internal); when that stops matching, these stylesheets fall back into the one every page blocks on.
  expect(
    /\.amplify-[a-z]/.test(global),
    'sign-in-assets (Amplify UI CSS on the sign-in page only) no longer keeps @aws-amplify/ui-react/dist/styles.css out of core’s splitChunks.cacheGroups.styles',
  ).toBe(false);
  expect(
    /\.openapi__[a-z]/.test(global),
    'api-chunks point 5 (the OpenAPI theme’s CSS on API pages only) no longer keeps lib/theme/styles.scss out of core’s splitChunks.cacheGroups.styles',
  ).toBe(false);
  const gzip = zlib.gzipSync(global, { level: 9 }).length;
  console.log(`budget global CSS: ${gzip} / ${GLOBAL_CSS_BUDGET} bytes`);
  expect(gzip).toBeLessThanOrEqual(GLOBAL_CSS_BUDGET);
});

test('Amplify UI’s CSS comes with the sign-in form only; the theme’s with API pages only', () => {
  // The sign-in form's chunk group (plugins/sign-in-assets lists it for the gate) carries Amplify UI's CSS.
  const signIn = JSON.parse(fs.readFileSync(path.join(SITE, 'build/sign-in-assets.json'), 'utf8')) as {
    files: string[];
  };
  const signInCss = signIn.files
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8'))
    .join('\n');
  expect(/\.amplify-[a-z]/.test(signInCss), 'the sign-in form lost Amplify UI’s stylesheet').toBe(true);
  for (const page of ['/', '/docs/document_format/schema', '/api/v1/search-documents']) {
    expect([page, /\.amplify-[a-z]/.test(css(page))]).toEqual([page, false]);
  }
  expect(/\.openapi__[a-z]/.test(css('/api/v1/search-documents'))).toBe(true);
  expect(/\.openapi__[a-z]/.test(css('/docs/document_format/schema'))).toBe(false);
});

/** First-load JavaScript of a page, as text. */
const firstLoadJs = (pagePath: string) => firstLoadText(pagePath, '.js');

/** String literals that survive minification, one per module kept out of every page's first load. */
const KEPT_OUT = [
  {
    marker: "'code_challenge_method'",
    what: 'Amplify’s signInWithRedirect.mjs',
    apiPagesToo: true,
    session: true,
    speedUp:
      'sign-in-assets forces `sideEffects: false` on @aws-amplify/auth’s signInWithRedirect.mjs (an Amplify internal path)',
  },
  {
    marker: 'process.binding is not supported',
    what: 'the process polyfill',
    // The API pages' explorer needs the polyfills; every other page must not load them first.
    apiPagesToo: false,
    session: false,
    speedUp: 'api-chunks point 4 keeps the theme’s ProvidePlugin process/browser away from React (stubs/no-process.js)',
  },
  {
    marker: 'Unknown encoding: ',
    what: 'the Buffer polyfill',
    apiPagesToo: false,
    session: true,
    speedUp:
      'api-chunks point 4 keeps the theme’s ProvidePlugin buffer away from Amplify’s sha256 (stubs/no-buffer.js)',
  },
];

test('neither the pages’ first load nor the session code carry Amplify’s redirect sign-in or the Node polyfills', () => {
  // The session module (AuthProvider/loadSession.ts) loads after hydration on every page that needs Amplify.
  const manifest = JSON.parse(fs.readFileSync(path.join(SITE, '.docusaurus/client-manifest.json'), 'utf8'));
  const session = chunkGroupFiles(manifest, 'session')
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(SITE, 'build', file), 'utf8'))
    .join('\n');
  const pages = ['/', '/login', '/docs/document_format/schema', '/api/v1/search-documents'];
  const sources: Record<string, string> = {
    'the session chunk': session,
    ...Object.fromEntries(pages.map((page) => [`${page}'s first-load JavaScript`, firstLoadJs(page)])),
  };
  const found: string[] = [];
  for (const { marker, what, speedUp, apiPagesToo, session: inSession } of KEPT_OUT) {
    const quoted = marker.startsWith("'") ? [marker, `"${marker.slice(1, -1)}"`] : [marker];
    for (const [where, code] of Object.entries(sources)) {
      if (!apiPagesToo && where.startsWith('/api')) continue;
      if (!inSession && where === 'the session chunk') continue;
      if (quoted.some((m) => code.includes(m))) found.push(`${what} is in ${where}: ${speedUp} no longer takes effect`);
    }
  }
  expect(found).toEqual([]);
});

test('reader insights stay out of the first load: the feedback widget and the client that sends events load later', () => {
  // The page ends with the widget's box (src/components/PageFeedback/Slot.tsx); its code, the events' client and
  // the empty-search watcher load when the reader nears the end, the browser is idle or the search bar loads.
  for (const page of FIRST_LOAD_BUDGETS) {
    const { files } = firstLoad(SITE, page.path);
    const js = files.filter((file) => file.endsWith('.js'));
    const holding = js.filter((file) => {
      const text = fs.readFileSync(path.join(SITE, 'build', file), 'utf8');
      return text.includes('Was this page helpful?') || text.includes('/insights/events');
    });
    expect({ page: page.path, holding }).toEqual({ page: page.path, holding: [] });
  }
});
