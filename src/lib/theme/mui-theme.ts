/**
 * The Material UI theme (docs/decisions/0013-material-ui-emotion.md): one light and one dark theme
 * built from the same brand colours as src/styles/tokens.css, so MUI components and the remaining
 * token-styled parts agree. Contrast: every text/background pair here meets WCAG AA (4.5:1).
 */
import { createTheme, type Theme as MuiTheme } from '@mui/material/styles';
import type { Theme } from './theme';

/**
 * Bangla in Noto Sans Bengali, shipped with the app (src/styles/fonts.css, limited to Bengali
 * characters); Latin text in the system face. The same stack as tokens.css's --font.
 */
export const FONT_STACK = "'Noto Sans Bengali', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const BRAND = {
  light: {
    primary: '#0570ad', // white text on it: 4.9:1
    secondary: '#0693e3',
    background: '#f6f8fb',
    paper: '#ffffff',
    text: '#14202b',
    textMuted: '#4a5a6a',
    divider: '#d5dee8',
    error: '#b42318',
    success: '#1b7a3d',
    warning: '#8a5a00',
  },
  dark: {
    primary: '#9ec8ff', // dark text on it: 10:1
    secondary: '#27374d',
    background: '#0f1722',
    paper: '#1a2433',
    text: '#e8eef5',
    textMuted: '#a9b7c6',
    divider: '#33445c',
    error: '#ff8a80',
    success: '#5fd08a',
    warning: '#f2c265',
  },
} as const;

function build(mode: Theme): MuiTheme {
  const c = BRAND[mode];
  return createTheme({
    palette: {
      mode,
      primary: { main: c.primary, contrastText: mode === 'dark' ? '#0f1722' : '#ffffff' },
      secondary: { main: c.secondary, contrastText: '#ffffff' },
      error: { main: c.error },
      success: { main: c.success },
      warning: { main: c.warning },
      background: { default: c.background, paper: c.paper },
      text: {
        primary: c.text,
        secondary: c.textMuted,
        // A disabled control stays readable (3:1 or better) in both themes.
        disabled: mode === 'dark' ? '#8796a8' : '#6b7785',
      },
      divider: c.divider,
      action: mode === 'dark' ? { disabledBackground: '#2c3b52', disabled: '#8796a8' } : {},
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { minHeight: 44 } },
      },
      MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', minHeight: 44 } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiPaginationItem: { styleOverrides: { root: { minWidth: 40, height: 40 } } },
    },
  });
}

const themes: Partial<Record<Theme, MuiTheme>> = {};

/** The MUI theme for a mode, built once per mode. */
export function muiTheme(mode: Theme): MuiTheme {
  return (themes[mode] ??= build(mode));
}
