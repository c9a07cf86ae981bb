import { z } from 'zod';
import { hasControls } from './host-name';

// Issue 43: a file share (WebDAV) and a Git repository are named by a web address. One schema for both: http or
// https only (never file:, ssh: or git:), no user or password inside it (they have their own fields, and an
// address is shown on the card and written in logs), no fragment.

export const SOURCE_URL_MAX_LENGTH = 2000;

export const SOURCE_URL_MESSAGES = {
  required: 'Enter the server’s address, starting with https://.',
  badUrl: 'Enter a web address starting with https:// (or http:// for a server on your own network).',
  credentials: 'Leave the user name and password out of the address: they have their own fields.',
  tooLong: `An address can be at most ${SOURCE_URL_MAX_LENGTH} characters.`,
} as const;

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A source's web address, normalised by the URL parser (a lower-case host, no fragment). */
export const SourceUrlSchema = z
  .string({ error: SOURCE_URL_MESSAGES.required })
  .trim()
  .min(1, SOURCE_URL_MESSAGES.required)
  .max(SOURCE_URL_MAX_LENGTH, SOURCE_URL_MESSAGES.tooLong)
  .refine((text) => !hasControls(text), SOURCE_URL_MESSAGES.badUrl)
  .refine((text) => {
    const url = parsed(text);
    return (
      url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    );
  }, SOURCE_URL_MESSAGES.badUrl)
  .refine((text) => {
    const url = parsed(text);
    return url === undefined || (url.username === '' && url.password === '');
  }, SOURCE_URL_MESSAGES.credentials)
  .transform((text) => {
    const url = new URL(text);
    url.hash = '';
    return url.toString();
  });

/** The host a source's address names (brackets of an IPv6 address dropped), for the host guard. */
export function sourceUrlHost(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}
