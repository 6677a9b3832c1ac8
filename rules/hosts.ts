/**
 * Which `Host` a server of the portal answers, against DNS rebinding: a page on `rebind.example` whose name
 * the attacker re-points at 127.0.0.1 reaches a server on this machine as the same origin, so the browser
 * lets it read every answer, and only the `Host` header it sends (`rebind.example:3000`) tells the request
 * apart (webpack-dev-server's `allowedHosts` documentation; RFC 9110 §7.2). The gate (server/), the MCP
 * server and the local stand-ins (local/) check the header with {@link hostVerdict}; the dev server of
 * `npm start` is given the same names (plugins/dev-server-hosts); config/env.ts decides from
 * {@link isLoopbackHostname} whether a SITE_URL is this machine's.
 *
 * The port is not compared: a browser sends the port of the page's own origin, which the attacker chooses
 * and which says nothing about who sent the request, while a port that differs for a good reason (a local
 * proxy or container mapping `8080 → 3000`) would be refused for nothing. The name is what rebinding
 * cannot fake.
 */

/**
 * The names that reach this machine only, as a `Host` header spells them (IPv6 in brackets, RFC 3986
 * §3.2.2): no DNS answer can put an attacker's page at one of them. `*.localhost` is left out: browsers
 * resolve it to loopback themselves, but resolvers outside them (curl, Node on glibc) need not, so the
 * portal does not use such names.
 */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Interfaces that reach this machine only, as a server's `HOST` may name them (any 127.0.0.0/8 address). */
const LOOPBACK_INTERFACE = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Whether a server bound to `host` (the `HOST` setting) is reachable from this machine only. */
export function isLoopbackInterface(host: string): boolean {
  return LOOPBACK_INTERFACE.test(host);
}

/**
 * The longest `Host` header read, in characters: a DNS name's 253 (RFC 1035 §2.3.4) and `:65535`; a
 * bracketed IPv6 literal is shorter. A longer header is refused before it is parsed. (Node's HTTP parser
 * caps all headers at 16 KiB, `--max-http-header-size`; `inject()` and other runtimes do not.)
 */
export const MAX_HOST_HEADER_CHARS = 253 + ':65535'.length;

/** Whether `hostname` (as {@link hostnameOf} or WHATWG `URL.hostname` spells it) is one of {@link LOOPBACK_HOSTNAMES}. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());
}

/**
 * The names a server answers: {@link LOOPBACK_HOSTNAMES}, and the host name of `siteUrl` when one is given
 * (the name a deployment is reached by; config/env.ts passes SITE_URL in Cognito mode only).
 *
 * @param siteUrl - an absolute http(s) URL, e.g. `https://docs.example.com`.
 * @returns lower-case names, loopback first, without repeats.
 * @throws {TypeError} when `siteUrl` is not an absolute URL.
 */
export function acceptedHostnames(siteUrl?: string): readonly string[] {
  const names = [...LOOPBACK_HOSTNAMES];
  if (siteUrl !== undefined) {
    const name = new URL(siteUrl).hostname;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The name part of a `Host` header (`name[:port]`, `[v6][:port]`), lower-cased, or `undefined` when the
 * header is longer than {@link MAX_HOST_HEADER_CHARS} or its port is not 1–5 digits. Linear in the header's
 * length; the name is not otherwise validated, as it is only ever compared with an allow-list.
 *
 * @example hostnameOf('LocalHost:3000') → 'localhost'; hostnameOf('[::1]:3000') → '[::1]'
 */
export function hostnameOf(host: string): string | undefined {
  if (host.length > MAX_HOST_HEADER_CHARS) return undefined;
  const colon = host.lastIndexOf(':');
  // A colon inside the brackets belongs to an IPv6 literal, not to a port.
  if (colon === -1 || colon < host.lastIndexOf(']')) return host.toLowerCase();
  const port = host.slice(colon + 1);
  if (port.length === 0 || port.length > 5 || ![...port].every((c) => c >= '0' && c <= '9')) return undefined;
  return host.slice(0, colon).toLowerCase();
}

/** What {@link hostVerdict} says: pass, or the status and one-line plain-text body to answer with. */
export type HostVerdict = { pass: true } | { pass: false; status: 421; body: string };

/**
 * Whether a request with this `Host` header may be answered.
 *
 * @param host - the raw header (`undefined` when the request has none, as HTTP/1.0 allows).
 * @param accepted - lower-case names, e.g. from {@link acceptedHostnames}.
 * @returns pass, or 421 Misdirected Request (RFC 9110 §15.5.20: this server will not answer for that
 *   name) with a body naming the accepted names.
 */
export function hostVerdict(host: string | undefined, accepted: readonly string[]): HostVerdict {
  const name = host === undefined ? undefined : hostnameOf(host);
  if (name !== undefined && accepted.includes(name)) return { pass: true };
  return {
    pass: false,
    status: 421,
    body: `Misdirected request: this server answers only to the Host names ${accepted.join(', ')} (any port).\n`,
  };
}
