import { Badge } from '@fluentui/react-components';
import type { InsightStatus } from '../shared/vocabulary';

export const STATUS_LABELS: Record<InsightStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', deleted: 'Deleted' };
const COLOURS = { pending: 'warning', approved: 'success', rejected: 'danger', deleted: 'subtle' } as const;

/** An insight's status as a badge; the text is the status, so colour is never the only cue. */
export function StatusBadge({ status }: { status: InsightStatus }) {
  return <Badge appearance="tint" color={COLOURS[status]}>{STATUS_LABELS[status]}</Badge>;
}
