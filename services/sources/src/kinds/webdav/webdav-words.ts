import type { SourceTestResult, WebdavSettings } from '@trove/contracts';
import { describeError } from '@trove/service-core';
import type { AttentionDetail } from '../../source-status';
import { WebdavError } from './webdav-error';

// A file share's failures in words for the card and the Test answer (issue 43, "Bad input"): what happened,
// and what to do about it — one message each, never a stack.

const ACTIONS: Readonly<Record<string, string>> = {
  dns: 'Check the address in the settings.',
  refused:
    'Trove reaches only public servers unless an administrator lists this one in SOURCE_ALLOWED_HOSTS.',
  tcp: 'Check the address and that the server is running; it is tried again by itself.',
  tls: 'Check the address (https:// and the server’s own name); it is tried again by itself.',
  auth: 'Enter the user name and an app password again (Nextcloud: Settings › Security › Devices & sessions).',
  folders: 'Check the address, or choose the folders again.',
  limit: 'Choose fewer folders, or ask an administrator to raise the SOURCE_WEBDAV_* bounds.',
  timeout: 'It is tried again by itself; a busy server may need a moment.',
  server:
    'Check the address: it should be the share’s WebDAV address (Nextcloud: …/remote.php/dav/files/<user>/).',
};

export function webdavFailure(error: unknown, settings: Pick<WebdavSettings, 'url'>): AttentionDetail {
  if (error instanceof WebdavError)
    return {
      problem: error.problem,
      reason: error.message,
      action: ACTIONS[error.problem] ?? ACTIONS.server ?? '',
    };
  const host = (() => {
    try {
      return new URL(settings.url).host;
    } catch {
      return 'the server';
    }
  })();
  return {
    problem: 'server',
    reason: `Reading the share at ${host} failed: ${describeError(error)}.`,
    action: 'It is tried again by itself.',
  };
}

const TEST_STEPS = new Set(['dns', 'refused', 'tcp', 'tls', 'auth', 'folders', 'server']);

/** A failed Test, with the step the card's problem names (a bound or a timeout is the server's step). */
export function failedTest(detail: AttentionDetail): SourceTestResult {
  const step = TEST_STEPS.has(detail.problem) ? (detail.problem as 'server') : 'server';
  return { ok: false, step, reason: detail.reason, action: detail.action, certificate: null };
}
