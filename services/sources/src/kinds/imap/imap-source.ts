import {
  type ImapSettings,
  type PresentedCertificate,
  SOURCE_TEST_STEPS,
  type SourceProblem,
  type SourceTestResult,
  type SourceTestStep,
} from '@trove/contracts';
import { HostRefusedError, resolveAllowedHost } from '@trove/service-core';
import type { SourceReach } from '../../source-settings';
import { problemWords } from '../../source-status';
import type { SourceContext } from '../source-kind';
import { ImapError, type PresentedCertificate as ImapCertificate, sameFingerprint } from './imap-client';
import type { ChildImapSettings } from './imap-protocol';
import { connectSandboxedImap, type MailboxSession, testSandboxedImap } from './imap-sandbox';

// Between a saved IMAP source and the IMAP client: where it may connect (the host guard, on every connect),
// and what a failure means to the person who set it up.

/**
 * The client's settings for a source, its host checked first (docs: core's host-guard): the name is resolved once
 * and every address checked, then the client (in its child) dials that address and no other, while TLS still
 * names the host (SNI and the certificate check). A name that points somewhere refused fails here with a
 * {@link HostRefusedError}, before a byte is sent.
 */
export async function imapConnectionSettings(
  settings: ImapSettings,
  password: string,
  reach: SourceReach,
): Promise<ChildImapSettings> {
  const { address, family } = await resolveAllowedHost(settings.host, reach.allowedHosts, reach.lookup);
  return {
    host: settings.host.replace(/^\[(.*)\]$/, '$1'),
    port: settings.port,
    security: settings.security,
    username: settings.username,
    password,
    pinnedSha256: settings.pinned_certificate_sha256 ?? undefined,
    address,
    family,
    connectTimeoutMs: reach.connectTimeoutMs,
  };
}

/** Where a mailbox is reached and how its child is bounded: the host guard and SOURCE_RUN_*. */
export type MailboxReach = Pick<SourceContext, 'reach' | 'databases'>;

/**
 * Connects and logs in as the source, in a child process (imap-sandbox.ts); throws {@link HostRefusedError} or
 * {@link ImapError} (kind `limit` past the child's bounds).
 */
export async function connectImapSource(
  settings: ImapSettings,
  password: string,
  context: MailboxReach,
): Promise<MailboxSession> {
  return connectSandboxedImap(
    await imapConnectionSettings(settings, password, context.reach),
    context.databases.runner,
  );
}

function certificateOf(
  certificate: ImapCertificate | undefined,
  problem: string | null,
): PresentedCertificate | null {
  if (certificate === undefined) return null;
  const date = (text: string) => {
    const parsed = new Date(text);
    return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
  };
  return {
    sha256: certificate.sha256,
    subject: certificate.subject || null,
    issuer: certificate.issuer || null,
    valid_from: date(certificate.validFrom),
    valid_to: date(certificate.validTo),
    problem,
  };
}

/** Which of the card's problems a connection failure is. */
export function problemOf(error: unknown): SourceProblem {
  if (error instanceof HostRefusedError) return error.kind === 'dns' ? 'dns' : 'refused';
  if (error instanceof ImapError) {
    switch (error.kind) {
      case 'dns':
      case 'tcp':
      case 'tls':
      case 'auth':
        return error.kind;
      case 'no-folders':
        return 'folders';
      case 'limit':
        return 'limit';
      default:
        return 'server';
    }
  }
  return 'server';
}

/**
 * What to do when a pinned server presents another certificate (docs/decisions/047): a renewal looks exactly like
 * someone in the way, so the user compares the new fingerprint with the server's own before trusting it.
 */
export const CHANGED_CERTIFICATE_ACTION =
  'The server’s certificate changed since you trusted it. If you renewed it, check that the new fingerprint is the one your server shows, then test the connection in the source’s settings and trust it. If you did not change it, do not trust it: the connection may be intercepted.';

/** A failure in plain words: the problem, the reason and what to do. */
export function describeFailure(
  error: unknown,
  settings: Pick<ImapSettings, 'host' | 'port'> & Partial<Pick<ImapSettings, 'pinned_certificate_sha256'>>,
): { problem: SourceProblem; reason: string; action: string } {
  const problem = problemOf(error);
  const detail =
    error instanceof HostRefusedError ||
    (error instanceof ImapError && (problem === 'tls' || problem === 'server' || problem === 'limit'))
      ? error.message
      : undefined;
  const words = problemWords(problem, { host: settings.host, port: settings.port, detail });
  const pinned = settings.pinned_certificate_sha256;
  const presented = error instanceof ImapError ? error.certificate?.sha256 : undefined;
  if (problem === 'tls' && pinned && presented !== undefined && !sameFingerprint(pinned, presented)) {
    return { problem, reason: words.reason, action: CHANGED_CERTIFICATE_ACTION };
  }
  return { problem, ...words };
}

/**
 * "Test" (issue 21, "The Connections page"): connect, log in and list the folders, and say exactly which step
 * failed. A failure is an answer, not an error; nothing is stored.
 */
export async function testImapSource(
  settings: ImapSettings,
  password: string,
  context: MailboxReach,
): Promise<SourceTestResult> {
  try {
    const connection = await imapConnectionSettings(settings, password, context.reach);
    const { folders, certificate } = await testSandboxedImap(connection, context.databases.runner);
    const defaults = folders.filter((folder) => folder.selectedByDefault).map((folder) => folder.path);
    return {
      ok: true,
      folders: folders.map((folder) => ({
        path: folder.path,
        name: folder.name,
        special_use: folder.specialUse ?? null,
        messages: null,
        default_selected: folder.selectedByDefault,
      })),
      default_folders: defaults,
      certificate: certificateOf(certificate, null),
    };
  } catch (error) {
    const failure = describeFailure(error, settings);
    const step: SourceTestStep = (SOURCE_TEST_STEPS as readonly string[]).includes(failure.problem)
      ? (failure.problem as SourceTestStep)
      : 'server';
    const presented = error instanceof ImapError ? error.certificate : undefined;
    return {
      ok: false,
      step,
      reason: failure.reason,
      action: failure.action,
      certificate: certificateOf(
        presented,
        presented === undefined ? null : ((error as ImapError).code ?? null),
      ),
    };
  }
}
