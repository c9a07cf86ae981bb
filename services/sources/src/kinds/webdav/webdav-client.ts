import { Parser } from 'htmlparser2';
import type { SourceReach } from '../../source-settings';
import { WebdavError } from './webdav-error';
import { checkedAddress, davRequest } from './webdav-http';
import { PROPFIND_MAX_BYTES, type WebdavTuning } from './webdav-settings';

// A file share's WebDAV, read only (issue 43 item 2): PROPFIND with Depth 1 for a folder's entries with their
// ETag, last change, size and type, and GET for a file's bytes. Every path is the share's: an href outside the
// address, or with "." or ".." in it, is dropped, so a server (or a symlink it follows) never leads a read
// outside the share.

export interface DavEntry {
  /** The path within the share, decoded, without a leading or trailing slash ("Documents/q3.pdf"). */
  path: string;
  folder: boolean;
  etag: string | null;
  lastModified: string | null;
  size: number | null;
  contentType: string | null;
}

export interface DavShare {
  base: URL;
  username: string;
  password: string;
  reach: SourceReach;
  tuning: WebdavTuning;
}

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/>' +
  '<d:getlastmodified/><d:getcontentlength/><d:getcontenttype/></d:prop></d:propfind>';

/** The share's address with a trailing slash: every href under it is the share's. */
export function shareBase(url: string): URL {
  const base = new URL(url);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  base.search = '';
  return base;
}

/** The URL of a path within the share, each segment encoded. */
export function urlOf(share: DavShare, path: string, folder: boolean): URL {
  const encoded = path === '' ? '' : path.split('/').map(encodeURIComponent).join('/') + (folder ? '/' : '');
  return new URL(encoded, share.base);
}

/** An href as the server wrote it, as a path within the share; undefined when it is outside it or unsafe. */
export function pathInShare(base: URL, href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  // Compared encoded: servers differ in what they escape, so both sides are decoded segment by segment.
  const decode = (pathname: string) => {
    try {
      return pathname.split('/').map((part) => decodeURIComponent(part));
    } catch {
      return undefined;
    }
  };
  const baseParts = decode(base.pathname)?.filter((part) => part !== '');
  const parts = decode(url.pathname)?.filter((part) => part !== '');
  if (baseParts === undefined || parts === undefined || parts.length < baseParts.length) return undefined;
  if (baseParts.some((part, index) => parts[index] !== part)) return undefined;
  const inside = parts.slice(baseParts.length);
  if (inside.some((part) => part === '.' || part === '..' || /[\p{Cc}\\]/u.test(part))) return undefined;
  return inside.join('/');
}

/** A multistatus answer's responses: href, whether a collection, and the four properties (any namespace prefix). */
export function parseMultistatus(
  xml: string,
): { href: string; folder: boolean; props: Record<string, string> }[] {
  const responses: { href: string; folder: boolean; props: Record<string, string> }[] = [];
  let current: { href: string; folder: boolean; props: Record<string, string>; ok: boolean } | undefined;
  let text = '';
  let inPropstat = false;
  let propstatOk = true;
  let propstatProps: Record<string, string> = {};
  let propstatFolder = false;
  const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        text = '';
        if (tag === 'response') current = { href: '', folder: false, props: {}, ok: true };
        else if (tag === 'propstat') {
          inPropstat = true;
          propstatOk = true;
          propstatProps = {};
          propstatFolder = false;
        } else if (tag === 'collection' && inPropstat) propstatFolder = true;
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag(name) {
        const tag = local(name);
        if (current === undefined) return;
        if (tag === 'href' && !inPropstat && current.href === '') current.href = text.trim();
        else if (tag === 'status' && inPropstat) propstatOk = /\s2\d\d\s/.test(` ${text.trim()} `);
        else if (
          inPropstat &&
          ['getetag', 'getlastmodified', 'getcontentlength', 'getcontenttype'].includes(tag)
        )
          propstatProps[tag] = text.trim();
        else if (tag === 'propstat') {
          inPropstat = false;
          if (propstatOk) {
            Object.assign(current.props, propstatProps);
            if (propstatFolder) current.folder = true;
          }
        } else if (tag === 'response') {
          if (current.href !== '')
            responses.push({ href: current.href, folder: current.folder, props: current.props });
          current = undefined;
        }
        text = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return responses;
}

/** What a PROPFIND's status means for the card. */
function statusError(status: number, url: URL, location: string | undefined): WebdavError {
  if (status === 401 || status === 403)
    return new WebdavError('auth', `${url.host} refused the user name and password (HTTP ${status}).`);
  if (status === 404)
    return new WebdavError('folders', `There is no folder at ${url.pathname} on ${url.host} (HTTP 404).`);
  if (status >= 300 && status < 400)
    return new WebdavError(
      'server',
      `${url.host} sent Trove to ${location ?? 'another address'} (HTTP ${status}). Enter that address instead, if it is the share.`,
    );
  if (status === 405 || status === 501 || (status >= 200 && status < 300))
    return new WebdavError(
      'server',
      `${url.host} is not a WebDAV file share: it does not list folders (PROPFIND answered ${status}).`,
    );
  return new WebdavError('server', `${url.host} answered HTTP ${status} to a folder listing.`);
}

/** A redirect is never followed; one to a refused address says so, in the guard's words. */
async function refuseRedirect(share: DavShare, url: URL, location: string): Promise<void> {
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return;
  }
  try {
    await checkedAddress(target, share.reach);
  } catch (error) {
    if (error instanceof WebdavError && error.problem === 'refused')
      throw new WebdavError(
        'refused',
        `${url.host} sent Trove on to ${target.host}, which it does not follow. ${error.message}`,
      );
  }
}

/** One folder's entries (itself left out), Depth 1. */
export async function listFolder(share: DavShare, path: string): Promise<DavEntry[]> {
  const url = urlOf(share, path, true);
  const answer = await davRequest(share.reach, {
    method: 'PROPFIND',
    url,
    username: share.username,
    password: share.password,
    headers: { depth: '1' },
    body: PROPFIND_BODY,
    maxBytes: PROPFIND_MAX_BYTES,
    timeoutMs: share.tuning.requestTimeoutMs,
  });
  if (answer.truncated)
    throw new WebdavError(
      'limit',
      `The folder ${path || '/'} lists more than ${PROPFIND_MAX_BYTES / 1024 / 1024} MB of entries.`,
    );
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400 && typeof location === 'string')
    await refuseRedirect(share, url, location);
  if (answer.status !== 207)
    throw statusError(answer.status, url, typeof location === 'string' ? location : undefined);
  const entries: DavEntry[] = [];
  for (const response of parseMultistatus(answer.body.toString('utf8'))) {
    const inside = pathInShare(share.base, response.href);
    if (inside === undefined || inside === path) continue;
    // Depth 1: only the folder's own children (a server listing deeper is not followed from here).
    const parent = inside.includes('/') ? inside.slice(0, inside.lastIndexOf('/')) : '';
    if (parent !== path) continue;
    const size = Number(response.props.getcontentlength);
    entries.push({
      path: inside,
      folder: response.folder,
      etag: response.props.getetag ?? null,
      lastModified: response.props.getlastmodified ?? null,
      size: Number.isFinite(size) && response.props.getcontentlength !== undefined ? size : null,
      contentType: response.props.getcontenttype ?? null,
    });
  }
  return entries;
}

/** A file's bytes; null when it is larger than the bound (its size is told only as it arrives). */
export async function readFile(share: DavShare, path: string): Promise<Buffer | null> {
  const url = urlOf(share, path, false);
  const answer = await davRequest(share.reach, {
    method: 'GET',
    url,
    username: share.username,
    password: share.password,
    maxBytes: share.tuning.fileMaxBytes,
    timeoutMs: share.tuning.requestTimeoutMs,
  });
  if (answer.truncated) return null;
  if (answer.status === 404) return null;
  if (answer.status !== 200) {
    const location = answer.headers.location;
    throw statusError(answer.status, url, typeof location === 'string' ? location : undefined);
  }
  return answer.body;
}
