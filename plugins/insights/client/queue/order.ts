import type { Insight } from '../../shared/api';
import { editedAt } from '../describe';

export interface QueueGroups {
  pending: Insight[];
  /** Reviewed insights: approved and rejected (deleted ones are not listed). */
  archived: Insight[];
}

const newestFirst = (a: Insight, b: Insight) => editedAt(b).localeCompare(editedAt(a)) || a.id.localeCompare(b.id);

/** Spec part 2 section 4: pending and archived groups, each sorted by edited_at descending. */
export function queueGroups(insights: readonly Insight[]): QueueGroups {
  return {
    pending: insights.filter((i) => i.status === 'pending').sort(newestFirst),
    archived: insights.filter((i) => i.status === 'approved' || i.status === 'rejected').sort(newestFirst),
  };
}

/**
 * Where focus goes once the pending insight `id` has been reviewed and left the pending group: the next pending
 * one, else the one before it, else the first archived one.
 */
export function nextAfterReview(groups: QueueGroups, id: string): string | null {
  const k = groups.pending.findIndex((i) => i.id === id);
  if (k < 0) return id;
  return groups.pending[k + 1]?.id ?? groups.pending[k - 1]?.id ?? groups.archived.find((i) => i.id !== id)?.id ?? null;
}
