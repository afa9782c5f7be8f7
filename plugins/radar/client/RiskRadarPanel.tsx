import { navigationKey } from '@core/client/services/keys';
import { useWorkbench } from '@core/client/app/hostContext';
import type { PanelProps } from '@core/client/plugin/contract';
import { RadarView } from './RadarView';
import { themeExplorerPath } from './drillDown';
import { radarRange, useRadarRange } from './rangeStore';

/** The Risk Radar tab: the conversation's theme cards; a card opens the explorer's posts filtered to its theme. */
export default function RiskRadarPanel({ conversationId }: PanelProps<Record<string, never>>) {
  const range = useRadarRange();
  const { services } = useWorkbench();
  if (!conversationId) return null;
  const open = (theme: string) => {
    const navigation = services.get(navigationKey);
    navigation.navigate(themeExplorerPath(navigation.currentPath(), conversationId, theme));
  };
  return <RadarView conversationId={conversationId} range={range} onRange={radarRange.set} onOpenTheme={open} />;
}
