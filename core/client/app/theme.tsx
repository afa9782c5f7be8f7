import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';

export type ThemeName = 'light' | 'dark';
const STORAGE_KEY = 'narrascope:theme';

const ThemeCtx = createContext<{ theme: ThemeName; setTheme: (t: ThemeName) => void } | null>(null);

function initialTheme(): ThemeName {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Fluent UI provider with the spec's two themes; light is the default. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(initialTheme);
  const setTheme = useCallback((t: ThemeName) => {
    setThemeState(t);
    try {
      localStorage.setItem(STORAGE_KEY, t);
    } catch (e) {
      console.warn(`[narrascope] ${(e as Error).message}`);
    }
  }, []);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return (
    <ThemeCtx.Provider value={value}>
      <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} data-theme={theme} style={{ height: '100%' }}>
        {children}
      </FluentProvider>
    </ThemeCtx.Provider>
  );
}

export function useTheme() {
  const ctx = useContext(ThemeCtx);
  if (!ctx) throw new Error('useTheme needs a ThemeProvider');
  return ctx;
}
