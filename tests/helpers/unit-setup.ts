/**
 * Setup for the client unit tests (jsdom): unmount what a test rendered, start every test with
 * empty storage, and supply the browser APIs jsdom lacks (matchMedia) with a controllable fake.
 * Also: how long the async queries wait (below).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// findBy…/waitFor wait up to 10 s (default 1 s): a Material UI screen renders a deeper tree, and on a
// loaded 2-core machine a screen that fetches twice (a redirect, then the data) can take longer.
configure({ asyncUtilTimeout: 10_000 });

type Listener = (event: MediaQueryListEvent) => void;

/** Tests flip the simulated system colour scheme with `setSystemDark(true)`. */
const mediaState = { dark: false, listeners: new Set<Listener>() };

export function setSystemDark(dark: boolean): void {
  mediaState.dark = dark;
  for (const listener of mediaState.listeners) listener({ matches: dark } as MediaQueryListEvent);
}

window.matchMedia = (query: string): MediaQueryList => {
  const isDarkQuery = query.includes('prefers-color-scheme: dark');
  return {
    get matches() {
      return isDarkQuery && mediaState.dark;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => {
      if (isDarkQuery) mediaState.listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: Listener) => {
      mediaState.listeners.delete(listener);
    },
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  } as unknown as MediaQueryList;
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mediaState.dark = false;
  mediaState.listeners.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
});
