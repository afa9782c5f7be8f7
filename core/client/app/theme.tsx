import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { FluentProvider, makeStaticStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';

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

/**
 * Plain anchors (router links, links in tables) take the theme's link colour: the browser's default blue and purple
 * fall under 4.5:1 on the dark theme's backgrounds. Fluent's own Link keeps its class styles (more specific).
 */
const useLinkStyles = makeStaticStyles({
  a: { color: tokens.colorBrandForegroundLink },
  'a:hover': { color: tokens.colorBrandForegroundLinkHover },
});

/** Fluent UI provider with the spec's two themes; light is the default. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useLinkStyles();
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
