import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const ctx = await browser.newContext();
  const p0 = await ctx.newPage();
  await p0.goto('http://localhost:3000/');
  await p0.getByLabel('Username').fill('demo@example.com');
  await p0.getByLabel('Password', { exact: true }).fill('DemoPassw0rd!');
  await p0.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p0.locator('[data-auth-gate="open"]').waitFor();
  const cookies = await ctx.cookies();
  for (const url of process.argv.slice(2)) {
    const c = await browser.newContext(); await c.addCookies(cookies);
    const page = await c.newPage(); const rows: [number, string, string][] = []; const pend: Promise<void>[] = []; const t = Date.now();
    page.on('response', (r) => pend.push((async () => { if (!/\.js$/.test(new URL(r.url()).pathname)) return; const b = await r.body().catch(() => Buffer.alloc(0)); rows.push([zlib.gzipSync(b, { level: 9 }).length, r.url().split('/').pop()!, `${Date.now() - t}ms ${r.request().resourceType()}`]); })()));
    await page.goto(url, { waitUntil: 'networkidle' }); await Promise.all(pend);
    rows.sort((a, b) => b[0] - a[0]); console.log(url, rows.reduce((s, r) => s + r[0], 0));
    for (const r of rows.slice(0, 14)) console.log('  ', (r[0] / 1000).toFixed(1), r[1], r[2]);
    await c.close();
  }
  await browser.close();
})();
