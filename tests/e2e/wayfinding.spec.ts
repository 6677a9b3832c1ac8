/**
 * Finding one's way as a signed-in reader: the not-found page offers a search holding the words of the address
 * tried and links back to pages the reader knows; a category's doc cards show drawn icons, not emoji, which
 * show as empty boxes where no emoji font is installed (as on this machine's Chromium).
 */
import { test, expect, openSignedIn, SIGNED_IN } from '../support/e2e';

test.use(SIGNED_IN);

test.describe('an address with no page', () => {
  // The server answers 404 for the document itself; the browser logs that as an error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('offers a search of the portal with the words of the address, and links back', async ({ page }) => {
    await openSignedIn(page, '/docs/services/interogator-manual');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const back = page.getByRole('navigation', { name: 'Or go back to' });
    for (const [name, href] of [
      ['The home page', '/'],
      ['Getting started', '/docs/api/getting-started'],
      ['The API reference', '/api'],
    ]) {
      await expect(back.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const search = page.getByRole('search', { name: 'Search the portal' });
    const words = search.getByRole('searchbox', { name: 'Words to look for' });
    await expect(words).toHaveValue('interogator manual');
    await words.fill('Interrogator');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?q=Interrogator');
    // The search page lists what it found, each result a heading that links it.
    await expect(
      page
        .getByRole('heading', { level: 2 })
        .getByRole('link', { name: /interrogator/i })
        .first(),
    ).toBeVisible();

    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Or go back to' })
      .getByRole('link', { name: 'Getting started' })
      .click();
    await expect(page).toHaveURL('/docs/api/getting-started');
  });
});

test('a category’s doc cards show drawn icons, not emoji', async ({ page }) => {
  await openSignedIn(page, '/docs/category/document-format');
  const cards = page.locator('.theme-doc-card-container');
  await expect(cards.first()).toBeVisible();
  const headings = await cards.locator('.theme-doc-card-heading').allInnerTexts();
  expect(headings.length).toBeGreaterThan(0);
  expect(headings.filter((text) => /\p{Extended_Pictographic}/u.test(text))).toEqual([]);
  const icons = cards.locator('.theme-doc-card-icon svg[aria-hidden="true"]');
  await expect(icons).toHaveCount(headings.length);
  // Drawn in the text's colour, with a size: visible in either colour scheme.
  const box = await icons.first().boundingBox();
  expect(box?.width).toBeGreaterThan(10);
});
