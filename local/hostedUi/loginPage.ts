/**
 * The local hosted UI's sign-in pages, as Cognito's hosted UI shows them for an app client signing in with the
 * user pool itself (no `identity_provider`, or `COGNITO`): username and password, then the authenticator's code
 * for a user with TOTP, and the single sign-on link when the local IdP runs. Plain HTML forms with no script, so
 * the pages work under a CSP that allows none ({@link pageHeaders}); WCAG 2.2 AA: every field has a visible
 * label, the focus order is the reading order, focus is always visible, text and borders meet the contrast
 * minimums (4.5:1 text, 3:1 borders and focus ring), targets are at least 44 px high, and an error is announced
 * (`role="alert"`), named in the title and tied to the fields (`aria-invalid`, `aria-describedby`).
 */
import crypto from 'node:crypto';
import { escapeHtml } from '../../rules/html';
import type { PasswordCheck } from './signInFlow';

/** The accessible names of the forms' fields and button (a Playwright test fills them by these). */
export const SIGN_IN_LABELS = {
  username: 'Username',
  password: 'Password',
  code: 'Code from your authenticator app',
  submit: 'Sign in',
} as const;

/** One answer for an unknown user and a wrong password, as Cognito gives (no one learns who has an account). */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

/** The answer to a wrong or malformed TOTP code. */
export const INCORRECT_CODE = 'Incorrect code: enter the 6-digit code your authenticator app shows now.';

/** The answer when the code step took too long or too many tries: the sign-in starts again. */
export const SIGN_IN_EXPIRED = 'The sign-in took too long or had too many tries. Sign in again.';

/** Longest username Cognito accepts (`Username`, 128 characters); a longer one is refused unread. */
export const MAX_USERNAME_LENGTH = 128;

/** Longest password Cognito accepts (256 characters); a longer one is refused unread. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * What the form says to someone whose password is right but who cannot be signed in here; the form signs in
 * users who need a password and at most a TOTP code (the demo user needs only a password).
 */
const PASSWORD_ONLY = 'This local sign-in page signs in users who need only a password (or a TOTP code)';
const CANNOT_SIGN_IN: Record<Exclude<PasswordCheck['result'], 'signed-in' | 'totp-required'>, string> = {
  incorrect: INCORRECT_CREDENTIALS,
  disabled: 'This user is disabled. An operator can enable it again: npm run users -- enable <username>.',
  'reset-required':
    "This user's password must be reset first: use Forgot password on the portal's sign-in page, then sign in here.",
  'new-password-required': `${PASSWORD_ONLY}: this user must first choose a new password. Sign in once on the portal's sign-in page, or sign in here as the demo user (npm start prints it).`,
  unconfirmed:
    "This user has not confirmed the account yet: sign in on the portal's sign-in page and enter the code from the local inbox, then sign in here.",
  'mfa-setup-required': `${PASSWORD_ONLY}: this user must first set up an authenticator app. Sign in once on the portal's sign-in page, then sign in here.`,
  'sms-mfa-required': `${PASSWORD_ONLY}: this user signs in with a texted code. Sign in here as the demo user (npm start prints it).`,
};

/** What the form says for a sign-in that did not succeed. */
export function signInMessage(result: Exclude<PasswordCheck['result'], 'signed-in' | 'totp-required'>): string {
  return CANNOT_SIGN_IN[result];
}

/**
 * The pages' colours. Text, notes, links and errors are at least 4.5:1 on the background, the button's text on
 * the accent and its hover colour too (WCAG 2.2 SC 1.4.3); field borders and the focus ring at least 3:1 (SC
 * 1.4.11). The tests compute each ratio.
 */
export const COLOURS = {
  background: '#ffffff',
  text: '#1b1b1b',
  note: '#4a4a4a',
  accent: '#0b5cad',
  accentHover: '#084a8c',
  buttonText: '#ffffff',
  border: '#6b6b6b',
  error: '#b00020',
} as const;

/** The pages' one style sheet, allowed by its hash: no other style and no script runs. */
const STYLE = `
:root{color-scheme:light}
body{font:16px/1.5 system-ui,sans-serif;color:${COLOURS.text};background:${COLOURS.background};margin:0}
main{max-width:24rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;min-height:44px;padding:.5rem;font:inherit;color:${COLOURS.text};background:${COLOURS.background};border:1px solid ${COLOURS.border};border-radius:4px}
input[aria-invalid=true]{border:2px solid ${COLOURS.error}}
button{box-sizing:border-box;width:100%;min-height:44px;margin-top:1.5rem;padding:.5rem;font:inherit;font-weight:600;color:${COLOURS.buttonText};background:${COLOURS.accent};border:0;border-radius:4px;cursor:pointer}
button:hover{background:${COLOURS.accentHover}}
a{color:${COLOURS.accent}}
.sso{display:flex;align-items:center;justify-content:center;min-height:44px;border:1px solid ${COLOURS.accent};border-radius:4px;font-weight:600}
.error{color:${COLOURS.error};border-left:4px solid ${COLOURS.error};padding:.25rem .75rem;margin:1rem 0}
.note{color:${COLOURS.note};margin:0 0 .25rem}
:focus-visible{outline:3px solid ${COLOURS.accent};outline-offset:2px}
`;

const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The headers of a sign-in page: never cached or framed, no referrer to other sites, and a CSP that allows the page's own style
 * and nothing else: no script, no other resource, forms posted only to the hosted UI itself and to
 * `returnOrigin`, where a successful post is redirected (browsers apply `form-action` to that redirect too).
 *
 * @param returnOrigin - the origin of the client's callback URL, e.g. `http://localhost:3000`.
 */
export function pageHeaders(returnOrigin: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      'img-src data:',
      `form-action 'self' ${returnOrigin}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Not `no-referrer`: with it the browser sends `Origin: null` on the form's post, which ../origins.ts refuses.
    'referrer-policy': 'same-origin',
  };
}

/**
 * A labelled field; with an error, marked invalid and described by it. `focus` puts the focus there when the
 * page loads (the field to fill next after an error or a step), since no script may move it.
 */
function field(
  id: string,
  label: string,
  attributes: string,
  options: { error?: string; value?: string; hint?: { id: string; text: string }; focus?: boolean } = {},
): string {
  const { error, value, hint, focus } = options;
  const describedBy = [error ? 'error' : '', hint?.id ?? ''].filter(Boolean).join(' ');
  return (
    `<label for="${id}">${escapeHtml(label)}</label>` +
    (hint ? `<p class="note" id="${hint.id}">${escapeHtml(hint.text)}</p>` : '') +
    `<input id="${id}" name="${id}" ${attributes}${value ? ` value="${escapeHtml(value)}"` : ''}` +
    `${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}` +
    `${focus ? ' autofocus' : ''} required>`
  );
}

/** The page around a form: the error first after the heading, so it is read before the fields. */
function page(title: string, intro: string, error: string | undefined, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${error ? 'Error: ' : ''}${escapeHtml(title)} - local hosted UI</title><link rel="icon" href="data:,">` +
    `<style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(title)}</h1><p class="note">${escapeHtml(intro)}</p>` +
    (error ? `<p class="error" id="error" role="alert">${escapeHtml(error)}</p>` : '') +
    `${body}</main></body></html>`
  );
}

/**
 * The username and password form.
 *
 * @param action - where the form posts: `/login?<the authorization request>`.
 * @param sso - the single sign-on link (`/oauth2/authorize?…&identity_provider=<name>`) when the IdP runs.
 * @param username - what was typed before an error, shown again (the password never is).
 */
export function loginPage(options: {
  action: string;
  error?: string;
  username?: string;
  sso?: { name: string; href: string };
}): string {
  const { action, error, username, sso } = options;
  const form =
    `<form method="post" action="${escapeHtml(action)}" novalidate>` +
    field(
      'username',
      SIGN_IN_LABELS.username,
      'type="text" autocomplete="username" autocapitalize="none" spellcheck="false"',
      { error, value: username, focus: Boolean(error) && !username },
    ) +
    field('password', SIGN_IN_LABELS.password, 'type="password" autocomplete="current-password"', {
      error,
      focus: Boolean(error && username),
    }) +
    `<button type="submit">${SIGN_IN_LABELS.submit}</button></form>`;
  const link = sso
    ? `<p>Or sign in with your organisation's account:</p>` +
      `<p><a class="sso" href="${escapeHtml(sso.href)}">${escapeHtml(sso.name)} single sign-on</a></p>`
    : '';
  return page(
    'Sign in',
    'The user pool’s hosted UI, run locally (local mode only). Sign in with your username and password.',
    error,
    form + link,
  );
}

/**
 * The TOTP code form of a sign-in whose password was right.
 *
 * @param action - where the form posts (`/login/totp`).
 * @param session - the sign-in this code finishes (a hidden field; the hosted UI keeps what it stands for).
 */
export function totpPage(options: { action: string; session: string; error?: string }): string {
  const { action, session, error } = options;
  const form =
    `<form method="post" action="${escapeHtml(action)}" novalidate>` +
    `<input type="hidden" name="session" value="${escapeHtml(session)}">` +
    field(
      'code',
      SIGN_IN_LABELS.code,
      'type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6"',
      { error, hint: { id: 'code-hint', text: 'Six digits.' }, focus: true },
    ) +
    `<button type="submit">${SIGN_IN_LABELS.submit}</button></form>`;
  return page('Sign in', 'Enter the code your authenticator app shows for this account.', error, form);
}
