import { IMAP_DEFAULT_PORTS, type ImapSecurity } from '@trove/contracts';

export interface ServerGuess {
  host: string;
  port: number;
  security: ImapSecurity;
}

// Issue 21: the form guesses the server from the address so most people only type email and password.
// Every provider here speaks implicit TLS on 993; STARTTLS is for servers people run themselves.
const PROVIDERS: ReadonlyArray<{ domains: readonly string[]; host: string }> = [
  { domains: ['gmail.com', 'googlemail.com'], host: 'imap.gmail.com' },
  { domains: ['outlook.com', 'hotmail.com', 'live.com'], host: 'outlook.office365.com' },
  { domains: ['icloud.com', 'me.com', 'mac.com'], host: 'imap.mail.me.com' },
  { domains: ['fastmail.com'], host: 'imap.fastmail.com' },
  { domains: ['yahoo.com'], host: 'imap.mail.yahoo.com' },
];

/**
 * The IMAP server of a mailbox, guessed from its address's domain: a known provider's server, else
 * imap.<domain>, on 993 with TLS. null while the address has no domain to guess from.
 */
export function guessImapServer(email: string): ServerGuess | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(domain)) return null;
  const provider = PROVIDERS.find((known) => known.domains.includes(domain));
  return { host: provider?.host ?? `imap.${domain}`, port: IMAP_DEFAULT_PORTS.tls, security: 'tls' };
}
