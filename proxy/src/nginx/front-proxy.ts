// A proxy in front of this nginx (FRONT_PROXIES, docs/decisions/009 "Self-hosting" and 024): which
// scheme, host and client address the services are told the browser used. Kept apart from the
// locations because it is a trust decision: only the listed peers may claim https or a client address.

/** Which scheme and host the services are told the browser used (docs/decisions/009, "Self-hosting"). */
export function forwardedBlock(frontProxies: readonly string[]): string {
  return `
  # A trusted proxy in front (FRONT_PROXIES) terminates TLS: its X-Forwarded-Proto/-Host are passed on.
  # Anyone else's are replaced by what this nginx saw. The address is the peer's own ($realip_remote_addr),
  # not the client address realip may have taken from X-Forwarded-For.
  geo $realip_remote_addr $trove_front_proxy {
    default 0;${frontProxies.map((range) => `\n    ${range} 1;`).join('')}
  }
  map "$trove_front_proxy:$http_x_forwarded_proto" $trove_forwarded_proto {
    "~^1:(?<forwarded_proto>https?)$" $forwarded_proto;
    default $scheme;
  }
  map "$trove_front_proxy:$http_x_forwarded_host" $trove_forwarded_host {
    "~^1:(?<forwarded_host>[A-Za-z0-9.:-]+)$" $forwarded_host;
    default $http_host;
  }
  # HSTS only for a browser that came over https (a front proxy's, or this nginx's own TLS): sent over
  # plain http it would be ignored at best and pin a half-set-up host at worst.
  map $trove_forwarded_proto $trove_hsts {
    https "max-age=31536000; includeSubDomains";
    default "";
  }
${realIpBlock(frontProxies)}`;
}

/**
 * The client address the services see (issue 18 item 5). nginx sends them X-Forwarded-For set to
 * $remote_addr alone, never a client's own header appended to; behind a front proxy in FRONT_PROXIES,
 * realip first takes the client address from that proxy's X-Forwarded-For (the right-most address that is
 * not itself a trusted proxy), so each client keeps its own rate-limit key and nobody can pick theirs.
 */
function realIpBlock(frontProxies: readonly string[]): string {
  if (frontProxies.length === 0) return '';
  return `  # The client address from the front proxies' X-Forwarded-For (and from nobody else's).
${frontProxies.map((range) => `  set_real_ip_from ${range};`).join('\n')}
  real_ip_header X-Forwarded-For;
  real_ip_recursive on;
`;
}
