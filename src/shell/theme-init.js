/*
 * Runs before the first paint: the build writes it into index.html's <head>
 * (scripts/vite-app-shell.ts; the server's CSP allows it by hash), so it costs no request. Sets
 * <html data-theme> from the saved `theme`, else the system preference, so a dark-mode user never
 * sees a white flash. src/lib/theme/theme.ts applies the same rule once React runs. Also sets
 * <html lang> for a Bangla reader and <html data-session> for a signed-in one.
 */
/* global window, document */
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // Storage blocked: fall through to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#27374D' : '#0693e3');
  try {
    if (localStorage.getItem('language') === 'bn') document.documentElement.lang = 'bn';
    // A stored session (contract/constants.ts STORAGE_KEYS.isLoggedIn): the prerendered public page
    // (scripts/prerender.mjs) would only flash before the app takes a member to their dashboard.
    if (localStorage.getItem('auth_isLoggedIn') === 'true') document.documentElement.setAttribute('data-session', '');
  } catch {
    // Storage blocked: English, signed out.
  }
})();
