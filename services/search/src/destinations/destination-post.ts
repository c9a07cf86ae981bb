import { request } from 'node:https';
import { isIP } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';

// One POST of a JSON payload to a webhook, to the address the host guard checked (never to the name again:
// DNS cannot answer differently the second time), with TLS verified against the name. What comes back is
// the status, Retry-After and the first bytes of the body (the services' error words); never the URL.

export interface PostOutcome {
  status: number;
  retryAfterSeconds: number | undefined;
  body: string;
}

export interface PostOptions {
  /** Extra certificate authorities to trust besides the system's (a private receiver); PEM. */
  ca?: string | undefined;
  /** The longest the socket may stay silent. */
  timeoutMs?: number;
  /**
   * The longest one try may take in all, connection to last byte (DESTINATION_POST_DEADLINE_MS, issue 35 item 2):
   * an endpoint that answers a byte at a time is cut off here, not after its idle timeout per byte.
   */
  deadlineMs?: number;
  /**
   * SHA-256 of a certificate the user chose to trust ("Trust this certificate", issue 38 item 4): the
   * receiver may present it although no authority vouches for it. Any other certificate must verify.
   */
  pinnedSha256?: string | null | undefined;
}

/** The certificate a receiver presented, for the person who decides whether to trust it. */
export interface PresentedCertificate {
  /** Colon-separated upper-case hex, as Node and browsers write it. */
  sha256: string;
  subject: string;
  issuer: string;
  validTo: string;
}

/** A TLS handshake whose certificate neither verified nor was the pinned one; nothing was sent. */
export class UntrustedCertificateError extends Error {
  override readonly name = 'UntrustedCertificateError';
  constructor(
    readonly code: string,
    readonly certificate: PresentedCertificate,
    readonly pinned: boolean,
  ) {
    super(pinned ? `${code}; it is not the certificate you trusted` : code);
  }
}

/** Same fingerprint, whether written "AB:CD:…" or "abcd…". */
export function sameFingerprint(a: string, b: string): boolean {
  const normal = (value: string) => value.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return normal(a).length === 64 && normal(a) === normal(b);
}

const names = (fields: object | undefined) =>
  Object.entries(fields ?? {})
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
    .join(', ');

/**
 * The TLS connection a post goes over, judged before a byte of it is sent: the certificate verifies (an
 * authority vouches for it and it names the host) or is the pinned one. Node calls checkServerIdentity only
 * for chains that verified, so a self-signed certificate can only be judged after the handshake — hence
 * `rejectUnauthorized: false` and the decision here, before the request is written (as IMAP does, ADR 047).
 */
function judgedSocket(
  url: URL,
  resolved: { address: string; family: 4 | 6 },
  options: PostOptions,
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: resolved.address,
      port: url.port === '' ? 443 : Number(url.port),
      // SNI and the name check use the URL's name (SNI takes host names only, RFC 6066 §3).
      ...(isIP(url.hostname) === 0 ? { servername: url.hostname } : {}),
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
    socket.setTimeout(options.timeoutMs ?? 15_000, () =>
      socket.destroy(new Error('the webhook did not answer in time')),
    );
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate();
      const certificate: PresentedCertificate = {
        sha256: typeof peer?.fingerprint256 === 'string' ? peer.fingerprint256 : '',
        subject: names(peer?.subject),
        issuer: names(peer?.issuer),
        validTo: peer?.valid_to ?? '',
      };
      const pinned = options.pinnedSha256 ?? undefined;
      if (socket.authorized || (pinned !== undefined && sameFingerprint(pinned, certificate.sha256))) {
        socket.removeListener('error', reject);
        resolve(socket);
        return;
      }
      const code = String(socket.authorizationError ?? 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
      socket.destroy();
      reject(new UntrustedCertificateError(code, certificate, pinned !== undefined));
    });
  });
}

const BODY_KEEP = 300;

function retryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function postJson(
  url: URL,
  payload: unknown,
  resolved: { address: string; family: 4 | 6 },
  options: PostOptions = {},
): Promise<PostOutcome> {
  const body = Buffer.from(JSON.stringify(payload));
  const started = Date.now();
  const deadlineMs = options.deadlineMs ?? 10_000;
  let connectDeadline: ReturnType<typeof setTimeout> | undefined;
  const judging = judgedSocket(url, resolved, options);
  // A connection that comes after the deadline gave up is closed, not left open.
  judging.then(
    (late) => {
      if (Date.now() - started >= deadlineMs) late.destroy();
    },
    () => undefined,
  );
  const socket = await Promise.race([
    judging,
    new Promise<never>((_, reject) => {
      connectDeadline = setTimeout(
        () => reject(new Error('the webhook did not finish answering in time')),
        deadlineMs,
      );
    }),
  ]).finally(() => clearTimeout(connectDeadline));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length },
        // The connection judged above: to the checked address, its certificate verified or pinned. No agent:
        // `agent: false` would make a fresh one that dials (and verifies) again by itself.
        createConnection: () => socket,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < BODY_KEEP) text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfterSeconds: retryAfter(res.headers['retry-after']),
            body: text.slice(0, BODY_KEEP),
          }),
        );
        res.on('error', reject);
        // Cut off mid-answer (the deadline): the promise must still settle.
        res.on('close', () => {
          if (!res.complete) reject(new Error('the webhook did not finish answering in time'));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the webhook did not answer in time')));
    const deadline = setTimeout(
      () => req.destroy(new Error('the webhook did not finish answering in time')),
      Math.max(0, deadlineMs - (Date.now() - started)),
    );
    req.on('close', () => {
      clearTimeout(deadline);
      socket.destroy();
    });
    req.on('error', reject);
    req.end(body);
  });
}
