import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// Where a user-supplied host may be reached (docs/product/accounts.md#after-sign-in; issue 21): a
// source's server is named by the user, so without a check Trove would connect, on the user's behalf, to
// anything this machine can reach — the cloud metadata address, a database on localhost, the private
// network. The name is resolved first and every address it has is checked (a name can point anywhere);
// the caller then connects to the address checked, not to the name again, so DNS cannot answer
// differently the second time (rebinding).

/**
 * Only ipaddr.js's 'unicast' (global unicast) is public; every other range it names — loopback, private,
 * link-local (the cloud metadata address), unique-local, CGNAT, multicast, reserved, documentation,
 * transition prefixes that can carry a private IPv4 — is refused unless SOURCE_ALLOWED_HOSTS names it.
 */
const PUBLIC_RANGE = 'unicast';

/** The reason, in words a person can act on, for each kind of address refused. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'this machine itself (loopback)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address (such as the cloud metadata service)',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

export class HostRefusedError extends Error {
  constructor(
    message: string,
    readonly kind: 'dns' | 'refused',
  ) {
    super(message);
    this.name = 'HostRefusedError';
  }
}

/** SOURCE_ALLOWED_HOSTS: host names (exact, case-insensitive) and addresses or CIDR ranges. */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

/** Reads the setting's comma- or space-separated list; throws on an entry that is neither a name nor a range. */
export function parseAllowedHosts(setting: string | undefined): AllowedHosts {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of (setting ?? '').split(/[\s,]+/).filter((part) => part !== '')) {
    if (entry.includes('/')) {
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      names.add(entry.toLowerCase().replace(/\.$/, ''));
    } else {
      throw new Error(`"${entry}" is not a host name, an address or a CIDR range`);
    }
  }
  return { names, ranges };
}

function normalised(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1: judged as the IPv4 address it carries.
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

function inAllowedRange(address: ipaddr.IPv4 | ipaddr.IPv6, allowed: AllowedHosts): boolean {
  return allowed.ranges.some(([range, bits]) =>
    address.kind() === 'ipv4'
      ? range.kind() === 'ipv4' && (address as ipaddr.IPv4).match(range as ipaddr.IPv4, bits)
      : range.kind() === 'ipv6' && (address as ipaddr.IPv6).match(range as ipaddr.IPv6, bits),
  );
}

/**
 * Whether the setting names `host` itself: by name, or as an address inside an allowed range (no DNS). For
 * a list that widens more than the address check (DESTINATION_ALLOWED_HOSTS also admits hosts beyond a
 * service's webhook domains).
 */
export function isListedHost(host: string, allowed: AllowedHosts): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  if (allowed.names.has(name)) return true;
  return ipaddr.isValid(name) && inAllowedRange(normalised(name), allowed);
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `host`, after checking every address it resolves to. A host listed in
 * `allowed` by name, or an address inside an allowed range, passes whatever it is; anything else must be a
 * public address. Call it on every connect: a name that was public yesterday may point inside today.
 */
export async function resolveAllowedHost(
  host: string,
  allowed: AllowedHosts,
  lookup: Lookup = systemLookup,
): Promise<{ address: string; family: 4 | 6 }> {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(name)) {
    addresses = [name];
  } else {
    try {
      addresses = (await lookup(name)).map((entry) => entry.address);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new HostRefusedError(
        `Cannot find the server "${host}" (DNS: ${code}). Check the host name.`,
        'dns',
      );
    }
    if (addresses.length === 0) {
      throw new HostRefusedError(
        `Cannot find the server "${host}" (DNS: no address). Check the host name.`,
        'dns',
      );
    }
  }
  const byName = allowed.names.has(name);
  for (const text of addresses) {
    const address = normalised(text);
    const range = address.range();
    if (!byName && range !== PUBLIC_RANGE && !inAllowedRange(address, allowed)) {
      const where = RANGE_WORDS[range] ?? `a reserved address (${range})`;
      throw new HostRefusedError(
        `Not connecting to ${host}: it is ${text === host ? '' : `${text}, `}${where}. ` +
          'If this is your own server, an administrator can allow it with SOURCE_ALLOWED_HOSTS.',
        'refused',
      );
    }
  }
  const first = normalised(addresses[0] as string);
  return { address: first.toString(), family: first.kind() === 'ipv4' ? 4 : 6 };
}
