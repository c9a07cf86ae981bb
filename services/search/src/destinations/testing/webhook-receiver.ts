import { testTime } from '@trove/service-core/testing/time';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificate } from '@trove/service-core/testing';

// A local HTTPS webhook receiver for tests (issue 22 "Ship"): a self-signed certificate made per run for
// 127.0.0.1, and for each path a script of answers (200, 500 once then 200, 400, 404, 429 with
// Retry-After). Every request's JSON body is kept with the status it got.

export interface ScriptedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /**
   * An endpoint that answers slowly (issue 35 item 2): the status at once, then one byte of the body every
   * 100 ms for this long, so no idle timeout ever fires — only a deadline on the whole try ends it.
   */
  trickleMs?: number;
}

export interface ReceivedPost {
  path: string;
  body: unknown;
  status: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface WebhookReceiver {
  /** The certificate to trust (the post's `ca` setting). */
  ca: string;
  origin: string;
  received: ReceivedPost[];
  /** The most requests to one path that were being answered at the same time. */
  mostAtOnce(path: string): number;
  /** Answers for `path`, in order; the last one repeats. */
  script(path: string, answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'trove-webhook-'));
  const certificate = makeCertificate(dir, {
    commonName: '127.0.0.1',
    organisation: 'Trove test webhook',
    altNames: ['IP:127.0.0.1'],
  });
  const key = readFileSync(certificate.keyPath, 'utf8');
  const cert = certificate.pem;
  rmSync(dir, { recursive: true, force: true });
  const scripts = new Map<string, ScriptedAnswer[]>();
  const received: ReceivedPost[] = [];
  const open = new Map<string, number>();
  const most = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const target = req.url ?? '/';
    open.set(target, (open.get(target) ?? 0) + 1);
    most.set(target, Math.max(most.get(target) ?? 0, open.get(target) ?? 0));
    res.on('close', () => open.set(target, (open.get(target) ?? 1) - 1));
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      const script = scripts.get(path) ?? [{ status: 404, body: 'no_service' }];
      const answer = (script.length > 1 ? script.shift() : script[0]) as ScriptedAnswer;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      received.push({ path, body, status: answer.status, at: Date.now() });
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      if (answer.trickleMs !== undefined) {
        const until = Date.now() + answer.trickleMs;
        const drip = setInterval(() => {
          if (res.destroyed || Date.now() >= until) {
            clearInterval(drip);
            if (!res.destroyed) res.end('.');
            return;
          }
          res.write('.');
        }, testTime(100));
        return;
      }
      res.end(answer.body ?? (answer.status === 200 ? 'ok' : 'error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ca: cert,
    origin: `https://127.0.0.1:${port}`,
    received,
    mostAtOnce: (path) => most.get(path) ?? 0,
    script(path, answers) {
      scripts.set(path, [...answers]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
