import { useWorkbench } from '@core/client/app/hostContext';
import { insightsPopupSectionsKey, type InsightsPopupSections } from '@plugins/insights/shared/public';

/**
 * The analyst insights sections of the insights plugin, when it is installed (an optional service): the popups
 * show them without importing that plugin's components.
 */
export function useInsightsSections(): InsightsPopupSections | null {
  const { services } = useWorkbench();
  return services.has(insightsPopupSectionsKey) ? services.get(insightsPopupSectionsKey) : null;
}
