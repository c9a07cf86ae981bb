import type { DatabaseHandle } from '@trove/service-core';
import type { AttentionDetail } from './source-status';
import { sourceDocumentCount } from './sources.repository';

// Documents brought in by sources count against a per-user bound (issue 34 item 6; docs/decisions/083):
// SOURCE_DOCUMENTS_PER_USER. A sync counts the user's source documents once when it starts and adds what each
// batch would store before storing it; past the bound the batch is not stored and the source says why. One
// user's syncs run one at a time by default (SOURCE_SYNCS_PER_USER), so two runs do not count past it together.

/** A batch would take the user's sources past their documents. */
export class SourceQuotaReached extends Error {
  constructor(readonly max: number) {
    super(`Your sources hold ${max.toLocaleString('en-US')} documents, the most one account keeps.`);
  }
}

/** What is left of the user's documents for this run. */
export class DocumentAllowance {
  private constructor(
    private readonly max: number,
    private used: number,
  ) {}

  static async of(db: DatabaseHandle, userId: string, max: number): Promise<DocumentAllowance> {
    return new DocumentAllowance(max, await sourceDocumentCount(db, userId));
  }

  /** Counts `count` new documents, or throws {@link SourceQuotaReached} when they would pass the bound. */
  take(count: number): void {
    if (count > 0 && this.used + count > this.max) throw new SourceQuotaReached(this.max);
    this.used += count;
  }
}

/** The card's words for a source stopped at the bound (waits for the user: nothing changes by itself). */
export function quotaAttention(error: SourceQuotaReached): AttentionDetail {
  return {
    problem: 'limit',
    reason: `${error.message} What was stored before stays searchable; the rest was not stored.`,
    action:
      'Remove a source you no longer need, or narrow this one (a query, fewer folders), then sync it again.',
  };
}
