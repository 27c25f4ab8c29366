/**
 * Client entry: build the store and router, teach the session code how to reach /login, and render.
 */
import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { installDeviceData } from './app/device-data';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router/router';
import { createAppStore } from './app/store';
import { whenApiLoaded } from './lib/api/api-loaded';
import { setSessionExpiredHandler } from './lib/session/session-end';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';

const store = createAppStore();
const router = createAppRouter();
installDeviceData(store);
// Refetch-on-reconnect (reconnect.ts) matters once a screen has queries, so it comes with the API,
// whose chunk brings RTK Query's listeners; nothing of it is in the first load.
whenApiLoaded(() => {
  void import('./lib/api/reconnect').then(({ installReconnectRefetch }) => installReconnectRefetch(store.dispatch));
});

// After an expired session: to /login, remembering where the user was so login can return there.
setSessionExpiredHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser paint and answer input in between, instead of one task of a second or more on a slow
// phone (Lighthouse's total blocking time; docs/benchmarks.md, issue 18). The static app shell in
// index.html stays on screen until the app is ready, so nothing half-drawn shows.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
