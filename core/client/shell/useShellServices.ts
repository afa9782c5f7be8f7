import { useCallback, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { clearAll, decodeFilters, isEmptyFilters, mergeIntoSearch, toQueryString } from '@core/shared/filters';
import { useTheme } from '../app/theme';
import { useSessionActor } from '../session/SessionContext';
import { signOut } from '../session/sessionActor';
import { accessApi } from '../session/accessApi';
import { filtersKey, navigationKey, notificationsKey, sessionKey, themeKey } from '../services/keys';
import { useNotify } from '../app/notifications';

const currentSearch = () => window.location.search.replace(/^\?/, '');

/** Registers the shell's services (navigation, filters, theme, session, toasts) while the shell is mounted. */
export function useShellServices(services: ServiceRegistry): void {
  const router = useRouter();
  const { theme, setTheme } = useTheme();
  const session = useSessionActor();
  const notify = useNotify();

  // Toasts for commands and panels (notificationsKey): announced by the toaster's live region as well as shown.
  useEffect(() => services.provide(notificationsKey, { notify }), [services, notify]);

  useEffect(() => {
    const go = (href: string) => void router.navigate({ href });
    const disposers = [
      services.provide(navigationKey, { navigate: go, currentPath: () => router.state.location.pathname }),
      services.provide(filtersKey, {
        get: () => decodeFilters(currentSearch()),
        hasAny: () => !isEmptyFilters(decodeFilters(currentSearch())),
        set: (next) => go(`${window.location.pathname}?${toQueryString(mergeIntoSearch(currentSearch(), next))}`),
        clearAll: () => {
          const rest = toQueryString(clearAll(currentSearch()));
          go(`${window.location.pathname}${rest ? `?${rest}` : ''}`);
        },
      }),
      services.provide(sessionKey, { signOut: () => signOut(session) }),
    ];
    return () => disposers.forEach((d) => d());
  }, [services, router, session]);

  // The account's saved theme (preference/my) wins over this browser's once per sign-in, so the theme follows the
  // user between browsers; later changes (palette, settings) are saved back to the preference.
  const preference = useQuery({ queryKey: ['core', 'preference', 'my'], queryFn: () => accessApi.myPreference(), staleTime: 60_000 });
  const applied = useRef(false);
  useEffect(() => {
    const saved = preference.data?.theme;
    if (!saved || applied.current) return;
    applied.current = true;
    if (saved !== theme) setTheme(saved);
  }, [preference.data, theme, setTheme]);
  const setAndSave = useCallback((next: 'light' | 'dark') => {
    setTheme(next);
    void accessApi.saveMyPreference({ theme: next }).catch(() => undefined);
  }, [setTheme]);

  // The theme service re-registers when the theme changes so `get` answers the current one.
  useEffect(() => services.provide(themeKey, { get: () => theme, set: setAndSave }), [services, theme, setAndSave]);
}
