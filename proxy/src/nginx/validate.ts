import { isAbsolute } from 'node:path';

// Settings end up inside nginx directives; anything that could close a directive or a block is refused
// rather than escaped, because none of these settings has a legitimate reason to contain it.
const UNSAFE = /[\s;{}"'`$\\#]/;

export function assertSafe(what: string, value: string): void {
  if (value === '' || UNSAFE.test(value))
    throw new Error(`Invalid ${what} for the nginx config: ${JSON.stringify(value)}`);
}

export function assertPath(what: string, value: string): void {
  if (!isAbsolute(value)) throw new Error(`${what} must be an absolute path: ${value}`);
  assertSafe(what, value);
}

export function assertUpstream(value: string): void {
  // host:port, [v6]:port or unix:/path — what nginx's `server` accepts, minus anything exotic.
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/.test(value) && !/^unix:\/[\w./-]+$/.test(value)) {
    throw new Error(`Invalid upstream (want host:port): ${JSON.stringify(value)}`);
  }
}

export function assertOrigin(value: string): void {
  // scheme://host[:port], with an optional leading `*.` wildcard as CSP allows.
  if (
    !/^https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(value) &&
    !/^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(value)
  ) {
    throw new Error(`Invalid remote origin (want scheme://host[:port]): ${JSON.stringify(value)}`);
  }
}

export function assertPort(what: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`Invalid ${what}: ${value}`);
}

export function assertAddressRange(value: string): void {
  // IPv4 or IPv6, optionally /bits: what nginx's geo block takes.
  if (!/^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9A-Fa-f:]+:[0-9A-Fa-f:.]*(?:\/\d{1,3})?)$/.test(value)) {
    throw new Error(`Invalid front proxy address (want an IP or CIDR range): ${JSON.stringify(value)}`);
  }
}
