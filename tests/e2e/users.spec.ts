/**
 * An operator lets a customer in and out (handbook/customers.md), with `npm run users` exactly as the page
 * shows it, against the local identity service of `npm run serve`; the customer uses the real sign-in form,
 * reading the invitation from the local inbox as they would read their email.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForGate } from '../support/e2e';

const INBOX = 'http://localhost:9229/_local/messages';
/** A new address each run: the identity data lives as long as the test server. */
const CUSTOMER = `customer-${Date.now()}@example.com`;
const PASSWORD = 'Cust0mer-Own!Passw0rd';

/** `npm run -s users -- <args>`: its stdout, or the exit code and stderr when it fails. */
function users(...args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync('npm', ['run', '-s', 'users', '--', ...args], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const statusOf = (email: string) =>
  (JSON.parse(users('list', '--json').stdout) as { email: string; status: string }[]).find((u) => u.email === email)
    ?.status;

async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/docs/services/interrogator');
  await waitForGate(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Interrogator' })).toBeVisible();

// A refused sign-in is a 400 the browser logs; the customer sees the alert, which is what is tested.
test.use({ allowedConsoleErrors: [/status of 400/] });

/** The operator's page, whose shell blocks run here as written. */
const PAGE = path.join(__dirname, '../../handbook/customers.md');

test('handbook/customers.md: every command block runs as written, in page order', () => {
  const blocks = [...fs.readFileSync(PAGE, 'utf8').matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  try {
    for (const block of blocks) {
      // `bash -e`: each line must succeed, as an operator would see it succeed.
      execFileSync('bash', ['-e', '-c', block], { encoding: 'utf8', stdio: 'pipe' });
    }
  } finally {
    fs.rmSync('customers.csv', { force: true });
  }
  // What the blocks did: Jane removed at the end, Ann and Bo invited from the file.
  expect(statusOf('jane.doe@example.com')).toBeUndefined();
  expect(statusOf('ann.lee@example.com')).toBe('invited');
  expect(statusOf('bo.chen@example.com')).toBe('invited');
});

test('invite → the invitation → first sign-in with the temporary password → a new password → signed in', async ({
  page,
}) => {
  const invited = users('invite', CUSTOMER, '--name', 'New Customer');
  expect(invited.code).toBe(0);
  expect(statusOf(CUSTOMER)).toBe('invited');

  const messages = (await (await fetch(INBOX)).json()) as {
    destination: string;
    code: string;
    subject?: string;
    body?: string;
  }[];
  const invitation = messages.filter((m) => m.destination === CUSTOMER && m.subject).at(-1);
  expect(invitation?.subject).toBe('Your access to the RegData developer portal');
  expect(invitation?.body).toContain('<a href="http://localhost:3000">http://localhost:3000</a>');

  await submitCredentials(page, CUSTOMER, invitation?.code ?? '');
  await expect(page.getByRole('heading', { name: 'Change Password', exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password', exact: true }).click();
  await signedIn(page);
  expect(statusOf(CUSTOMER)).toBe('confirmed');
});

test('disable → the sign-in form refuses the customer; enable → they sign in again', async ({ page }) => {
  expect(users('disable', CUSTOMER).code).toBe(0);
  expect(statusOf(CUSTOMER)).toBe('disabled');
  await submitCredentials(page, CUSTOMER, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('User is disabled.');

  expect(users('enable', CUSTOMER).code).toBe(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signedIn(page);
});

test('remove → gone: not listed, and `show` exits 3', async () => {
  expect(users('remove', CUSTOMER, '--yes').code).toBe(0);
  expect(statusOf(CUSTOMER)).toBeUndefined();
  const shown = users('show', CUSTOMER);
  expect(shown.code).toBe(3);
  expect(shown.stderr).toContain(`no user of the pool has the email address ${CUSTOMER}`);
});
