/**
 * The accessibility audit (issue #26): axe-core's WCAG 2.2 A/AA rules over every page, the sign-in page
 * and its views, light and dark, 1280 and 390 px (tests/a11y). Same build, browser and server as
 * playwright.config.ts; run by `npm run test:a11y` after `npm run build`. About three minutes on two
 * cores, so not yet part of `npm test` (see tests/a11y/README.md).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/a11y',
  webServer: {
    ...(base.webServer as object),
    command: 'npm run serve',
    env: { LOCAL_IDENTITY_DATA_DIR: path.join(os.tmpdir(), `portal-a11y-identity-${process.pid}`) },
  } as NonNullable<typeof base.webServer>,
});
