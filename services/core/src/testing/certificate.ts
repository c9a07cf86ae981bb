import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// A self-signed certificate for the real servers the tests start (Dovecot, PostgreSQL, MariaDB), made with
// the machine's openssl: a P-256 key, valid for two days. Dovecot's, the database servers' and the webhook
// receiver's.

export interface TestCertificate {
  keyPath: string;
  certPath: string;
  pem: string;
  /** Node's `fingerprint256`: colon-separated uppercase hex. */
  sha256: string;
}

/**
 * Writes key.pem and cert.pem into `dir`. `altNames` are the names a client that checks the certificate
 * accepts (subjectAltName: `DNS:localhost`, `IP:127.0.0.1`).
 */
export function makeCertificate(
  dir: string,
  {
    commonName = 'localhost',
    organisation,
    altNames,
  }: { commonName?: string; organisation: string; altNames: readonly string[] },
): TestCertificate {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${commonName}/O=${organisation}`,
      '-addext',
      `subjectAltName=${altNames.join(',')}`,
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  const pem = readFileSync(certPath, 'utf8');
  return { keyPath, certPath, pem, sha256: new X509Certificate(pem).fingerprint256 };
}
