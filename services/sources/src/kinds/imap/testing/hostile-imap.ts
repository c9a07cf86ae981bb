import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type TLSSocket } from 'node:tls';
import { freePort } from '@trove/service-core/testing';
import { makeCertificate } from '@trove/service-core/testing';

// An IMAP server that answers like an attacker's (issue 34, "a hostile IMAP server written for the tests"): IMAPS
// with a self-signed certificate (the tests pin it), enough of RFC 3501 for a client to log in, and then, by its
// mode, a literal announced at 300 MB that it streams for as long as the client reads. It offers DEFLATE
// (RFC 4978) and records whether a client asked for it.

/** 'stall': logs in, then never answers LIST (a server that stops talking mid-session). */
export type HostileMode = 'huge-literal' | 'polite' | 'stall';

export interface HostileImap {
  host: '127.0.0.1';
  port: number;
  certificateSha256: string;
  /** Bytes of the huge literal written to clients so far. */
  literalBytesSent(): number;
  /** Commands received, by name (LOGIN, COMPRESS…). */
  commands(): string[];
  stop(): Promise<void>;
}

const CAPABILITIES = 'IMAP4rev1 COMPRESS=DEFLATE ID ENABLE LITERAL+';
const HUGE = 300 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** `folders`: how many folders LIST answers with (the polite mode's mailbox can hold thousands). */
export async function startHostileImap(
  mode: HostileMode,
  options: { folders?: number } = {},
): Promise<HostileImap> {
  const dir = mkdtempSync(join(tmpdir(), 'trove-hostile-imap-'));
  const certificate = makeCertificate(dir, { organisation: 'Hostile IMAP', altNames: ['IP:127.0.0.1'] });
  let sent = 0;
  const received: string[] = [];
  const sockets = new Set<TLSSocket>();

  /** Writes the literal as long as the client takes it; stops when it goes. */
  const flood = (socket: TLSSocket) => {
    socket.write(`* CAPABILITY {${HUGE}}\r\n`);
    const more = () => {
      while (!socket.destroyed && sent < HUGE) {
        sent += CHUNK.byteLength;
        if (!socket.write(CHUNK)) return void socket.once('drain', more);
      }
    };
    more();
  };

  const answer = (socket: TLSSocket, line: string) => {
    const [tag = '*', name = '', ...rest] = line.split(' ');
    const command = name.toUpperCase();
    received.push(command === 'UID' ? `UID ${rest[0]?.toUpperCase()}` : command);
    switch (command) {
      case 'CAPABILITY':
        return socket.write(`* CAPABILITY ${CAPABILITIES}\r\n${tag} OK done\r\n`);
      case 'ID':
        return socket.write(`* ID NIL\r\n${tag} OK done\r\n`);
      case 'LOGIN':
        if (mode === 'huge-literal') return flood(socket);
        return socket.write(`${tag} OK [CAPABILITY ${CAPABILITIES}] logged in\r\n`);
      case 'COMPRESS':
        // Recorded; refused, so a client that asks goes on in plain text and the test reads the record.
        return socket.write(`${tag} NO not today\r\n`);
      case 'LIST': {
        if (mode === 'stall') return;
        const lines = Array.from(
          { length: options.folders ?? 1 },
          (_, n) => `* LIST () "/" "Folder ${n}"\r\n`,
        );
        return socket.write(`${lines.join('')}${tag} OK done\r\n`);
      }
      case 'NAMESPACE':
        return socket.write(`* NAMESPACE (("" "/")) NIL NIL\r\n${tag} OK done\r\n`);
      case 'LOGOUT':
        socket.write(`* BYE\r\n${tag} OK bye\r\n`);
        return socket.end();
      default:
        return socket.write(`${tag} OK done\r\n`);
    }
  };

  const server = createServer(
    { key: readFileSync(certificate.keyPath), cert: readFileSync(certificate.certPath) },
    (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.write(`* OK [CAPABILITY ${CAPABILITIES}] hostile ready\r\n`);
      let pending = '';
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString('latin1');
        for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 2);
          answer(socket, line);
        }
      });
    },
  );
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port,
    certificateSha256: certificate.sha256,
    literalBytesSent: () => sent,
    commands: () => [...received],
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
