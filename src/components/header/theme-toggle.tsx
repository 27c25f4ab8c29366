/** Light/dark switch; the icon shows the theme you will get, the label says so in words. */
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useT } from '../../lib/i18n';
import { useTheme } from '../../lib/theme/theme-provider';
import { headerMessages } from './header-messages';

export function ThemeToggle() {
  const t = useT(headerMessages);
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('themeToLight') : t('themeToDark');
  return (
    <IconButton color="inherit" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <LightMode /> : <DarkMode />}
    </IconButton>
  );
}
