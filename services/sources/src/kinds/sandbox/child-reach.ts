import { type AllowedHosts, parseAllowedHosts } from '@trove/service-core';
import type { SourceReach } from '../../source-settings';

// Where a kind's child may connect (docs/decisions/218-webdav-and-git-in-the-child.md): the parent checks the
// source's host with the host guard on its own DNS (a test's too) and hands the child the address it checked;
// the child's lookup answers that address for that host and nothing else, so the child dials only what the
// parent allowed. SOURCE_ALLOWED_HOSTS goes along as text (its parsed form holds class instances, which do not
// cross a process), for the checks a kind makes by name (Git's http:// only on a listed host) and for the words
// of a redirect to an address it names.

/** What crosses to the child: the allowed hosts as the setting writes them, and the checked address. */
export interface ChildReach {
  allowedHosts: string;
  pin: { host: string; address: string; family: 4 | 6 };
  connectTimeoutMs?: number | undefined;
}

/** SOURCE_ALLOWED_HOSTS again as text: its names, and its ranges as CIDR. */
export function allowedHostsText(allowed: AllowedHosts): string {
  return [...allowed.names, ...allowed.ranges.map(([range, bits]) => `${range.toString()}/${bits}`)].join(
    ' ',
  );
}

const hostName = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');

/** The reach handed to a child, for `host` at the address the parent's guard checked. */
export function childReach(
  reach: SourceReach,
  host: string,
  checked: { address: string; family: 4 | 6 },
): ChildReach {
  return {
    allowedHosts: allowedHostsText(reach.allowedHosts),
    pin: { host: hostName(host), ...checked },
    connectTimeoutMs: reach.connectTimeoutMs,
  };
}

/** The reach as the kind's code in the child uses it: the pinned host resolves, any other name does not. */
export function reachInChild(child: ChildReach): SourceReach {
  return {
    allowedHosts: parseAllowedHosts(child.allowedHosts),
    lookup: async (name) => {
      if (hostName(name) === child.pin.host)
        return [{ address: child.pin.address, family: child.pin.family }];
      throw Object.assign(new Error(`${name} is not the source's host`), { code: 'ENOTFOUND' });
    },
    connectTimeoutMs: child.connectTimeoutMs,
  };
}
