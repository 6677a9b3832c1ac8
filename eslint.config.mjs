// Lint rules for the portal's TypeScript and React code (npm run lint fails on any warning).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import regexp from 'eslint-plugin-regexp';

/**
 * Folder boundaries: which top-level folders each folder's code may import, lowest layer
 * first. A rule two of them need goes down into rules/ (rules/README.md), never sideways or up. Tests
 * (`tests/`, `__tests__/`) may import anything, and nothing but tests imports them (TEST_CODE below).
 */
const LAYERS = {
  rules: { may: [], why: 'rules/ is runtime-neutral and the lowest layer: it imports nothing from the repository' },
  config: { may: ['rules'], why: 'config/ is read by every runtime: it imports only rules/' },
  server: {
    may: ['rules', 'config'],
    why: 'the production server runs without the site sources, the build plugins and the local stand-ins',
  },
  src: {
    // generated/: data the build writes for the pages (npm run gen-api), e.g. the API reference's Markdown as HTML.
    may: ['rules', 'config', 'generated'],
    why: 'browser code must not bundle the server, the build plugins or Node-only tools',
  },
  plugins: {
    // generated/: a speed-up's browser code reads data the build writes for the pages (plugins/api-sections).
    may: ['rules', 'config', 'generated'],
    why: 'build plugins run in the bundler: they must not depend on the server or the browser components',
  },
  postbuild: {
    may: ['rules', 'config', 'plugins'],
    why: "the build's last step reads the plugins' output, never the server's or the browser's code",
  },
  local: {
    may: ['rules', 'config', 'server', 'generated'],
    why: 'the local stand-ins imitate the provider and Cognito: they use the gate, never the site or the tools',
  },
  'deploy/edge': {
    may: ['rules', 'config', 'server'],
    why: 'the edge function ships to AWS: it must not carry local stand-ins, tools or site sources',
  },
  'deploy/mcp': {
    may: ['rules', 'config', 'server'],
    why: 'the MCP function ships to AWS: it must not carry local stand-ins, tools or site sources',
  },
  'deploy/insights': {
    may: ['rules', 'config', 'server'],
    why: 'the insights function ships to AWS: it must not carry local stand-ins, tools or site sources',
  },
  'deploy/oauth': {
    may: ['rules', 'config', 'server'],
    why: 'the authorization server function ships to AWS: it must not carry local stand-ins, tools or site sources',
  },
  'deploy/functionUrl': {
    may: ['rules', 'config'],
    why: 'what the Lambda functions share ships inside each of them: it must not carry the server, local stand-ins or tools',
  },
  'deploy/stack*.ts': {
    may: ['rules', 'config', 'server'],
    why: 'the CDK stack describes a deployment: it must not carry local stand-ins, tools or site sources',
  },
  deploy: {
    may: ['rules', 'config', 'server', 'local'],
    why: 'deploy tooling must not depend on the site sources, the build plugins or the scripts',
  },
  scripts: {
    may: ['rules', 'config', 'server', 'plugins', 'local'],
    why: 'dev tasks drive the site and its services: they never import browser sources, deploy code or bench/',
  },
  bench: {
    may: ['rules', 'config', 'server', 'plugins', 'postbuild', 'local', 'deploy', 'scripts'],
    why: 'benchmarks run every runtime, through the dev tasks, but never import the browser sources',
  },
};
const FOLDERS = [
  'rules',
  'config',
  'server',
  'src',
  'plugins',
  'postbuild',
  'local',
  'deploy',
  'scripts',
  'bench',
  'generated',
];
/**
 * Test code: `tests/` (with the fixtures tests share, `tests/support/`) and every `__tests__/` folder. Only
 * tests import it: the product, the dev tasks and the benchmarks get what they need from a fixture from
 * local/ or rules/ instead (tests/support/README.md).
 */
const TEST_CODE = ['./tests/**', './**/__tests__/**'];
/** The unit tests (jest.config.ts) and their helpers; the end-to-end suites and bench/ are not. */
const UNIT_TESTS = ['**/__tests__/**', 'tests/docs/**', 'tests/lint/**', 'tests/internals/**', 'tests/unit/**'];
const NO_CLOCK =
  'a unit test reads no clock and waits for no real time: use jest fake timers, an injected clock, or count the ' +
  'work (tests/support/work.ts); times belong in npm run bench* (handbook/testing.md "Tests without clocks")';
/** What a unit test may not do: read a clock to time something, or await a real delay. */
const CLOCK_SYNTAX = [
  { selector: "MemberExpression[object.name='performance'][property.name='now']", message: NO_CLOCK },
  { selector: "MemberExpression[object.name='process'][property.name='hrtime']", message: NO_CLOCK },
  {
    selector:
      "BinaryExpression[operator='-'] > CallExpression.left[callee.object.name='Date'][callee.property.name='now']",
    message: NO_CLOCK,
  },
  ...['setTimeout', 'setInterval'].flatMap((timer) =>
    [`callee.name='${timer}'`, `callee.property.name='${timer}'`].map((callee) => ({
      selector: `NewExpression[callee.name='Promise'] CallExpression[${callee}][arguments.length>1]:not([arguments.1.value=0])`,
      message: NO_CLOCK,
    })),
  ),
  { selector: 'ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/]', message: NO_CLOCK },
];
/**
 * A speed-up's browser code, its `client/` and `theme/` folders under plugins/<speed-up>/ (plugins/speedup.ts):
 * it runs in the reader's browser beside the product, so it may import rules/ and generated/ only, and neither the product
 * (src/) nor any plugin's build-time code, so deleting a speed-up's folder leaves the product whole.
 */
const SPEEDUP_BROWSER = ['./plugins/*/client/**', './plugins/*/theme/**'];
/** What a speed-up's browser code may import besides its own folder: the rules, and data the build writes. */
const SPEEDUP_BROWSER_MAY = ['rules', 'plugins', 'generated'];
const boundaryZones = [
  ...Object.entries(LAYERS).flatMap(([target, { may, why }]) =>
    FOLDERS.filter((folder) => folder !== target.split('/')[0] && !may.includes(folder)).map((folder) => ({
      target: `./${target}`,
      from: `./${folder}`,
      message: `${why} (eslint.config.mjs LAYERS). A rule both need goes in rules/ (rules/README.md).`,
    })),
  ),
  {
    target: SPEEDUP_BROWSER,
    from: [
      ...FOLDERS.filter((folder) => !SPEEDUP_BROWSER_MAY.includes(folder)).map((folder) => `./${folder}/**`),
      './plugins/*.ts',
      './plugins/*/*.ts',
    ],
    message:
      "a speed-up's browser code may import rules/ and generated/ only (eslint.config.mjs SPEEDUP_BROWSER): " +
      'what it shares with the product goes in rules/.',
  },
  {
    target: './**',
    from: TEST_CODE,
    message:
      'only tests import test code (eslint.config.mjs TEST_CODE): what a command or the product needs from a ' +
      'fixture goes in local/ or rules/ (tests/support/README.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      // The gate's bundle, which npm run build writes (scripts/bundleGate.ts).
      'dist/',
      '.docusaurus/',
      'generated/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.local/',
      // npm run deploy:build and deploy:synth output.
      'deploy/dist/',
      'deploy/cdk.out/',
      // The benchmark's anchor sites (npm run bench), not ours.
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/prop-types': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Components and scripts must not read the environment; config/env.ts does, once (CONTRIBUTING.md "For engineers").
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
    },
  },
  {
    // Folder boundaries: see LAYERS above. Tests may import anything they test.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['tests/**', '**/__tests__/**'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows the imports of .ts/.tsx files only with its TypeScript settings (no-cycle needs them);
      // the resolver reads tsconfig's paths, so `@site/…` resolves as the bundler resolves it.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // No import cycle, through relative or `@site/…` imports alike. Packages are not followed: none imports
      // ours back, and reading them is most of what the rule would cost.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A function that does several things gets a name for each: none over 60 lines.
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // No regular expression may backtrack super-linearly (handbook/security.md: bounded input): hostile input
    // reaches many of them, and one slow match holds the event loop for every reader. Tests too, since
    // their helpers often end up in code.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
    },
  },
  {
    // The MCP SDK is v2 (`@modelcontextprotocol/server`, and `/client` in tests). v1's single package is in
    // node_modules only as a dependency of the conformance suite (server/mcp/__tests__/conformance.test.ts).
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
              message: 'Import the MCP SDK v2: @modelcontextprotocol/server, or @modelcontextprotocol/client in tests.',
            },
          ],
        },
      ],
    },
  },
  {
    // No unit test reads a clock or sleeps (handbook/testing.md "Tests without clocks"): a limit in ms fails on a
    // busy machine and a real wait only slows the suite. Times belong in `npm run bench*` (bench/ is exempt).
    files: UNIT_TESTS,
    ignores: ['bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_SYNTAX] },
  },
  {
    files: ['config/env.ts', 'local/identity/quiet-sdk.ts', 'playwright.config.ts', 'tests/**', '**/__tests__/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Bundler stand-ins for CommonJS modules of other packages (plugins/api-chunks): they must stay CommonJS.
    // …and the bundler loaders of the speed-ups, which the bundler requires by path (plugins/prism-on-demand).
    files: ['plugins/*/stubs/*.js', 'plugins/*/*Loader.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
