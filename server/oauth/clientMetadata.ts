/**
 * Which Client ID Metadata Documents the authorization server fetches (oidc-provider's
 * `clientIdMetadataDocument.allowFetch`): only from hosts whose every address is a public one, checked
 * before any connection (oidc-provider checks the address it connects to as well, and refuses special-use
 * ones). A document on this machine's loopback is fetched in a plainly local run only (the tests serve one),
 * never in a deployment; a private, link-local, shared or unique-local address never is, so the server cannot
 * be made to reach the network it runs in (the metadata service at 169.254.169.254 included).
 */
import dns from 'node:dns/promises';
import net from 'node:net';

/** Addresses a client's metadata document may not be fetched from (IANA special-purpose registries). */
const SPECIAL_USE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL_USE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL_USE.addSubnet(prefix, bits, 'ipv6');

/**
 * An address as BlockList checks it: an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it
 * is. (BlockList matches IPv4 addresses against IPv6 rules too, so a `::ffff:0:0/96` rule would catch every
 * IPv4 address.)
 */
function unmapped(address: string, family: number): { address: string; family: number } {
  const lower = address.toLowerCase();
  if (family === 6 && lower.startsWith('::ffff:') && net.isIPv4(lower.slice(7)))
    return { address: lower.slice(7), family: 4 };
  return { address, family };
}

/** Whether `address` is this machine's loopback. */
const isLoopback = (address: string, family: number) => (family === 4 ? address.startsWith('127.') : address === '::1');

/** A host name or IP literal's addresses (an IP literal is its own). */
async function addressesOf(hostname: string): Promise<{ address: string; family: number }[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = net.isIP(bare);
  if (family) return [{ address: bare, family }];
  return dns.lookup(bare, { all: true, verbatim: true });
}

/**
 * Whether the metadata document at `clientId` may be fetched.
 *
 * @param options.loopback - allow this machine's loopback addresses (a plainly local run).
 * @returns false for a URL that is not https, a host that does not resolve, or any special-use address.
 */
export async function clientMetadataFetchAllowed(clientId: string, options: { loopback: boolean }): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await addressesOf(url.hostname);
  } catch {
    return false;
  }
  return (
    addresses.length > 0 &&
    addresses
      .map(({ address, family }) => unmapped(address, family))
      .every(({ address, family }) => {
        if (options.loopback && isLoopback(address, family)) return true;
        return !SPECIAL_USE.check(address, family === 4 ? 'ipv4' : 'ipv6');
      })
  );
}
