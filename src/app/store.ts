/**
 * The Redux store: the session slice and the one RTK Query API. Features add their reducers here
 * when they need client state beyond the API cache.
 */
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api/api';
import { sessionListener } from '../lib/session/session-listener';
import { sessionSlice } from '../lib/session/session-slice';

export function createAppStore() {
  return configureStore({
    reducer: {
      [sessionSlice.name]: sessionSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
