import { request } from 'node:https';

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
}

const BODY_KEEP = 300;

function retryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export function postJson(
  url: URL,
  payload: unknown,
  resolved: { address: string; family: 4 | 6 },
  options: PostOptions = {},
): Promise<PostOutcome> {
  const body = Buffer.from(JSON.stringify(payload));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length },
        // Connect to the checked address; SNI and the certificate check still use the URL's name.
        lookup: (_host, _options, callback) =>
          (callback as (err: null, address: string, family: number) => void)(
            null,
            resolved.address,
            resolved.family,
          ),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
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
      options.deadlineMs ?? 10_000,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('error', reject);
    req.end(body);
  });
}
