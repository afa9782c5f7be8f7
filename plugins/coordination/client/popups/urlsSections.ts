import { useWorkbench } from '@core/client/app/hostContext';
import { urlsPopupSectionsKey, type UrlsPopupSections } from '@plugins/urls/shared/public';

/** The URLs plugin's registration section, when it is installed (an optional service), without importing its components. */
export function useUrlsSections(): UrlsPopupSections | null {
  const { services } = useWorkbench();
  return services.has(urlsPopupSectionsKey) ? services.get(urlsPopupSectionsKey) : null;
}
