/** Light/dark switch; the icon shows the theme you will get, the label says so in words. */
import { useT } from '../../lib/i18n';
import { useTheme } from '../../lib/theme/theme-provider';
import { headerMessages } from './header-messages';

export function ThemeToggle() {
  const t = useT(headerMessages);
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('themeToLight') : t('themeToDark');
  return (
    <button type="button" className="icon-button" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" fill="currentColor" />
        </svg>
      )}
    </button>
  );
}
