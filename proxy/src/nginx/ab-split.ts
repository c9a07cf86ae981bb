import { errorPageDirectives } from './error-pages';
import { securityHeaders } from './security-headers';

// The landing page's A/B rollout (docs/decisions/009-deploy-story.md). The weights live in their own
// file, `<runtimeDir>/ab-split.conf`, so a new split needs only that file and a reload, not a new
// nginx.conf.

/** The visitor-id cookie (random, no personal data) and the QA override cookie. */
export const VISITOR_COOKIE = 'trove_vid';
export const VARIANT_COOKIE = 'trove_variant';

/** Checks a B weight: a percentage from 0 to 100 with at most two decimals. */
export function assertAbWeight(weightB: number): void {
  if (!(weightB >= 0 && weightB <= 100) || Math.round(weightB * 100) !== weightB * 100) {
    throw new Error(`Invalid A/B weight for B (want a percentage from 0 to 100): ${weightB}`);
  }
}

/**
 * The split itself, included from nginx.conf: `$trove_split` is `b` for `weightB` percent of visitor
 * ids (MurmurHash2 of the id, so a returning visitor always lands in the same bucket) and `a` otherwise.
 */
export function renderAbSplit(weightB: number): string {
  assertAbWeight(weightB);
  // split_clients refuses a 0% line, so the ends of the range are a single catch-all.
  const lines =
    weightB === 0 ? ['    * a;'] : weightB === 100 ? ['    * b;'] : [`    ${weightB}% b;`, '    * a;'];
  // The header names render-config.ts, the renderer's entry point, which re-exports this function.
  return `# Rendered by proxy/src/render-config.ts (renderAbSplit): B gets ${weightB}% of new visitors.
split_clients "\${trove_visitor}" $trove_split {
${lines.join('\n')}
}
`;
}

/** The http-level maps of the A/B rollout: visitor id, its cookie, the QA override. */
export function abTestBlock(runtimeDir: string): string {
  return `
  # A/B rollout of the landing page (docs/decisions/009-deploy-story.md). A visitor is the random id in
  # the ${VISITOR_COOKIE} cookie; a first visit uses this request's id and the answer sets the cookie.
  map $cookie_${VISITOR_COOKIE} $trove_visitor {
    "~^[0-9a-f]{32}$" $cookie_${VISITOR_COOKIE};
    default $request_id;
  }
  map $cookie_${VISITOR_COOKIE} $trove_visitor_cookie {
    "~^[0-9a-f]{32}$" "";
    default "${VISITOR_COOKIE}=$request_id; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly";
  }
  include ${runtimeDir}/ab-split.conf;
  # QA forces a variant with ?variant=a|b, else a ${VARIANT_COOKIE}=a|b cookie; everyone else gets the split.
  map $arg_variant $trove_variant_arg {
    a a;
    b b;
    default "";
  }
  map $cookie_${VARIANT_COOKIE} $trove_variant_cookie {
    a a;
    b b;
    default "";
  }
  map "$trove_variant_arg$trove_variant_cookie" $trove_variant {
    "~^(?<forced>[ab])" $forced;
    default $trove_split;
  }
`;
}

/** The runtime map per variant: B's file when it exists, else everyone's. */
export function abTestLocation(csp: string): string {
  return `    location = /config/remotes.json {
      try_files /config/remotes.$trove_variant.json /config/remotes.json =404;
      # Per visitor: a shared cache must not hand one visitor's variant to another.
      add_header Cache-Control "private, no-cache";
      add_header Vary Cookie;
      add_header X-Trove-Variant $trove_variant always;
      # Empty (so not sent) once the visitor has the cookie.
      add_header Set-Cookie $trove_visitor_cookie;
${securityHeaders(csp, '      ')}
${errorPageDirectives('json', '      ')}
    }
`;
}
