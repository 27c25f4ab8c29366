/**
 * Build-time prerender of the sign-in page, `/login` (docs/decisions/0020-prerendered-entry-pages.md;
 * `/` measured worse prerendered). scripts/prerender.mjs builds this module for Node (`vite build
 * --ssr`) and writes the page's markup into a copy of the built index.html, with the Material UI
 * (Emotion) rules in an inline stylesheet allowed by hash: the page's largest text paints from
 * HTML and CSS alone, before any script has arrived. The rules are written in Emotion's server
 * format (`<style data-emotion="lc name …">`), so the client's Emotion cache adopts them instead of
 * compiling and inserting the same rules again while the first render commits. What a first visitor gets: English, light theme,
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
import { HomePage } from './features/home/home-page';
import { LanguageProvider } from './lib/i18n';
import { sessionSlice } from './lib/session/session-slice';
import { muiTheme } from './lib/theme/mui-theme';

export const PRERENDERED_PAGES = { '/': 'home', '/login': 'login' } as const;

export interface Prerendered {
  html: string;
  /** Emotion's rules for that markup, in insertion order, with the names they were inserted under. */
  emotion: { names: string[]; css: string };
  /** Emotion's global styles (`<Global>`, MUI's GlobalStyles): each block's names and rules. */
  globals: { names: string; css: string }[];
}

export async function prerender(path: keyof typeof PRERENDERED_PAGES): Promise<Prerendered> {
  const elements = Object.fromEntries(SCREENS.map((screen) => [screen.name, null])) as Record<ScreenName, ReactNode>;
  elements.home = <HomePage />;
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
  // Which names are class rules and which global blocks: Emotion inserts a global one without a
  // selector. The page writes them in Emotion's own server format, so the client's cache counts
  // them as inserted and does not compile and insert them a second time (src/lib/theme).
  const globalNames = new Set<string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '') globalNames.add(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
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
  const emotion: Prerendered['emotion'] = { names: [], css: '' };
  const globals: Prerendered['globals'] = [];
  for (const [names, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (globalNames.has(names)) globals.push({ names, css: rules });
    else {
      emotion.names.push(names);
      emotion.css += rules;
    }
  }
  return { html, emotion, globals };
}
