/**
 * Everything the screens rely on, in dependency order: language (also for the crash screen),
 * an outer error boundary, the Redux store, and the theme. The router sits inside these.
 */
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ErrorBoundary } from '../components/error-boundary/error-boundary';
import { LanguageProvider } from '../lib/i18n';
import { isSessionKey, readStoredSession } from '../lib/session/storage';
import { sessionReloaded } from '../lib/session/session-slice';
import { ThemeProvider } from '../lib/theme/theme-provider';
import type { AppStore } from './store';

/** Follow sign-in and sign-out done in another tab of the app. */
function SessionSync({ store }: { store: AppStore }) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === localStorage && isSessionKey(event.key)) {
        store.dispatch(sessionReloaded(readStoredSession()));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);
  return null;
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <LanguageProvider>
      <ErrorBoundary>
        <Provider store={store}>
          <SessionSync store={store} />
          <ThemeProvider>{children}</ThemeProvider>
        </Provider>
      </ErrorBoundary>
    </LanguageProvider>
  );
}
