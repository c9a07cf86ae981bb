import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { HostRefusedError, resolveAllowedHost } from '@trove/service-core';
import type { SourceReach } from '../../source-settings';
import { WebdavError } from './webdav-error';

// One HTTP request to a file share: to the address the host guard checked (never the name again: DNS cannot
// answer differently the second time), TLS verified against the name, bounded in time and in bytes. Redirects
// are not followed: a share that moved says where, and that address is entered (and checked) instead.

export interface DavAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body was longer than the bound and was cut: only for a file, whose size then refuses it. */
  truncated: boolean;
}

export interface DavRequest {
  method: 'PROPFIND' | 'GET' | 'OPTIONS';
  url: URL;
  username: string;
  password: string;
  headers?: Record<string, string>;
  body?: string;
  maxBytes: number;
  timeoutMs: number;
}

/** Resolves and checks the host once per connection attempt (a name may point inside tomorrow). */
export async function checkedAddress(
  url: URL,
  reach: SourceReach,
): Promise<{ address: string; family: 4 | 6 }> {
  try {
    return await resolveAllowedHost(url.hostname, reach.allowedHosts, reach.lookup);
  } catch (error) {
    if (error instanceof HostRefusedError)
      throw new WebdavError(error.kind === 'dns' ? 'dns' : 'refused', error.message);
    throw error;
  }
}

function networkError(error: NodeJS.ErrnoException, url: URL): WebdavError {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ECONNRESET')
    return new WebdavError('tcp', `Nothing answered at ${url.host} (${code}).`);
  if (
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code === 'EPROTO' ||
    /certificate|SSL/i.test(error.message)
  )
    return new WebdavError('tls', `The secure connection to ${url.host} failed: ${error.message}.`);
  if (code === 'ETIMEDOUT' || /in time/.test(error.message))
    return new WebdavError('timeout', `${url.host} did not answer in time.`);
  return new WebdavError('server', `The connection to ${url.host} failed: ${error.message}.`);
}

export async function davRequest(reach: SourceReach, input: DavRequest): Promise<DavAnswer> {
  const resolved = await checkedAddress(input.url, reach);
  const lookup = ((_host, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  }) as LookupFunction;
  const body = input.body === undefined ? undefined : Buffer.from(input.body);
  const send = input.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const authorization = `Basic ${Buffer.from(`${input.username}:${input.password}`).toString('base64')}`;
  return new Promise<DavAnswer>((resolve, reject) => {
    const req = send(
      input.url,
      {
        method: input.method,
        lookup,
        headers: {
          authorization,
          'user-agent': 'Trove',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/xml; charset=utf-8', 'content-length': body.length }),
          ...input.headers,
        },
        timeout: input.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          if (size > input.maxBytes) {
            truncated = true;
            res.destroy();
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              truncated,
            });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            truncated,
          }),
        );
        res.on('error', (error) => reject(networkError(error, input.url)));
        res.on('close', () => {
          if (!res.complete && !truncated)
            reject(new WebdavError('timeout', `${input.url.host} stopped answering midway.`));
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('did not answer in time'), { code: 'ETIMEDOUT' })),
    );
    const deadline = setTimeout(
      () => req.destroy(Object.assign(new Error('did not answer in time'), { code: 'ETIMEDOUT' })),
      input.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (error) => reject(networkError(error, input.url)));
    req.end(body);
  });
}
