import {
  type ChatDestination,
  DESTINATION_KIND_LABELS,
  type DestinationKind,
  destinationKey,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { type DestinationRow, findDestinationByKey, listDestinations } from './destinations.repository';

// `-> #finance` and `-> teams "Ops"` (issue 22 "Ship"): which of the user's destinations a command names,
// and what the answer's note says when none does. The delivery rows are post-deliveries.repository.ts's.

export type ShipTarget = { destination: DestinationRow } | { note: string };

function listed(rows: readonly DestinationRow[]): string {
  return rows
    .map((row) => `${row.name} (${DESTINATION_KIND_LABELS[row.kind as DestinationKind] ?? row.kind})`)
    .join(', ');
}

/**
 * The destination a chat or Teams command names, by name (case, spaces and a leading # aside). Unknown: a
 * note that offers the configured ones by name, or says where to add one.
 */
export async function shipTarget(
  db: DatabaseHandle,
  userId: string,
  destination: Extract<ChatDestination, { kind: 'chat' | 'teams' }>,
): Promise<ShipTarget> {
  const named = destination.channel;
  const found = await findDestinationByKey(db, userId, destinationKey(named));
  if (found !== undefined) return { destination: found };
  const all = await listDestinations(db, userId);
  const label = destination.kind === 'teams' ? `Teams “${named}”` : named;
  if (all.length === 0) {
    return {
      note: `${label} isn't set up yet — add it as a destination on Connections (a Slack, Teams or Google Chat webhook), or send this by email.`,
    };
  }
  return {
    note: `There is no destination named ${label}. Yours: ${listed(all)} — e.g. “-> ${all[0]?.name}”, or add ${named} on Connections.`,
  };
}
