import { API_PATHS } from '@trove/contracts';

// Sign-up and sign-in floods refused at nginx, per client network (issue 35 item 6, docs/decisions/096): the
// auth service already spends at most RATE_REGISTER_PER_MINUTE hashes a minute on one /64 (docs/decisions/093),
// but answering thousands of refusals a second still takes its one Node process from everyone's logins.

/** Per client network (IPv4 address, IPv6 /64): requests a minute and the burst above them. */
export interface AuthLimits {
  /** POST /api/v1/auth/password/register. */
  registerPerMinute: number;
  registerBurst: number;
  /** Every other path under /api/v1/auth/password/ and /api/v1/auth/otp/: the calls made without a session. */
  signInPerMinute: number;
  signInBurst: number;
}

/**
 * Looser than the service's own budgets (RATE_REGISTER_PER_MINUTE 10, RATE_EXISTS_PER_MINUTE 10 per /64), so
 * a person still gets the service's 429 that names the wait; only a flood meets nginx's. An office behind one
 * IPv4 address signing in at nine gets 60 at once and 5 a second after.
 */
export const AUTH_LIMITS_PER_NETWORK: AuthLimits = {
  registerPerMinute: 30,
  registerBurst: 10,
  signInPerMinute: 300,
  signInBurst: 60,
};

export const REGISTER_PATH = `${API_PATHS.auth}/password/register`;
/** The auth prefixes whose calls need no session (register has its own, tighter zone). */
export const SIGN_IN_PREFIXES = [`${API_PATHS.auth}/password/`, `${API_PATHS.auth}/otp/`] as const;

export function assertAuthLimits(limits: AuthLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
      throw new Error(`Invalid authLimits.${name}: ${value} (a whole number from 1 to 1000000)`);
    }
  }
}

const G = '([0-9a-f]{1,4})';
const MORE = '(?::[0-9a-f]{1,4})';

/**
 * `$trove_client_network`: the key the auth limits count under — an IPv4 address as it is, an IPv6 address as
 * its /64 written `a:b:c:d::/64` (the services' `ipLimitKey` in core/src/client-ip.ts words it the same way).
 * nginx writes `$remote_addr` itself (also after realip) in RFC 5952 form: lower case, no leading zeros, the
 * longest run of two or more zero groups as `::`. So the first four groups are read off the text: four
 * groups before any `::`, else the groups before `::` padded with zeros — plus, when `::` stands for fewer
 * zeros than that, the groups after it that still fall in the first four (counted by how many follow).
 * One /64 gives exactly one key and no two /64s share one; proxy/src/auth-limits.int.test.ts checks every
 * pattern of zero groups against a real nginx.
 */
export function clientNetworkMap(): string {
  return `
  # The client's network for the auth limits: IPv4 address, IPv6 /64 (docs/decisions/096).
  map $remote_addr $trove_client_network {
    "~^::ffff:([0-9]{1,3}(?:\\.[0-9]{1,3}){3})$" $1;
    "~^${G}:${G}:${G}:${G}:" "$1:$2:$3:$4::/64";
    "~^${G}:${G}:${G}::" "$1:$2:$3:0::/64";
    "~^${G}:${G}::" "$1:$2:0:0::/64";
    "~^${G}::${G}${MORE}{4}$" "$1:0:0:$2::/64";
    "~^${G}::" "$1:0:0:0::/64";
    "~^::${G}:${G}${MORE}{4}$" "0:0:$1:$2::/64";
    "~^::${G}${MORE}{4}$" "0:0:0:$1::/64";
    "~^::" "0:0:0:0::/64";
    default $remote_addr;
  }
`;
}

/** The two zones, keyed by the client network. */
export function authLimitZones(limits: AuthLimits): string {
  return `${clientNetworkMap()}  limit_req_zone $trove_client_network zone=trove_register:10m rate=${limits.registerPerMinute}r/m;
  limit_req_zone $trove_client_network zone=trove_sign_in:10m rate=${limits.signInPerMinute}r/m;
`;
}

/** The `limit_req` lines of one zone: the burst at once, then the rate; past it nginx's JSON 429. */
export function authLimitDirectives(zone: 'trove_register' | 'trove_sign_in', burst: number): string {
  return `      # Per client network (IPv4 address, IPv6 /64): past the burst and the rate, nginx's JSON 429 before
      # the auth service reads a byte (docs/decisions/096).
      limit_req zone=${zone} burst=${burst} nodelay;
      limit_req_status 429;`;
}
