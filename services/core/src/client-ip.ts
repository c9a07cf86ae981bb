import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { ServiceEnv } from './hono-env';

/**
 * The proxies whose `X-Forwarded-For` / `X-Real-IP` headers count (TRUSTED_PROXIES). Anyone else can
 * write those headers, so from anyone else they are ignored.
 */
export class TrustedProxies {
  readonly #list = new BlockList();

  /** Entries are IP addresses or CIDR ranges, as validated by the TRUSTED_PROXIES setting. */
  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address);
      if (family === 0) throw new Error(`Not an IP address or CIDR range: ${entry}`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.#list.addAddress(address, type);
      else this.#list.addSubnet(address, Number(prefix), type);
    }
  }

  has(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** `::ffff:10.0.0.1` is how a dual-stack socket reports an IPv4 peer; compare it as `10.0.0.1`. */
function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export interface ClientIpInput {
  /** The address of the peer on the TCP connection: the one value nobody can forge. */
  socketAddress: string | undefined;
  forwardedFor?: string | undefined;
  realIp?: string | undefined;
}

/**
 * The client's IP. It is the socket address unless that is a trusted proxy; then it is the right-most
 * `X-Forwarded-For` entry that is not itself a trusted proxy (each proxy appends the peer it saw, so
 * entries to the left of the first untrusted one could have been written by the client), or
 * `X-Real-IP` when there is no usable `X-Forwarded-For`.
 */
export function resolveClientIp(input: ClientIpInput, trusted: TrustedProxies): string | undefined {
  if (input.socketAddress === undefined) return undefined;
  const socketAddress = normalizeAddress(input.socketAddress);
  if (!trusted.has(socketAddress)) return socketAddress;

  const hops = (input.forwardedFor ?? '')
    .split(',')
    .map(normalizeAddress)
    .filter((hop) => hop !== '');
  let nearest = socketAddress;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    // Garbage in the chain means we cannot tell who wrote what; the last hop we could vouch for wins.
    if (isIP(hop) === 0) return nearest;
    if (!trusted.has(hop)) return hop;
    nearest = hop;
  }
  if (hops.length > 0) return nearest;

  const realIp = input.realIp === undefined ? '' : normalizeAddress(input.realIp);
  return isIP(realIp) === 0 ? socketAddress : realIp;
}

/** {@link resolveClientIp} for a Hono request served by @hono/node-server. */
export function clientIp<Env extends ServiceEnv>(
  c: Context<Env>,
  trusted: TrustedProxies,
): string | undefined {
  return resolveClientIp(
    {
      socketAddress: c.env?.incoming?.socket.remoteAddress,
      forwardedFor: c.req.header('X-Forwarded-For'),
      realIp: c.req.header('X-Real-IP'),
    },
    trusted,
  );
}

/**
 * True when the browser's request came over https: the proxy says so in `X-Forwarded-Proto` (believed
 * only from a trusted proxy, like `X-Forwarded-For`), or the service itself was reached over https.
 * Session cookies get `Secure` exactly then, so local http development still works.
 */
export function isHttpsRequest<Env extends ServiceEnv>(c: Context<Env>, trusted: TrustedProxies): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const socketAddress = c.env?.incoming?.socket.remoteAddress;
  if (socketAddress === undefined || !trusted.has(normalizeAddress(socketAddress))) return false;
  return (c.req.header('X-Forwarded-Proto') ?? '').split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The key a per-IP limit counts under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber gets a whole /64, so per-address limits there would be no limit at all). An IPv4-mapped
 * IPv6 address counts as its IPv4 address.
 */
export function ipLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address belongs to, for a budget that strangers elsewhere must not share (issue 35 item 6):
 * IPv4 by its /24, IPv6 by its /48 — what one site or subscriber is usually given, so one attacker does not
 * get a fresh budget from each address of their own allocation.
 */
export function networkLimitKey(ip: string): string {
  const address = ipLimitKey(ip);
  if (!address.includes(':')) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  return `${address.split(':').slice(0, 3).join(':')}::/48`;
}
