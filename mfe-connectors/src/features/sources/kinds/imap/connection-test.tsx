import type { SourceFolder } from '@trove/contracts';
import { Button, Text } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import { type FailedTest, testFailureText } from './server-form';
import * as styles from '../../sources.module.css';

// A mailbox's connection test as both forms show it (Connect a mailbox, Edit): its state, the live line that says
// where it stands, and the row of Cancel, Test and the form's own submit.

export type ConnectionTest =
  | { phase: 'idle' }
  | { phase: 'testing' }
  | { phase: 'failed'; failure: FailedTest; host: string; port: string }
  | { phase: 'error'; message: string }
  | { phase: 'passed'; folders: SourceFolder[]; defaults: string[] };

/** Where the test stands, read out as it changes: testing, passed (in the form's words), or what failed. */
export function TestStatus({
  id,
  test,
  passed,
  onTrust,
}: {
  id?: string;
  test: ConnectionTest;
  /** What to do next once the connection works ("Check the folders, then press Save."). */
  passed: ReactNode;
  onTrust: (sha256: string) => void;
}) {
  return (
    <div id={id} className={styles.testResult} role="status" aria-live="polite">
      {test.phase === 'testing' ? <p className={styles.testing}>Testing the connection…</p> : null}
      {test.phase === 'passed' ? (
        <p className={styles.passed}>
          <span aria-hidden="true">✓ </span>The connection works. {passed}
        </p>
      ) : null}
      {test.phase === 'error' ? <p className={styles.failedTitle}>{test.message}</p> : null}
      {test.phase === 'failed' ? (
        <TestFailure failure={test.failure} host={test.host} port={test.port} onTrust={onTrust} />
      ) : null}
    </div>
  );
}

export function TestFailure({
  failure,
  host,
  port,
  onTrust,
}: {
  failure: FailedTest;
  host: string;
  port: string;
  onTrust: (sha256: string) => void;
}) {
  const words = testFailureText(failure, { host, port });
  const certificate = failure.step === 'tls' ? failure.certificate : null;
  return (
    <div className={styles.failed} data-step={failure.step}>
      <p className={styles.failedTitle}>{words.title}</p>
      <p>{words.detail}</p>
      <p>{words.action}</p>
      {certificate ? (
        <div className={styles.certificate}>
          <p className={styles.certificateLabel}>Its SHA-256 fingerprint</p>
          <Text as="code" size="xs" breakAnywhere className={styles.fingerprint}>
            {certificate.sha256}
          </Text>
          <p>
            Trust it only if it matches the fingerprint your mail server’s administrator gave you. Only this
            certificate will then be accepted for {host}.
          </p>
          <Button size="sm" onClick={() => onTrust(certificate.sha256)}>
            Trust this certificate and test again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
