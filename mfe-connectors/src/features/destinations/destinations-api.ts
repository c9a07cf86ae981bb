import {
  API_PATHS,
  type CreateDestination,
  DestinationResponseSchema,
  DestinationsListResponseSchema,
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
