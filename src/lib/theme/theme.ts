/**
 * Light or dark (docs/product.md §4, §9): the user's saved choice under `theme` wins; without one we follow the
 * system preference, including when it changes. src/shell/theme-init.js applies the same rule before
 * first paint (it cannot import this module: it must run before any bundle loads).
 */
import { STORAGE_KEYS, THEME_PRIMARY } from '../../../contract/constants';

export type Theme = 'light' | 'dark';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readSavedTheme(storage: Storage = localStorage): Theme | null {
  try {
    const saved = storage.getItem(STORAGE_KEYS.theme);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

export function saveTheme(theme: Theme, storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Blocked storage: the choice holds for this visit only.
  }
}

export function resolveTheme(saved: Theme | null, systemDark: boolean): Theme {
  return saved ?? (systemDark ? 'dark' : 'light');
}

/** Puts the theme on <html> (tokens.css keys off data-theme) and tints the browser's chrome. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_PRIMARY[theme]);
}
