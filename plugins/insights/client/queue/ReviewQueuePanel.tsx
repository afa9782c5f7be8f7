import type { PanelProps } from '@core/client/plugin/contract';
import { ReviewQueue } from './ReviewQueue';

/** The review queue as a pane of the Insights tab. */
export default function ReviewQueuePanel({ paneId }: PanelProps<Record<string, never>>) {
  return <ReviewQueue paneId={paneId} />;
}
