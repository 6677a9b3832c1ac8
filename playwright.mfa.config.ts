/**
 * End-to-end run against a local user pool that requires MFA (LOCAL_IDENTITY_MFA=ON), for the TOTP
 * set-up view of spec §2.3 (issue #6). Same build and browser as playwright.config.ts; its own identity
 * data, so every user starts without MFA. Run by `npm run test:e2e` after the main run.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-mfa',
  webServer: {
    ...(base.webServer as object),
    command: 'npm run serve',
    env: {
      LOCAL_IDENTITY_MFA: 'ON',
      LOCAL_IDENTITY_DATA_DIR: path.join(os.tmpdir(), `portal-e2e-mfa-identity-${process.pid}`),
    },
  } as NonNullable<typeof base.webServer>,
});
