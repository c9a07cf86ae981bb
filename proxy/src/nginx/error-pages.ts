import { DATABASE_MESSAGES, ERROR_CODE_BY_STATUS, type ErrorStatus } from '@trove/contracts';
import { securityHeaders } from './security-headers';

/**
 * Error statuses nginx itself may produce, each answered by a small non-HTML body with the services' own
 * generic code for that status (contracts), so a client reads one set of codes whoever answered.
 */
const ERROR_CODES: ReadonlyArray<readonly [ErrorStatus, string, string]> = (
  [
    [400, 'Bad request'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [405, 'Method not allowed'],
    [408, 'Request timeout'],
    [413, 'Request body too large'],
    [414, 'URI too long'],
    [429, 'Too many requests'],
    [500, 'Internal server error'],
    [502, 'Service unavailable'],
    [503, 'Service unavailable'],
    [504, 'Service timed out'],
  ] as const
).map(([status, message]) => [status, message, ERROR_CODE_BY_STATUS[status]] as const);

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
      return 413 '{"error":"${message}","code":"${ERROR_CODE_BY_STATUS[413]}"}\\n';
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

/** nginx's 413 for a SQLite file past the sources service's cap, in the route's words (contracts). */
export function sourceFileTooLargeLocation(csp: string, fileMaxBytes: number): string {
  return `    location @source_files_413 {
      default_type application/json;
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return 413 '{"error":"${DATABASE_MESSAGES.fileTooLarge(fileMaxBytes)}","code":"${ERROR_CODE_BY_STATUS[413]}"}\\n';
    }`;
}
