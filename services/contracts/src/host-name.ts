// What a source's host may be, shared by the mailbox and the database sources: a DNS name (labels of letters,
// digits and hyphens; an IDN typed in Unicode is allowed and resolved by the system), an IPv4 address or an
// IPv6 address, optionally in brackets. Not a URL, not host:port.

const HOST_NAME =
  /^(?=.{1,253}$)[\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(\.[\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)*\.?$/u;
const IPV6 = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/i;

/** A host as typed (trimmed, lower-cased) is a name or an address. */
export const isHostName = (host: string) => HOST_NAME.test(host) || IPV6.test(host);

/**
 * Control characters other than tab and line breaks are never part of a name, a host or a folder, and
 * PostgreSQL text cannot hold NUL.
 */
export const hasControls = (text: string) => /\p{Cc}/u.test(text);
