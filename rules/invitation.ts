/**
 * The invitation a customer receives when an operator creates their account (`npm run users -- invite`):
 * the user pool's invitation message (Cognito `AdminCreateUserConfig.InviteMessageTemplate`, set by the
 * identity stack, deploy/stack.ts) and the local identity service's copy of it (local/identity), so both say
 * the same. Sign-up is hidden (spec §2.3): this message is how a customer learns the portal exists.
 *
 * Cognito fills `{username}` and `{####}` (the temporary password) and requires both in the email body
 * (Cognito API reference, `MessageTemplateType`: "must contain the {username} and {####} placeholders").
 */
import { escapeHtml } from './html';

/** Cognito's placeholder for the user's username in an invitation. */
export const USERNAME_PLACEHOLDER = '{username}';
/** Cognito's placeholder for the temporary password in an invitation. */
export const PASSWORD_PLACEHOLDER = '{####}';

/**
 * Days a temporary password stays valid (the user pool's `TemporaryPasswordValidityDays`; Cognito's default is 7);
 * the message says so.
 */
export const TEMPORARY_PASSWORD_VALIDITY_DAYS = 7;

/** What the message names. */
export interface InvitationSettings {
  /** The product's name (PRODUCT_NAME), as the navbar shows it. */
  productName: string;
  /** The portal's address (SITE_URL), where the first sign-in happens. */
  siteUrl: string;
}

/** An invitation template: the email's subject and its HTML body, with Cognito's placeholders. */
export interface InvitationTemplate {
  subject: string;
  /** HTML (Cognito sends the body as HTML): paragraphs, the portal's address as a link. */
  body: string;
}

/**
 * The invitation template for a portal.
 *
 * @returns subject and body; the body holds {@link USERNAME_PLACEHOLDER} and {@link PASSWORD_PLACEHOLDER} once each.
 */
export function invitationTemplate({ productName, siteUrl }: InvitationSettings): InvitationTemplate {
  const product = escapeHtml(productName);
  const site = escapeHtml(siteUrl);
  return {
    subject: `Your access to the ${productName} developer portal`,
    body: [
      `<p>You have been given access to the ${product} developer portal: its documentation, API reference and samples.</p>`,
      `<p>Sign in at <a href="${site}">${site}</a> with your email address (or the username ${USERNAME_PLACEHOLDER}) and this temporary password: <strong>${PASSWORD_PLACEHOLDER}</strong></p>`,
      `<p>You will be asked to choose a password of your own. The temporary password expires after ${TEMPORARY_PASSWORD_VALIDITY_DAYS} days; ask your contact for a new invitation if it has.</p>`,
    ].join('\n'),
  };
}

/**
 * The body as the customer receives it: the placeholders replaced (the local identity service's copy; Cognito
 * does this itself).
 */
export function renderInvitation(template: InvitationTemplate, username: string, temporaryPassword: string): string {
  return template.body
    .replace(USERNAME_PLACEHOLDER, escapeHtml(username))
    .replace(PASSWORD_PLACEHOLDER, escapeHtml(temporaryPassword));
}
