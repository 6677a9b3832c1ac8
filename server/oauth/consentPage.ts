/**
 * The page a reader sees when an AI tool asks to use the portal's MCP server as them: which client asks (the
 * name its metadata gives, and where that metadata comes from), where it will send them back (the redirect
 * host: a tool on this computer, or a web site), what it may do, and two links: sign in and allow, or cancel.
 * Links, not a form: the answer to a form post may not redirect to the tool's own address under the site's
 * `form-action` policy, and the interaction's id in the path is known only to the reader's browser (its
 * cookie binds it). No script; every text from the client escaped (rules/html.ts).
 */
import { escapeHtml } from '../../rules/html';
import { MCP_OAUTH_PREFIX } from '../../rules/mcp';

/** What the page shows. */
export interface ConsentPageData {
  /** The interaction's id. */
  uid: string;
  productName: string;
  /** The client's name as its metadata gives it, if any. */
  clientName?: string;
  /** The client's id: a URL for a metadata document, a generated id for a registered one, or a known name. */
  clientId: string;
  /** The redirect URI this authorization request returns to. */
  redirectUri: string;
}

/** Where a redirect URI sends the reader back, in words: this computer, an app, or a web site's host. */
export function redirectDestination(redirectUri: string): string {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return 'an address the tool gave';
  }
  if (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    return 'a program on this computer';
  if (url.protocol === 'https:') return `the web site ${url.host}`;
  return `the app that opens ${url.protocol.slice(0, -1)}: links`;
}

/** Who the client says it is, and who vouches for that. */
function clientIdentity({ clientName, clientId }: ConsentPageData): string {
  const name = clientName ? `<strong>${escapeHtml(clientName)}</strong>` : '<strong>An AI tool</strong>';
  if (clientId.startsWith('https://'))
    return `${name} (as described by <code>${escapeHtml(new URL(clientId).host)}</code>)`;
  return `${name} (client <code>${escapeHtml(clientId)}</code>)`;
}

/**
 * A page of the authorization server for the reader, in one look (light and dark, as the system says):
 * `title` as its title and heading, `body` (HTML, escaped by the caller) below it, `head` added to its head.
 * No script; no icon to fetch (the site's files are behind the sign-in).
 */
export function readerPage(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="data:,">${head}
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1c1e21;background:#fff;max-width:36rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.5rem;line-height:1.3}code{font-size:.95em}a{color:#0b57d0}
.actions{display:flex;gap:1rem;flex-wrap:wrap;margin-top:2rem}
.actions a{display:inline-block;padding:.6rem 1.2rem;border-radius:.4rem;border:2px solid #334155;text-decoration:none;min-height:24px}
.actions .allow{background:#334155;color:#fff}.actions .cancel{color:#334155;background:#fff}
a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
@media (prefers-color-scheme: dark){body{background:#1b1b1d;color:#e3e3e3}a{color:#a8c7fa}a:focus-visible{outline-color:#a8c7fa}.actions .allow{background:#cbd5e1;color:#1b1b1d;border-color:#cbd5e1}.actions .cancel{background:#1b1b1d;color:#cbd5e1;border-color:#cbd5e1}}
</style></head>
<body><main>
<h1>${title}</h1>
${body}
</main></body></html>`;
}

/** The consent page's HTML. */
export function consentPage(data: ConsentPageData): string {
  const base = `${MCP_OAUTH_PREFIX}/interaction/${encodeURIComponent(data.uid)}`;
  return readerPage(
    `Allow an AI tool to use the ${escapeHtml(data.productName)} developer portal as you?`,
    `<p>${clientIdentity(data)} asks to use the portal's MCP server in your name.</p>
<p>After you sign in, you go back to ${escapeHtml(redirectDestination(data.redirectUri))}
(<code>${escapeHtml(data.redirectUri)}</code>). Allow it only if you started this from that tool.</p>
<p>The tool can then search and read the portal's pages and API reference, and call the API with your access,
until its sign-in expires or an operator withdraws your access.</p>
<div class="actions">
<a class="allow" href="${escapeHtml(`${base}/allow`)}">Sign in and allow</a>
<a class="cancel" href="${escapeHtml(`${base}/deny`)}">Cancel</a>
</div>`,
  );
}
