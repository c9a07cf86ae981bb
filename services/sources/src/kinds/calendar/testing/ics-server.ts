import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { makeCertificate } from '@trove/service-core/testing';
import { startNginx } from '../../testing/nginx';

// A calendar's secret address for the tests (issue 43 item 5): a static .ics served with an ETag and
// Last-Modified, answering 304 to a conditional request that still matches, as Google's and Outlook's do. Paths
// other than the calendar's answer what a bad address meets: a 404, an HTML page, a redirect to a private
// address, a body larger than a calendar may be.

export interface IcsServer {
  /** The calendar's address. */
  url: string;
  /** The origin, for the bad addresses: /missing, /page, /redirect-private, /huge. */
  origin: string;
  set(text: string): void;
  /** Requests for the calendar, and how many were answered 304. */
  counts: { requests: number; notModified: number };
  stop(): Promise<void>;
}

export async function startIcsServer(initial: string): Promise<IcsServer> {
  let text = initial;
  let modified = new Date('2026-11-01T00:00:00Z');
  const counts = { requests: 0, notModified: 0 };
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (path === '/calendar.ics') {
      counts.requests += 1;
      const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`;
      if (incoming.headers['if-none-match'] === etag) {
        counts.notModified += 1;
        outgoing.writeHead(304, { etag }).end();
        return;
      }
      outgoing
        .writeHead(200, {
          'content-type': 'text/calendar; charset=utf-8',
          etag,
          'last-modified': modified.toUTCString(),
        })
        .end(text);
      return;
    }
    if (path === '/page') {
      outgoing.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
      return;
    }
    if (path === '/redirect-private') {
      outgoing.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    if (path === '/huge') {
      // An endless calendar: the client must stop at its bound.
      outgoing.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(1024 * 1024, 'X');
      const more = () => {
        while (outgoing.write(chunk)) if (outgoing.destroyed) return;
        if (!outgoing.destroyed) outgoing.once('drain', more);
      };
      outgoing.write('BEGIN:VCALENDAR\r\n');
      more();
      return;
    }
    outgoing.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/calendar.ics`,
    origin,
    set(next) {
      text = next;
      modified = new Date(modified.getTime() + 60_000);
    },
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface HttpsIcsServer {
  /** The calendar's https address, served by nginx (an ETag and Last-Modified, as a static file has). */
  url: string;
  /** Redirects to the same calendar over plain http: a downgrade the client must refuse. */
  downgradeUrl: string;
  /** The server's certificate, which no public authority signed: trusted only where a test says so. */
  certPath: string;
  stop(): Promise<void>;
}

/**
 * A calendar's secret address over https, as Google and Outlook publish theirs (docs/decisions/206): nginx with
 * TLS and a certificate made for the run (IP 127.0.0.1), the .ics a static file.
 */
export async function startHttpsIcsServer(text: string): Promise<HttpsIcsServer> {
  let certPath = '';
  const nginx = await startNginx(
    'ics-https',
    (dir) => {
      mkdirSync(join(dir, 'www'), { recursive: true });
      writeFileSync(join(dir, 'www', 'calendar.ics'), text);
      return `
    location = /calendar.ics { root ${dir}/www; }
    location = /downgrade.ics { return 302 http://127.0.0.1:$server_port/calendar.ics; }`;
    },
    [],
    (dir) => {
      const certificate = makeCertificate(dir, {
        commonName: '127.0.0.1',
        organisation: 'Trove test calendar',
        altNames: ['IP:127.0.0.1'],
      });
      certPath = certificate.certPath;
      return certificate;
    },
  );
  return {
    url: `${nginx.origin}/calendar.ics`,
    downgradeUrl: `${nginx.origin}/downgrade.ics`,
    certPath,
    stop: () => nginx.stop(),
  };
}
