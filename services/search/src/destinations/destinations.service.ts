import { randomUUID } from 'node:crypto';
import {
  type CreateDestination,
  DESTINATION_MESSAGES,
  DESTINATION_WEBHOOK_HOSTS,
  DESTINATIONS_PER_USER_MAX,
  type DestinationKind,
  destinationKey,
  isTeamsWebhookUrl,
  type SavedDestination,
} from '@trove/contracts';
import {
  type AllowedHosts,
  ApiError,
  type DatabaseHandle,
  HostRefusedError,
  isListedHost,
  type Lookup,
  resealOnRead,
  resolveAllowedHost,
  type SecretBox,
} from '@trove/service-core';
import {
  countDestinations,
  type DestinationRow,
  deleteDestination,
  findDestination,
  insertDestination,
  listDestinations,
  pinDestinationCertificate,
  replaceUrlSecret,
} from './destinations.repository';

// /api/v1/destinations (issue 22 "Ship", docs/decisions/050-destinations.md): a user's webhooks. The URL is
// the credential: it is sealed before it is stored, opened only to post, and no answer, log line or error
// carries it — only its host.

export interface DestinationsDeps {
  db: DatabaseHandle;
  secrets: SecretBox;
  /** DESTINATION_ALLOWED_HOSTS: hosts beyond the services' webhook domains, and private addresses allowed. */
  allowedHosts: AllowedHosts;
  /** Tests: a DNS for the host guard. */
  lookup?: Lookup;
}

/** What the secret box binds a destination's URL to: a ciphertext copied to another row does not open. */
export const urlContext = (destinationId: string) => `destination:${destinationId}:url`;

/**
 * A destination's webhook URL, to post to. One a previous key (SECRETS_KEY_PREVIOUS) sealed is sealed again
 * with SECRETS_KEY as it is read (docs/decisions/091).
 */
export async function openWebhookUrl(
  db: DatabaseHandle,
  secrets: SecretBox,
  destination: { id: string; secret: string },
): Promise<string> {
  const context = urlContext(destination.id);
  const url = secrets.open(destination.secret, context);
  await resealOnRead(secrets, destination.secret, context, (resealed) =>
    replaceUrlSecret(db, destination.id, destination.secret, resealed),
  );
  return url;
}

const NOT_FOUND = () => new ApiError(404, DESTINATION_MESSAGES.notFound, 'not_found');

export function toDestination(row: DestinationRow): SavedDestination {
  return {
    id: row.id,
    kind: row.kind as DestinationKind,
    name: row.name,
    host: row.host,
    state: row.state === 'broken' ? 'broken' : 'ok',
    detail: row.detail,
    created_at: row.created_at.toISOString(),
    trusted_certificate: row.pinned_sha256,
  };
}

/** Whether `host` is one of the kind's webhook domains (itself or a subdomain). */
export function isWebhookHost(kind: DestinationKind, host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return DESTINATION_WEBHOOK_HOSTS[kind].some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * Refuses a URL Trove must not post to: not https, a host outside the kind's webhook domains (unless
 * DESTINATION_ALLOWED_HOSTS lists it), or a name that resolves to a private address (the host guard). Used
 * when a destination is saved and again before every post.
 */
export async function checkWebhookUrl(
  kind: DestinationKind,
  url: URL,
  allowed: AllowedHosts,
  lookup?: Lookup,
): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'https:') throw new ApiError(400, DESTINATION_MESSAGES.notHttps, 'bad_url');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isListedHost(host, allowed)) {
    if (!isWebhookHost(kind, host))
      throw new ApiError(400, DESTINATION_MESSAGES.wrongHost(kind, host), 'host_refused');
    // Issue 35 item 2: for Teams the domain says too little; the URL must be one Teams hands out.
    if (kind === 'teams' && !isTeamsWebhookUrl(url))
      throw new ApiError(400, DESTINATION_MESSAGES.notTeamsWebhook, 'host_refused');
  }
  try {
    return await resolveAllowedHost(host, allowed, lookup);
  } catch (error) {
    if (error instanceof HostRefusedError) {
      const message = error.message.replace('SOURCE_ALLOWED_HOSTS', 'DESTINATION_ALLOWED_HOSTS');
      throw new ApiError(400, message, error.kind === 'refused' ? 'host_refused' : 'host_unresolved');
    }
    throw error;
  }
}

export async function destinationsOf(deps: DestinationsDeps, userId: string): Promise<SavedDestination[]> {
  return (await listDestinations(deps.db, userId)).map(toDestination);
}

export async function createDestination(
  deps: DestinationsDeps,
  userId: string,
  input: CreateDestination,
): Promise<SavedDestination> {
  const url = new URL(input.url);
  await checkWebhookUrl(input.kind, url, deps.allowedHosts, deps.lookup);
  if ((await countDestinations(deps.db, userId)) >= DESTINATIONS_PER_USER_MAX) {
    throw new ApiError(409, DESTINATION_MESSAGES.tooMany, 'too_many');
  }
  const id = randomUUID();
  const saved = await insertDestination(deps.db, {
    id,
    userId,
    kind: input.kind,
    name: input.name,
    nameKey: destinationKey(input.name),
    host: url.hostname,
    secret: deps.secrets.seal(url.href, urlContext(id)),
  });
  if (!saved) throw new ApiError(409, DESTINATION_MESSAGES.duplicateName(input.name), 'duplicate_name');
  const row = await findDestination(deps.db, userId, id);
  if (row === undefined) throw NOT_FOUND();
  return toDestination(row);
}

/** Trusts one certificate for the user's destination; another user's is a 404. */
export async function trustDestinationCertificate(
  deps: DestinationsDeps,
  userId: string,
  id: string,
  sha256: string,
): Promise<SavedDestination> {
  if (!(await pinDestinationCertificate(deps.db, userId, id, sha256))) throw NOT_FOUND();
  const row = await findDestination(deps.db, userId, id);
  if (row === undefined) throw NOT_FOUND();
  return toDestination(row);
}

export async function removeDestination(deps: DestinationsDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteDestination(deps.db, userId, id))) throw NOT_FOUND();
}
