/**
 * Build-time prerender of the sign-in page, `/login` (docs/decisions/0020-prerendered-entry-pages.md;
 * `/` measured worse prerendered). scripts/prerender.mjs builds this module for Node (`vite build
 * --ssr`) and writes the page's markup into a copy of the built index.html, with the Material UI
 * (Emotion) rules in an inline stylesheet allowed by hash: the page's largest text paints from
 * HTML and CSS alone, before any script has arrived. What a first visitor gets: English, light theme,
 * signed out. The client does not hydrate: createRoot replaces the markup once React has rendered
 * (src/main.tsx), exactly as it replaces index.html's plain shell.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes } from './app/router/router';
import { SCREENS, type ScreenName } from './app/router/route-table';
import { LoginPage } from './features/auth/login-page';
import { LanguageProvider } from './lib/i18n';
import { sessionSlice } from './lib/session/session-slice';
import { muiTheme } from './lib/theme/mui-theme';

export const PRERENDERED_PAGES = { '/login': 'login' } as const;

export interface Prerendered {
  html: string;
  /** Emotion's rules for that markup, in insertion order. */
  css: string;
}

export async function prerender(path: keyof typeof PRERENDERED_PAGES): Promise<Prerendered> {
  const elements = Object.fromEntries(SCREENS.map((screen) => [screen.name, null])) as Record<ScreenName, ReactNode>;
  elements.login = <LoginPage />;
  const routes = appRoutes(elements);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // compat: Emotion keeps each rule's text in cache.inserted instead of writing <style> tags into the
  // markup (inline styles would need 'unsafe-inline' or a hash in the CSP).
  const cache = createCache({ key: 'lc', prepend: true });
  cache.compat = true;
  const store = configureStore({ reducer: { [sessionSlice.reducerPath]: sessionSlice.reducer } });
  const html = renderToString(
    <LanguageProvider initial="en">
      <Provider store={store}>
        <CacheProvider value={cache}>
          <MuiThemeProvider theme={muiTheme('light')}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </MuiThemeProvider>
        </CacheProvider>
      </Provider>
    </LanguageProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return { html, css };
}
