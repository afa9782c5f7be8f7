// Types only: React is erased from the build of both halves; shared/ code stays free of any runtime dependency on it.
import type { ComponentType } from 'react';
import { serviceKey } from '@core/shared/services/registry';

export interface RegistrationSectionProps {
  conversationId: string;
  /** A domain name or a URL: the section shows the registration of its registrable domain. */
  domainOrUrl: string;
}

/**
 * The URLs plugin's part of other plugins' popups (spec part 2 section 2, URL popup: Current Registration and the
 * Past Registration table): provided by this plugin in the browser, used when present by the plugin that draws the
 * graph's URL and domain popups (coordination), which thus never imports this plugin's components.
 */
export interface UrlsPopupSections {
  Registration: ComponentType<RegistrationSectionProps>;
}

export const urlsPopupSectionsKey = serviceKey<UrlsPopupSections>('urls.popupSections');
