import { securityHeaders } from './security-headers';

/** Error codes nginx itself may produce, each answered by a small non-HTML body. */
const ERROR_CODES: ReadonlyArray<readonly [number, string, string]> = [
  [400, 'Bad request', 'bad_request'],
  [403, 'Forbidden', 'forbidden'],
  [404, 'Not found', 'not_found'],
  [405, 'Method not allowed', 'method_not_allowed'],
  [408, 'Request timeout', 'request_timeout'],
  [413, 'Request body too large', 'payload_too_large'],
  [414, 'URI too long', 'uri_too_long'],
  [429, 'Too many requests', 'rate_limited'],
  [500, 'Internal server error', 'internal_error'],
  [502, 'Service unavailable', 'bad_gateway'],
  [503, 'Service unavailable', 'service_unavailable'],
  [504, 'Service timed out', 'gateway_timeout'],
];

/** JSON (the services' error envelope) for API paths, plain text for pages. */
export type ErrorFlavour = 'json' | 'text';

/** `overrides` sends a code to another named location (nginx uses the first error_page naming a code). */
export function errorPageDirectives(
  flavour: ErrorFlavour,
  indent: string,
  overrides: Readonly<Record<number, string>> = {},
): string {
  return ERROR_CODES.map(
    ([code]) => `${indent}error_page ${code} @${overrides[code] ?? `${flavour}_${code}`};`,
  ).join('\n');
}

/** Bytes as a person reads a limit: whole MB, else whole KB. */
function readableBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.floor(mb)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/** nginx's own 413 on /api/v1/uploads: the error envelope with a message that says what to do. */
export function uploadTooLargeLocation(csp: string, maxBytes: number): string {
  const message = `Upload too large: one request may carry at most ${readableBytes(maxBytes)}. Send a large batch in several requests.`;
  return `    location @uploads_413 {
      default_type application/json;
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return 413 '{"error":"${message}","code":"payload_too_large"}\\n';
    }`;
}

/** The named locations every `error_page` above points at, in both flavours. */
export function errorLocations(csp: string): string {
  const blocks: string[] = [];
  for (const [code, message, machineCode] of ERROR_CODES) {
    // Named locations cannot be requested from outside; `return` gives the status its own small body.
    blocks.push(`    location @json_${code} {
      default_type application/json;
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return ${code} '{"error":"${message}","code":"${machineCode}"}\\n';
    }`);
    blocks.push(`    location @text_${code} {
      default_type "text/plain; charset=utf-8";
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return ${code} '${message}\\n';
    }`);
  }
  return blocks.join('\n\n');
}
