import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useWorkbench } from '@core/client/app/hostContext';
import { DashboardWelcome } from '@core/client/pages/DashboardHome';
import { manifest } from '../manifest';
import { useRadarSettings } from './api';
import { RadarView } from './RadarView';
import { radarRange, useRadarRange } from './rangeStore';
import { ThemeChooser } from './ThemeChooser';
import { themeChooser, useThemeChooserOpen } from './themeChooserStore';

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
  const choosing = useThemeChooserOpen();
  if (settings.isPending) return <Spinner label="Loading…" data-testid="dashboard-home" />;
  // The organisation's theme chooser (admins), over whichever home shows.
  const chooser = choosing && settings.data?.can_edit ? <ThemeChooser settings={settings.data} onClose={() => themeChooser.set(false)} /> : null;
  if (settings.data?.enabled) {
    const onChooseThemes = settings.data.can_edit ? () => themeChooser.set(true) : undefined;
    return <>{chooser}<RadarView conversationId={null} range={range} onRange={radarRange.set} title="Topic Radar" onChooseThemes={onChooseThemes} /></>;
  }
  return <>{chooser}<Suspense fallback={<Spinner label="Loading…" />}><Next /></Suspense></>;
}
