/**
 * End-to-end run against a local user pool that requires MFA (LOCAL_IDENTITY_MFA=ON), for the TOTP
 * set-up view of spec §2.3. Same build and browser as playwright.config.ts; its own identity
 * data, so every user starts without MFA. Run by `npm run test:e2e` after the main run.
 */
import { defineConfig } from '@playwright/test';
import { sharedConfig } from './playwright.config';

export default defineConfig({
  ...sharedConfig('portal-e2e-mfa-identity', { LOCAL_IDENTITY_MFA: 'ON' }),
  testDir: 'tests/e2e-mfa',
  workers: 1,
});
