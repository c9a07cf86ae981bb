/** The Content-Security-Policy value: scripts only from us and the configured remote origins. */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = []): string {
  // Remotes hosted on another origin load their scripts, style chunks, images, fonts and manifest
  // (a fetch) from there, so the origins go into each of those directives — never 'unsafe-inline'
  // for scripts: every script the app runs is a file.
  const extra = remoteOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `img-src 'self' data:${extra}`,
    `connect-src 'self'${extra}`,
    `font-src 'self' data:${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Lines added to every location: nginx drops inherited add_header lines once a block has its own. */
export function securityHeaders(csp: string, indent: string): string {
  return [
    `add_header Content-Security-Policy "${csp}" always;`,
    'add_header X-Content-Type-Options "nosniff" always;',
    'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    'add_header X-Frame-Options "DENY" always;',
    'add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=(), usb=()" always;',
    'add_header X-Request-Id $trove_request_id always;',
    // Empty over http, so nginx leaves it out (issue 18 item 13: HSTS only when the browser came over https).
    'add_header Strict-Transport-Security $trove_hsts always;',
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/**
 * The policy a static file carries instead of the page's: nothing may load from it and nothing may frame
 * it. CSP, X-Frame-Options, Referrer-Policy and Permissions-Policy act on documents; on a script,
 * stylesheet or manifest fetched by a page they do nothing, yet cost ~360 bytes a response — ~4 KB of the
 * landing page's 12 scripts (docs/decisions/062). A hashed file opened on its own is still inert.
 */
export const STATIC_FILE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Lines for the built site's static files (/assets/, /remotes/): what still acts on a subresource. */
export function staticFileHeaders(indent: string): string {
  return [
    `add_header Content-Security-Policy "${STATIC_FILE_CSP}" always;`,
    'add_header X-Content-Type-Options "nosniff" always;',
    'add_header X-Request-Id $trove_request_id always;',
    'add_header Strict-Transport-Security $trove_hsts always;',
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}
