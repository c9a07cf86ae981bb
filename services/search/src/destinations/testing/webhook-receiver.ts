import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificate } from '../../testing/certificate';

// A local HTTPS webhook receiver for tests (issue 22 "Ship"): a self-signed certificate made per run for
// 127.0.0.1, and for each path a script of answers (200, 500 once then 200, 400, 404, 429 with
// Retry-After). Every request's JSON body is kept with the status it got.

export interface ScriptedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
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
  const server: Server = createServer({ key, cert }, (req, res) => {
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
      res.end(answer.body ?? (answer.status === 200 ? 'ok' : 'error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ca: cert,
    origin: `https://127.0.0.1:${port}`,
    received,
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
