import type { QueryClient } from '@tanstack/react-query';
import { serviceKey } from '@core/shared/services/registry';
import type { Filters } from '@core/shared/filters/model';
// Types only: importing the keys must not load the services (contextKeys.ts imports this file).
import type { SelectionService } from '../selection/selectionService';
import type { ContextKeyService } from '../commands/contextKeys';

export interface NotificationsService {
  /** Toasts close after 5 seconds, top-right (spec part 1 section 9). */
  notify(message: string, intent?: 'success' | 'error' | 'warning' | 'info'): void;
}

export interface NavigationService {
  navigate(to: string): void;
  currentPath(): string;
}

export interface FiltersService {
  get(): Filters;
  set(next: Filters): void;
  hasAny(): boolean;
  /** Removes every filter, range and insight_risk parameter from the URL (spec part 2 section 9). */
  clearAll(): void;
}

export interface ThemeService {
  get(): 'light' | 'dark';
  set(theme: 'light' | 'dark'): void;
}

export interface SessionService {
  signOut(): Promise<void>;
}

export const apiKey = serviceKey<{ queryClient: QueryClient }>('core.api');
export const notificationsKey = serviceKey<NotificationsService>('core.notifications');
export const navigationKey = serviceKey<NavigationService>('core.navigation');
export const filtersKey = serviceKey<FiltersService>('core.filters');
export const themeKey = serviceKey<ThemeService>('core.settings');
export const sessionKey = serviceKey<SessionService>('core.session');
/** The current selection and the open popups, with the popup renderers of every plugin (`core/client/selection`). */
export const selectionKey = serviceKey<SelectionService>('core.selection');
/** Context keys read by commands' `when` expressions; plugins may set their own (`core/client/commands`). */
export const contextKeysKey = serviceKey<ContextKeyService>('core.contextKeys');
