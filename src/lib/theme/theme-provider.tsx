/**
 * Keeps <html data-theme> right for the whole app, gives Material UI the matching theme, and offers
 * `toggleTheme`. A toggle saves the choice; until then the system preference (and its changes)
 * decide. Other tabs follow a toggle.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../../contract/constants';
import { muiTheme } from './mui-theme';
import { applyTheme, DARK_QUERY, readSavedTheme, resolveTheme, saveTheme, type Theme } from './theme';

/**
 * Emotion writes MUI's styles with CSSOM `insertRule` into empty <style> elements ("speedy"), never
 * as <style> text, so the CSP's style-src needs no 'unsafe-inline': only the hash of the empty string
 * (docs/decisions/0013-material-ui-emotion.md). `prepend` puts them before our own stylesheets. Unit
 * tests (jsdom) keep text mode, whose rules jsdom can read.
 */
const emotionCache = createCache({ key: 'lc', speedy: import.meta.env.MODE !== 'test', prepend: true });

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue>({ theme: 'light', toggleTheme: () => undefined });

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [saved, setSaved] = useState<Theme | null>(() => readSavedTheme());
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  const theme = resolveTheme(saved, systemDark);

  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme || event.key === null) setSaved(readSavedTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      query.removeEventListener('change', onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => applyTheme(theme), [theme]);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    saveTheme(next);
    setSaved(next);
  }, [theme]);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return (
    <ThemeContext.Provider value={value}>
      <CacheProvider value={emotionCache}>
        <MuiThemeProvider theme={muiTheme(theme)}>{children}</MuiThemeProvider>
      </CacheProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext);
}
