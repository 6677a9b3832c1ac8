/**
 * The marks of the gate's pages. A page that only a gate sends, after verifying the visitor's access token:
 * `<meta name="portal-gate" content="verified">` in its head. `npm run build` puts it on every page but
 * the sign-in page (postbuild/verifiedMark.ts); with it, AuthGate's stylesheet shows the page at
 * first paint instead of after Amplify has read the session (src/components/AuthGate/verified.ts reads
 * it). The dev server's pages never carry it, so nothing gated shows there before Amplify has decided.
 *
 * A `<meta>` element and not a `data-*` attribute of `<html>`: Docusaurus's inline theme script copies
 * every `?docusaurus-data-<name>=<value>` of the URL onto `<html>` as `data-<name>`, so a link ending
 * `?docusaurus-data-gate=verified` could mark any page, the sign-in page included. No query
 * parameter adds elements to the head. The sign-in page carries the same meta element with another
 * value ({@link SIGN_IN_VALUE}).
 */
export const VERIFIED_META_NAME = 'portal-gate';

/** `content` of the {@link VERIFIED_META_NAME} meta element on a gated page. */
export const VERIFIED_VALUE = 'verified';

/** The meta element as the build writes it. */
export const VERIFIED_META = `<meta name="${VERIFIED_META_NAME}" content="${VERIFIED_VALUE}">`;

/**
 * `content` of the {@link VERIFIED_META_NAME} meta element on the sign-in page (src/pages/login.tsx): the gates
 * send that page in place of any page an anonymous reader asks for (rules/access.ts), and the browser's client
 * reads the mark to render the sign-in route at that page's address (src/components/SignInRedirect/inPlace.ts).
 * A meta element for the same reason as the verified mark: no query parameter adds one.
 */
export const SIGN_IN_VALUE = 'sign-in';
