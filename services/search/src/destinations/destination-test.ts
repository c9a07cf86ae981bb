import type { DestinationKind, DestinationTestResult } from '@trove/contracts';
import { ApiError, describeError } from '@trove/service-core';
import { type PostOptions, postJson, UntrustedCertificateError } from './destination-post';
import { kindLabel, payloadFor } from './destination-payloads';
import { destinationWithSecret } from './destinations.repository';
import { checkWebhookUrl, type DestinationsDeps, openWebhookUrl } from './destinations.service';

// A destination's Test button (issue 38 item 4): one small message posted at once, as an answer would be, and
// what came of it in words. Nothing is queued or retried: the person is waiting for the answer.

export interface DestinationTestSettings {
  linkOrigin: string;
  product: string;
  /** The receiver's certificate authority in tests; the socket's idle limit. */
  post?: PostOptions | undefined;
  /** DESTINATION_POST_DEADLINE_MS: the longest the test may take. */
  deadlineMs: number;
}

/** Node's words for a certificate nobody vouches for (self-signed, unknown issuer, expired, another name). */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Why a post did not arrive, in words: a certificate nobody vouches for is named as such (issue 38). */
export function unreachedWords(label: string, host: string, err: unknown): string {
  if (err instanceof UntrustedCertificateError)
    return err.pinned
      ? `The certificate of ${host} is not the one you trusted (it now has SHA-256 ${err.certificate.sha256}).`
      : `The certificate of ${host} is not trusted (${err.code}).`;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && CERTIFICATE_CODES.has(code))
    return `The certificate of ${host} is not trusted (${describeError(err)}).`;
  return `${label} could not be reached (${describeError(err)}).`;
}

/** What the receiver's answer means, in words. */
export function answerWords(label: string, status: number, body: string): DestinationTestResult {
  const said = body.trim() === '' ? '' : `: ${body.trim().slice(0, 120)}`;
  if (status >= 200 && status < 300)
    return { ok: true, message: `${label} took the test message (${status}${said}).` };
  if (status === 404 || status === 410)
    return {
      ok: false,
      message: `${label} says this webhook no longer exists (${status}). Make a new one and add it again.`,
    };
  return { ok: false, message: `${label} answered ${status}${said}.` };
}

/** Posts the test message to the user's destination; undefined when it is not the user's. */
export async function testDestination(
  deps: DestinationsDeps,
  settings: DestinationTestSettings,
  userId: string,
  id: string,
): Promise<DestinationTestResult | undefined> {
  const destination = await destinationWithSecret(deps.db, id);
  if (destination === undefined || destination.user_id !== userId) return undefined;
  const kind = destination.kind as DestinationKind;
  const label = kindLabel(kind);
  let url: URL;
  try {
    url = new URL(await openWebhookUrl(deps.db, deps.secrets, destination));
  } catch {
    return { ok: false, message: `The webhook of ${destination.name} cannot be read — add it again.` };
  }
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await checkWebhookUrl(kind, url, deps.allowedHosts, deps.lookup);
  } catch (err) {
    return { ok: false, message: err instanceof ApiError ? err.message : describeError(err) };
  }
  const base = settings.linkOrigin.replace(/\/+$/, '');
  const message = `A test from ${settings.product}: answers sent to ${destination.name} will arrive here.`;
  const payload = payloadFor(kind, {
    product: settings.product,
    question: `Test of ${destination.name}`,
    summary: [{ text: message, url: base }],
    fieldHeadings: [],
    fields: [],
    passages: [],
    chatUrl: `${base}/chats`,
  });
  try {
    const outcome = await postJson(url, payload, resolved, {
      ...settings.post,
      deadlineMs: settings.deadlineMs,
      pinnedSha256: destination.pinned_sha256,
    });
    return answerWords(label, outcome.status, outcome.body);
  } catch (err) {
    const message = unreachedWords(label, url.hostname, err);
    if (!(err instanceof UntrustedCertificateError)) return { ok: false, message };
    const { sha256, subject, issuer, validTo } = err.certificate;
    return { ok: false, message, certificate: { sha256, subject, issuer, valid_to: validTo } };
  }
}
