/**
 * Where to go after sign-in: the `next` query parameter, honoured only when it is a path
 * of this site, so the sign-in page cannot be used to send a user elsewhere (an open redirect).
 *
 * The check is made on the path as the browser will read it, after URL parsing has resolved dot
 * segments: `/.//evil.example` parses to `//evil.example`, which a browser reads as another host.
 *
 * @param next - the raw `next` value, e.g. `/docs/services/interrogator?x=1#h`.
 * @returns `next` when it is a same-origin path, else `/`; never a value starting `//` or `/\`.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const base = 'https://portal.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    if (url.pathname === '/login') return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return /^\/[/\\]/.test(path) || new URL(path, base).origin !== base ? '/' : path;
  } catch {
    return '/';
  }
}
