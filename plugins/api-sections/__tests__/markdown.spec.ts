/**
 * The API reference's Markdown texts as the build rendered them (scripts/openapi/markdownHtml.ts)
 * read exactly as the OpenAPI theme's own renderer shows them: an operation page is the same with the build's
 * HTML and with the renderer, which every text falls back to when the HTML cannot be loaded.
 */
import type { Page } from '@playwright/test';
import { test, expect, signIn, waitForGate } from '../../../tests/support/e2e';

/** Pages with the texts' kinds: descriptions with code, emphasis and paragraphs, enum, range and pattern lines. */
const PAGES = ['/api/v1/search-documents', '/api/v1/get-document-summary', '/api/v1/list-doctypes'];

/** The chunk holding the build's HTML (../theme/Markdown/renderer.browser.ts `api-markdown-html`). */
const HTML_CHUNK = /\/assets\/js\/api-markdown-html\.[0-9a-f]+\.js$/;

/**
 * The operation's article once every section has rendered, the build's wrappers (`.markdown-html`) taken off
 * and each element's attributes in name order.
 */
async function article(page: Page): Promise<{ html: string; wrapped: number }> {
  await expect(page.locator('.openapi-skeleton')).toHaveCount(0);
  return page.locator('article').evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    // "Was this page helpful?" loads when the browser is idle, whichever renderer the texts had: not compared.
    copy.querySelectorAll('[data-page-feedback]').forEach((slot) => slot.replaceChildren());
    const wrappers = copy.querySelectorAll('.markdown-html');
    wrappers.forEach((wrapper) => wrapper.replaceWith(...Array.from(wrapper.childNodes)));
    // Attributes in name order: src/lib/apiMarkup.ts adds `role` after React renders, so where it lands
    // among an element's attributes depends on whether React re-created the element, not on the text. React's
    // client ids (`useId`, `_r_1_`, also inside ids made from them and id lists) count the components rendered
    // before, whose order varies from load to load.
    for (const element of Array.from(copy.querySelectorAll('*'))) {
      const attributes = Array.from(element.attributes).map(
        ({ name, value }) => [name, value.replace(/_r_[0-9a-z]+_/g, '_r_')] as const,
      );
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) element.setAttribute(name, value);
    }
    return { html: copy.innerHTML, wrapped: wrappers.length };
  });
}

// The refused chunk is logged by the browser; the page itself recovers (the renderer shows every text).
test.use({ allowedConsoleErrors: [/Failed to load resource/] });

test('an operation page reads the same with the build’s HTML as with the theme’s Markdown renderer', async ({
  page,
}) => {
  await page.goto(PAGES[0]);
  await waitForGate(page);
  await signIn(page);
  for (const path of PAGES) {
    await page.goto(path);
    const built = await article(page);
    expect(built.wrapped, `${path}: texts shown from the build's HTML`).toBeGreaterThan(0);

    await page.route(HTML_CHUNK, (route) => route.abort());
    const fellBack = page.waitForEvent('console', (message) => message.type() === 'warning');
    await page.goto(path);
    const rendered = await article(page);
    await fellBack;
    await page.unroute(HTML_CHUNK);
    expect(rendered.wrapped, `${path}: with the HTML refused, the renderer shows every text`).toBe(0);
    expect(built.html, path).toBe(rendered.html);
  }
});
