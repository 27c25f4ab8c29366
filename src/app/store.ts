/**
 * The Redux store: the session slice and the one RTK Query API. Features add their reducers here
 * when they need client state beyond the API cache.
 *
 * The API is not in the first load (src/lib/api/api-loaded.ts): the store starts with the session
 * slice, and the API's reducer (a lazily injected slice) and middleware (dynamic middleware) are
 * added the moment the first screen that uses it has loaded it.
 */
import { combineSlices, configureStore, createDynamicMiddleware, type Reducer } from '@reduxjs/toolkit';
import type { api } from '../lib/api/api';
import { whenApiLoaded } from '../lib/api/api-loaded';
import { sessionListener } from '../lib/session/session-listener';
import { sessionSlice } from '../lib/session/session-slice';

interface LazyState {
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}

export function createAppStore() {
  const reducer = combineSlices(sessionSlice).withLazyLoadedSlices<LazyState>();
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    // Typed with the API's state present: nothing reads it before the API (and so it) is there.
    reducer: reducer as Reducer<ReturnType<typeof reducer> & LazyState>,
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(dynamic.middleware),
  });
  whenApiLoaded((loaded) => {
    reducer.inject(loaded);
    dynamic.addMiddleware(loaded.middleware);
    // Gives the injected slice its initial state before any component reads it.
    store.dispatch({ type: 'app/apiAttached' });
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
