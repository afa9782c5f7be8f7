import { Suspense, lazy } from 'react';
import type { RegistrationSectionProps, UrlsPopupSections } from '../../shared/ui';

// Loaded with the first popup that shows it: the section's query does not weigh on start-up.
const LazyRegistration = lazy(() => import('./RegistrationSection').then((m) => ({ default: m.RegistrationSection })));

/** What the URLs plugin provides under `urls.popupSections`, inside its own Suspense boundary. */
export const popupSections: UrlsPopupSections = {
  Registration: (props: RegistrationSectionProps) => <Suspense fallback={null}><LazyRegistration {...props} /></Suspense>,
};
