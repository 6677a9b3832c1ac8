// Lint rules for the portal's TypeScript and React code (npm run lint fails on any warning).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
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
      // Components and scripts must not read the environment; config/env.ts does, once (STYLE.md).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
    },
  },
  {
    files: ['config/env.ts', 'local/identity/quiet-sdk.ts', 'playwright.config.ts', 'tests/**', '**/__tests__/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Bundler stand-ins for CommonJS modules of other packages (plugins/api-chunks): they must stay CommonJS.
    files: ['plugins/*/stubs/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
