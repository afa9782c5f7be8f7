// Types only: React is erased from the build of both halves; shared/ code stays free of any runtime dependency on it.
import type { ComponentType } from 'react';
import { serviceKey } from '@core/shared/services/registry';

/** An account as a popup knows it (the coordination user popup has its details). */
export interface PopupAccount {
  /** The platform's id of the account (core's `account` selection payload). */
  rid: string;
  platform: string | null;
  screen_name: string | null;
  /** The profile link. */
  url: string | null;
}

export interface AccountInsightsSectionProps {
  conversationId: string;
  account: PopupAccount;
}

export interface DomainInsightsSectionProps {
  conversationId: string;
  /** A domain name or a URL: the section looks up the insights of its host. */
  domainOrUrl: string;
}

/**
 * The analyst insights part of other plugins' popups (spec part 2 section 2: the user popup's "analyst insights",
 * and the domain and URL popups): provided by the insights plugin in the browser, used when present by the plugins
 * that draw those popups, which thus never import the insights plugin's components.
 */
export interface InsightsPopupSections {
  Account: ComponentType<AccountInsightsSectionProps>;
  Domain: ComponentType<DomainInsightsSectionProps>;
}

export const insightsPopupSectionsKey = serviceKey<InsightsPopupSections>('insights.popupSections');
