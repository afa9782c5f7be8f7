import { Suspense, lazy } from 'react';
import type { AccountInsightsSectionProps, DomainInsightsSectionProps, InsightsPopupSections } from '../../shared/ui';

// Loaded with the first popup that shows them: the sections' queries and dialogs do not weigh on start-up.
const LazyAccount = lazy(() => import('./InsightsSection').then((m) => ({ default: m.AccountInsightsSection })));
const LazyDomain = lazy(() => import('./InsightsSection').then((m) => ({ default: m.DomainInsightsSection })));

/**
 * What the insights plugin provides under `insights.popupSections`. Each section waits for its code inside its own
 * Suspense boundary, so the popup around it never falls back while it loads.
 */
export const popupSections: InsightsPopupSections = {
  Account: (props: AccountInsightsSectionProps) => <Suspense fallback={null}><LazyAccount {...props} /></Suspense>,
  Domain: (props: DomainInsightsSectionProps) => <Suspense fallback={null}><LazyDomain {...props} /></Suspense>,
};
