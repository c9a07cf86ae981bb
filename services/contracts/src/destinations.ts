import { z } from 'zod';
import { requestBody } from './request-body';

// Issue 22 "Ship": where an answer can be posted besides email — a Slack incoming webhook, a Microsoft Teams
// Workflows webhook, a Google Chat webhook (services/search, under /api/v1/destinations). The user names one
// ("#finance") and gives its webhook URL; the URL is the credential (whoever has it can post), so it travels
// in the create request only: it is stored sealed and no answer ever carries it, only its host.

export const DESTINATION_KINDS = ['slack', 'teams', 'google_chat'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export const DESTINATION_KIND_LABELS: Readonly<Record<DestinationKind, string>> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  google_chat: 'Google Chat',
};

/**
 * The hosts each service's webhooks live on (a suffix matches the host itself and its subdomains). Slack:
 * hooks.slack.com. Teams: Workflows ("Post to a channel when a webhook request is received") on
 * *.logic.azure.com and *.environment.api.powerplatform.com; the retired Office 365 connectors on
 * *.webhook.office.com — and for Teams the whole URL must also have one of TEAMS_WEBHOOK_SHAPES. Google
 * Chat: chat.googleapis.com. DESTINATION_ALLOWED_HOSTS adds others.
 */
export const DESTINATION_WEBHOOK_HOSTS: Readonly<Record<DestinationKind, readonly string[]>> = {
  slack: ['hooks.slack.com'],
  teams: ['webhook.office.com', 'logic.azure.com', 'api.powerplatform.com'],
  google_chat: ['chat.googleapis.com'],
};

/**
 * Teams webhooks by their whole shape, not by domain (issue 35 item 2, docs/decisions/094): anyone can run an
 * endpoint of their own somewhere under logic.azure.com or api.powerplatform.com, one that answers as slowly as
 * it likes. A Teams destination must be what Teams itself hands out: a Workflow's webhook trigger on Logic Apps
 * (`prod-NN.<region>.logic.azure.com/workflows/<id>/triggers/manual/paths/invoke`) or on Power Platform
 * (`<env>.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/<id>/triggers/manual/
 * paths/invoke`), or a channel's incoming webhook (`<tenant>.webhook.office.com/webhookb2/…/IncomingWebhook/…`).
 */
export const TEAMS_WEBHOOK_SHAPES: readonly { host: RegExp; path: RegExp }[] = [
  {
    host: /^prod-\d{1,3}\.[a-z0-9]+\.logic\.azure\.com$/,
    path: /^\/workflows\/[0-9a-f]{32}\/triggers\/manual\/paths\/invoke\/?$/,
  },
  {
    host: /^[a-z0-9]+\.[a-z0-9]{1,4}\.environment\.api\.powerplatform\.com$/,
    path: /^\/powerautomate\/automations\/direct\/workflows\/[0-9a-f]{32}\/triggers\/manual\/paths\/invoke\/?$/,
  },
  {
    host: /^[a-z0-9-]+\.webhook\.office\.com$/,
    path: /^\/webhookb2\/[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f-]{36}(?:\/[A-Za-z0-9_-]+)?\/?$/,
  },
];

/** Whether a Teams URL is one Teams itself hands out (TEAMS_WEBHOOK_SHAPES), on the https port. */
export function isTeamsWebhookUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return TEAMS_WEBHOOK_SHAPES.some((shape) => shape.host.test(host) && shape.path.test(url.pathname));
}

export const DESTINATION_NAME_MAX_LENGTH = 80;
export const DESTINATION_URL_MAX_LENGTH = 2048;
export const DESTINATIONS_PER_USER_MAX = 50;

export const DESTINATION_MESSAGES = {
  notFound: 'Not found',
  badKind: `A destination is one of: ${DESTINATION_KINDS.join(', ')}.`,
  nameRequired: 'Give the destination a name, such as #finance.',
  nameTooLong: `A name can be at most ${DESTINATION_NAME_MAX_LENGTH} characters.`,
  urlRequired: 'Paste the webhook URL the service gave you.',
  badUrl: 'The webhook URL must be a full https:// address.',
  notHttps:
    'The webhook URL must start with https:// — a plain http webhook would carry the answer unencrypted.',
  wrongHost: (kind: DestinationKind, host: string) =>
    `${host} is not a ${DESTINATION_KIND_LABELS[kind]} webhook address (expected ${DESTINATION_WEBHOOK_HOSTS[
      kind
    ].join(' or ')}).`,
  notTeamsWebhook:
    'This is not a Teams webhook address. Use the URL a Teams Workflow gives ("When a Teams webhook request is received") or a channel\'s incoming webhook.',
  duplicateName: (name: string) => `You already have a destination named ${name}.`,
  tooMany: `You can keep at most ${DESTINATIONS_PER_USER_MAX} destinations.`,
} as const;

export const DestinationIdSchema = z.uuid();

export const DestinationKindSchema = z.enum(DESTINATION_KINDS, { error: DESTINATION_MESSAGES.badKind });

export const DestinationNameSchema = z
  .string({ error: DESTINATION_MESSAGES.nameRequired })
  .trim()
  .min(1, DESTINATION_MESSAGES.nameRequired)
  .max(DESTINATION_NAME_MAX_LENGTH, DESTINATION_MESSAGES.nameTooLong);

/** An https URL (the host check per kind is the service's, which also knows DESTINATION_ALLOWED_HOSTS). */
export const WebhookUrlSchema = z
  .string({ error: DESTINATION_MESSAGES.urlRequired })
  .trim()
  .min(1, DESTINATION_MESSAGES.urlRequired)
  .max(DESTINATION_URL_MAX_LENGTH, DESTINATION_MESSAGES.badUrl)
  .refine((value) => URL.canParse(value), DESTINATION_MESSAGES.badUrl)
  .refine(
    (value) => !URL.canParse(value) || new URL(value).protocol === 'https:',
    DESTINATION_MESSAGES.notHttps,
  );

export const CreateDestinationSchema = requestBody({
  kind: DestinationKindSchema,
  name: DestinationNameSchema,
  /** Write-only: stored sealed, never answered. */
  url: WebhookUrlSchema,
});
export type CreateDestination = z.output<typeof CreateDestinationSchema>;

export const DESTINATION_STATES = ['ok', 'broken'] as const;

export const DestinationSchema = z.object({
  id: z.string(),
  kind: DestinationKindSchema,
  name: z.string(),
  /** The webhook's host only (the path and query are the secret). */
  host: z.string(),
  /** `broken`: the service said the webhook is gone (404/410); `detail` says what to do. */
  state: z.enum(DESTINATION_STATES),
  detail: z.string().nullable(),
  created_at: z.string(),
  /** SHA-256 of the certificate the user trusts for this receiver ("Trust this certificate"); null: none. */
  trusted_certificate: z.string().nullable().optional(),
});
export type SavedDestination = z.output<typeof DestinationSchema>;

export const DestinationsListResponseSchema = z.object({ destinations: z.array(DestinationSchema) });
export type DestinationsListResponse = z.output<typeof DestinationsListResponseSchema>;

export const DestinationResponseSchema = z.object({ destination: DestinationSchema });
export type DestinationResponse = z.output<typeof DestinationResponseSchema>;

/** How `-> #finance` or `-> teams "Ops"` finds a destination: case, spaces and a leading # do not count. */
export function destinationKey(name: string): string {
  return name.trim().replace(/^#+/, '').replace(/\s+/g, ' ').toLowerCase();
}

/**
 * `POST /api/v1/destinations/:id/test` (issue 38 item 4): a small message posted at once, and what came of it in
 * words — the receiver's answer, or why nothing arrived ("The certificate of hooks.internal is not trusted").
 * 200 either way: a failed test is an answer, not an error.
 */
export const DestinationTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /**
   * The certificate the receiver presented when no authority vouches for it (or it is not the one trusted):
   * what "Trust this certificate" would trust, shown so the person can compare it with their server's.
   */
  certificate: z
    .object({ sha256: z.string(), subject: z.string(), issuer: z.string(), valid_to: z.string() })
    .optional(),
});
export type DestinationTestResult = z.output<typeof DestinationTestResultSchema>;

/** A SHA-256 fingerprint: 64 hex digits, colons or not, any case. */
const SHA256 = /^(?:[0-9a-f]{2}:?){31}[0-9a-f]{2}$/i;

/**
 * `POST /api/v1/destinations/:id/trust` (issue 38 item 4): trust this one certificate for the receiver, the
 * SHA-256 the failed test showed. Answers the destination.
 */
export const TrustDestinationCertificateSchema = requestBody({
  sha256: z
    .string({ error: 'Send the certificate’s SHA-256 fingerprint.' })
    .trim()
    .regex(SHA256, 'A SHA-256 fingerprint is 64 hexadecimal digits, with or without colons.')
    .transform((value) => (value.replace(/:/g, '').toUpperCase().match(/../g) ?? []).join(':')),
});
export type TrustDestinationCertificate = z.output<typeof TrustDestinationCertificateSchema>;
