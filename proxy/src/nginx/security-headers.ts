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
