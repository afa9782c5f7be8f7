import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { clearAll, decodeFilters, isEmptyFilters, mergeIntoSearch, toQueryString } from '@core/shared/filters';
import { useTheme } from '../app/theme';
import { useSessionActor } from '../session/SessionContext';
import { filtersKey, navigationKey, sessionKey, themeKey } from '../services/keys';

const currentSearch = () => window.location.search.replace(/^\?/, '');

/** Registers the shell's services (navigation, filters, theme, session) while the shell is mounted. */
export function useShellServices(services: ServiceRegistry): void {
  const router = useRouter();
  const { theme, setTheme } = useTheme();
  const session = useSessionActor();

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
      services.provide(sessionKey, {
        signOut: async () => {
          session.send({ type: 'SIGN_OUT' });
        },
      }),
    ];
    return () => disposers.forEach((d) => d());
  }, [services, router, session]);

  // The theme service re-registers when the theme changes so `get` answers the current one.
  useEffect(() => services.provide(themeKey, { get: () => theme, set: setTheme }), [services, theme, setTheme]);
}
