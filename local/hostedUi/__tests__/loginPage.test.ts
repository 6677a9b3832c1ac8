/**
 * @jest-environment jsdom
 *
 * The local hosted UI's sign-in pages against WCAG 2.2 AA: axe-core's rules on the pages as served (with an
 * error and the single sign-on link too), and the colour contrast of their palette, which axe cannot measure
 * without a layout engine.
 */
import axe from 'axe-core';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { COLOURS, INCORRECT_CODE, INCORRECT_CREDENTIALS, loginPage, SIGN_IN_LABELS, totpPage } from '../loginPage';

extend([a11yPlugin]);

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA (as tests/a11y/audit.ts). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Loads `html` as the document and runs axe on it; returns the violations' rule ids and nodes. */
async function violations(html: string) {
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
  document.documentElement.lang = 'en';
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    // jsdom lays nothing out; the palette's contrast is computed below instead.
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const action = '/login?client_id=c&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Foauth%2Fcallback';

it.each([
  ['the sign-in form', loginPage({ action })],
  [
    'the sign-in form with an error and the single sign-on link',
    loginPage({
      action,
      error: INCORRECT_CREDENTIALS,
      username: 'a"<b>',
      sso: { name: 'RegData', href: '/x?a=1&b=2' },
    }),
  ],
  ['the TOTP code form', totpPage({ action: '/login/totp', session: 's' })],
  ['the TOTP code form with an error', totpPage({ action: '/login/totp', session: 's', error: INCORRECT_CODE })],
])('%s has no WCAG 2.2 A/AA violation axe finds', async (_name, html) => {
  expect(await violations(html)).toEqual([]);
});

it('labels each field, in reading order, then the button, ties an error to the fields and focuses the one to fill', async () => {
  document.body.innerHTML = new DOMParser().parseFromString(
    loginPage({ action, error: INCORRECT_CREDENTIALS, username: 'x' }),
    'text/html',
  ).body.innerHTML;
  const focusable = Array.from(document.querySelectorAll<HTMLElement>('input:not([type=hidden]), button, a'));
  expect(
    focusable.map((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent),
  ).toEqual([SIGN_IN_LABELS.username, SIGN_IN_LABELS.password, SIGN_IN_LABELS.submit]);
  expect(document.querySelector('[role=alert]')?.textContent).toBe(INCORRECT_CREDENTIALS);
  // The username is filled in again, so the focus starts on the password.
  expect(document.querySelector('[autofocus]')?.id).toBe('password');
  for (const input of Array.from(document.querySelectorAll('input'))) {
    expect([input.getAttribute('aria-invalid'), input.getAttribute('aria-describedby')]).toEqual(['true', 'error']);
  }
});

it('shows what was typed as text, never as markup', () => {
  const html = loginPage({ action, error: INCORRECT_CREDENTIALS, username: '"><script>alert(1)</script>' });
  expect(html).not.toContain('<script>');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  expect(document.querySelector<HTMLInputElement>('#username')?.value).toBe('"><script>alert(1)</script>');
});

it.each([
  ['text', COLOURS.text, COLOURS.background, 4.5],
  ['notes', COLOURS.note, COLOURS.background, 4.5],
  ['links', COLOURS.accent, COLOURS.background, 4.5],
  ['errors', COLOURS.error, COLOURS.background, 4.5],
  ["the button's text", COLOURS.buttonText, COLOURS.accent, 4.5],
  ["the hovered button's text", COLOURS.buttonText, COLOURS.accentHover, 4.5],
  ['field borders', COLOURS.border, COLOURS.background, 3],
  ['the focus ring', COLOURS.accent, COLOURS.background, 3],
])('%s meet the WCAG 2.2 AA contrast minimum', (_name, foreground, background, minimum) => {
  expect(colord(foreground).contrast(background)).toBeGreaterThanOrEqual(minimum);
});
