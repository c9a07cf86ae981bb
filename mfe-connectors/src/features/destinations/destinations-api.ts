import {
  API_PATHS,
  type CreateDestination,
  DestinationResponseSchema,
  DestinationsListResponseSchema,
  type DestinationTestResult,
  DestinationTestResultSchema,
  type SavedDestination,
} from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 22 "Ship": the Connections page's destinations (services/search, routes/destinations.ts), through the
// kit's fetch wrapper, answers read with the contracts' schemas. The webhook URL is sent, never read back.

const DESTINATIONS = API_PATHS.destinations;

export async function listDestinations(signal?: AbortSignal): Promise<SavedDestination[]> {
  return DestinationsListResponseSchema.parse(await api.get(DESTINATIONS, { signal, cache: 'no-store' }))
    .destinations;
}

export async function createDestination(request: CreateDestination): Promise<SavedDestination> {
  return DestinationResponseSchema.parse(await api.post(DESTINATIONS, request)).destination;
}

export async function removeDestination(id: string): Promise<void> {
  await api.delete(`${DESTINATIONS}/${encodeURIComponent(id)}`);
}

/** "Trust this certificate" (issue 38 item 4): the SHA-256 a failed test showed, trusted from now on. */
export async function trustDestination(id: string, sha256: string): Promise<SavedDestination> {
  return DestinationResponseSchema.parse(
    await api.post(`${DESTINATIONS}/${encodeURIComponent(id)}/trust`, { sha256 }),
  ).destination;
}

/** Posts a small test message at once (issue 38 item 4): the receiver's answer, or why nothing arrived. */
export async function testDestination(id: string): Promise<DestinationTestResult> {
  return DestinationTestResultSchema.parse(
    await api.post(`${DESTINATIONS}/${encodeURIComponent(id)}/test`, {}),
  );
}
