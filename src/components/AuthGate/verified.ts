/**
 * The mark of a page that only a gate sends, after verifying the visitor's access token (issue #9):
 * `<html data-gate="verified">`. `npm run build` puts it on every page but the sign-in page
 * (server/gate/verifiedPages.ts); with it, AuthGate's stylesheet shows the page at first paint
 * instead of after Amplify has read the session. The dev server's pages never carry it, so nothing
 * gated shows there before Amplify has decided. Plain constants, shared by the site and the server.
 */
export const VERIFIED_ATTRIBUTE = 'data-gate';

/** Value of {@link VERIFIED_ATTRIBUTE} on a gated page. */
export const VERIFIED_VALUE = 'verified';
