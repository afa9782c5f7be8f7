import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import { DashboardWelcome } from '@core/client/pages/DashboardHome';
import { manifest } from '../manifest';
import { useRadarSettings } from './api';
import { RadarView } from './RadarView';
import { radarRange, useRadarRange } from './rangeStore';

/** The dashboard home of the next plugin that fills the slot (the Platform Intelligence list), else the welcome text. */
function useNextHome(): ComponentType {
  const { plugins } = useWorkbench();
  return useMemo(() => {
    const next = plugins.find((p) => p.manifest.id !== manifest.id && p.slots?.dashboardHome);
    return next?.slots?.dashboardHome ? lazy(next.slots.dashboardHome as () => Promise<{ default: ComponentType }>) : DashboardWelcome;
  }, [plugins]);
}

/**
 * Dashboard home (spec part 1 section 2): the Topic Radar theme view when the organisation enabled it; otherwise
 * what the next plugin shows there (the Platform Intelligence list or the welcome text).
 */
export default function HomeSlot() {
  const settings = useRadarSettings();
  const range = useRadarRange();
  const Next = useNextHome();
  if (settings.isPending) return <Spinner label="Loading…" data-testid="dashboard-home" />;
  if (settings.data?.enabled) return <RadarView conversationId={null} range={range} onRange={radarRange.set} title="Topic Radar" />;
  return <Suspense fallback={<Spinner label="Loading…" />}><Next /></Suspense>;
}
