/**
 * Unit tests (jest + Testing Library). Docusaurus aliases are mapped to the site or to small mocks in
 * `tests/unit/mocks`; CSS modules become identity objects. End-to-end tests live in `tests/e2e`
 * and run with Playwright instead.
 */
import os from 'node:os';
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'jsdom',
  // One worker more than the cores: many suites wait on child processes, local servers and timers (the
  // docs' guides run as written: 43 s, of which 15 s on a core), so one worker per core leaves a core idle
  // while they wait. Measured on two cores: 62 s with two workers, 53 s with three, 58 s with four.
  maxWorkers: os.availableParallelism() + 1,
  // Those suites start tsx, curl or Python in child processes: 2–3 s each alone, several times that
  // while `npm test` runs the type check and lint beside the unit tests (package.json "test", run-p).
  testTimeout: 30_000,
  roots: [
    '<rootDir>/src',
    '<rootDir>/config',
    '<rootDir>/local',
    '<rootDir>/scripts',
    '<rootDir>/bench',
    '<rootDir>/openapi',
    '<rootDir>/server',
    '<rootDir>/plugins',
    '<rootDir>/postbuild',
    '<rootDir>/rules',
    '<rootDir>/tests/docs',
    '<rootDir>/tests/lint',
    '<rootDir>/tests/internals',
    '<rootDir>/deploy',
  ],
  // Build output of deploy:build and deploy:synth (copies of the site and bundles), never tests.
  modulePathIgnorePatterns: ['<rootDir>/deploy/cdk.out/', '<rootDir>/deploy/dist/'],
  testMatch: [
    '**/__tests__/**/*.test.ts?(x)',
    '<rootDir>/tests/docs/*.test.ts',
    '<rootDir>/tests/lint/*.test.ts',
    '<rootDir>/tests/internals/*.test.ts',
  ],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    '\\.(css|scss)(\\?.*)?$': 'identity-obj-proxy',
    '^@site/(.*)$': '<rootDir>/$1',
    // The OpenAPI theme's own modules resolve to the theme, so tests can jest.mock them one by one.
    '^@theme/(ApiItem|ApiExplorer)/(.*)$': '<rootDir>/node_modules/docusaurus-theme-openapi-docs/lib/theme/$1/$2',
    '^@theme-(original|init)/(.*)$': '<rootDir>/tests/unit/mocks/theme-original.tsx',
    '^@theme/(.*)$': '<rootDir>/tests/unit/mocks/theme-original.tsx',
    '^@docusaurus/useIsBrowser$': '<rootDir>/tests/unit/mocks/useIsBrowser.ts',
    '^@docusaurus/useDocusaurusContext$': '<rootDir>/tests/unit/mocks/useDocusaurusContext.ts',
  },
  // aws-amplify, Amplify UI, otplib's base32 (via cognito-local), cookie and content-disposition (via Fastify),
  // and Docusaurus core's client modules ship ESM that jest's CommonJS runtime cannot load untransformed.
  transformIgnorePatterns: [
    '^(?!.*/node_modules/(@scalar|@aws-amplify|aws-amplify|@scure|@noble|content-disposition|cookie|@docusaurus/core/lib/client|fastify-openapi-glue|@seriousme|chalk|@faker-js|http-proxy-agent|https-proxy-agent|agent-base|proxy-agent-negotiate|json-schema-faker|jsonpath-plus|@jsep-plugin|jsep)/).*/node_modules/',
  ],
};

export default config;
