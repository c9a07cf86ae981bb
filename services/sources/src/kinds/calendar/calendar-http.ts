import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { HostRefusedError, isListedHost, resolveAllowedHost } from '@trove/service-core';
import type { SourceReach } from '../../source-settings';
import { CalendarFailure } from './calendar-failure';

// Every request a calendar source makes (issue 43 item 1; docs/decisions/180-calendar-sources.md), through the
// host guard: each hop of a redirect is resolved and checked again (a public address that redirects to
// 169.254.169.254 or localhost is refused), the connection goes to the address checked (no second DNS answer),
// the password goes only to the origin the person typed, the answer is cut at a size bound and the whole request
// at a time bound. Plain http only to a host SOURCE_ALLOWED_HOSTS names (a server on the administrator's own
// network): anywhere else it would carry the app password and the events in the clear.

export interface CalendarRequest {
  method: 'GET' | 'PROPFIND' | 'REPORT';
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /** Bytes of the answer read at most; past it the request fails with 'limit'. */
  maxBytes: number;
  /** Sent to the URL's origin only, never to another a redirect names. */
  auth?: { username: string; password: string } | null;
}

export interface CalendarResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

const REDIRECTS_MAX = 5;
/**
 * How long an answer may stay silent: a CalDAV server builds a large calendar's REPORT before its first byte,
 * and a loaded one takes a while; past this the request fails with 'timeout' and is tried again later.
 */
const ANSWER_IDLE_MS = 120_000;

function hopTarget(url: URL, reach: SourceReach): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isListedHost(url.hostname, reach.allowedHosts)) return;
  throw new CalendarFailure(
    'tls',
    `${url.protocol === 'http:' ? 'The address uses http://, without encryption' : `An address of ${url.protocol} cannot be read`}: Trove reads calendars over https only, so the password and the events never travel in the clear.`,
    'Use the https:// address the calendar service gives.',
  );
}

async function oneHop(
  url: URL,
  request: CalendarRequest,
  sendAuth: boolean,
  reach: SourceReach,
): Promise<CalendarResponse> {
  // Where first (a private address is refused as such, whatever its scheme), then how.
  let address: { address: string; family: 4 | 6 };
  try {
    address = await resolveAllowedHost(url.hostname, reach.allowedHosts, reach.lookup);
  } catch (error) {
    if (error instanceof HostRefusedError)
      throw new CalendarFailure(error.kind, error.message, refusedAction(error));
    throw error;
  }
  hopTarget(url, reach);
  // The connection goes to the checked address; the name stays the TLS server name and the Host header.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (typeof options === 'object' && options.all === true)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const headers: Record<string, string> = { 'user-agent': 'Trove calendar source', ...request.headers };
  if (sendAuth && request.auth)
    headers.authorization = `Basic ${Buffer.from(`${request.auth.username}:${request.auth.password}`).toString('base64')}`;
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = ANSWER_IDLE_MS;
  return new Promise<CalendarResponse>((resolve, reject) => {
    const outgoing = send(
      url,
      { method: request.method, headers, lookup, timeout: timeoutMs },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            incoming.destroy();
            outgoing.destroy();
            reject(
              new CalendarFailure(
                'limit',
                `The calendar at ${url.host} is larger than ${Math.round(request.maxBytes / 1024 / 1024)} MB, more than Trove reads from one address.`,
                'Split it into smaller calendars, or publish only the calendar you need.',
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
            url: url.href,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(
        new CalendarFailure(
          'timeout',
          `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
          'It is tried again by itself.',
        ),
      ),
    );
    outgoing.on('error', (error) => reject(networkFailure(error, url)));
    outgoing.end(request.body);
  });
}

function refusedAction(error: HostRefusedError): string {
  return error.kind === 'dns'
    ? 'Check the address: copy it again from the calendar service.'
    : 'Trove reads only public servers; an administrator can allow a server on the own network with SOURCE_ALLOWED_HOSTS.';
}

function networkFailure(error: unknown, url: URL): unknown {
  if (error instanceof CalendarFailure) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('ERR_TLS') || /CERT|SSL|self.signed/i.test(code))
    return new CalendarFailure(
      'tls',
      `The certificate of ${url.host} is not trusted (${code}).`,
      'Check the address; a server with its own certificate needs one a public authority signs.',
    );
  return new CalendarFailure(
    'tcp',
    `Could not connect to ${url.host} (${code || (error instanceof Error ? error.message : String(error))}).`,
    'Check the address; it is tried again by itself.',
  );
}

/** A request, following up to five redirects, each checked as the first. */
export async function calendarFetch(request: CalendarRequest, reach: SourceReach): Promise<CalendarResponse> {
  const origin = new URL(request.url).origin;
  let url = new URL(request.url);
  for (let hop = 0; ; hop += 1) {
    const answer = await oneHop(url, request, url.origin === origin, reach);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || answer.status === 304 || location === undefined)
      return answer;
    if (hop >= REDIRECTS_MAX)
      throw new CalendarFailure(
        'server',
        `${url.host} redirected more than ${REDIRECTS_MAX} times.`,
        'Check the address: copy it again from the calendar service.',
      );
    const next = new URL(location, url);
    // Downgrading to http after https would put the secret address in the clear.
    if (url.protocol === 'https:' && next.protocol !== 'https:')
      throw new CalendarFailure(
        'tls',
        `${url.host} redirected to an address without encryption (${next.protocol}//${next.host}).`,
        'Use the https:// address the calendar service gives.',
      );
    url = next;
  }
}
