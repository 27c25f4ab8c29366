/**
 * Going online refreshes without a reload (issue 7): when the link comes back, every query a screen
 * is showing is fetched again, so data answered from the device copy — and its "Offline — showing
 * what was saved …" note — is replaced by the server's answer.
 *
 * RTK Query does the refetching (`refetchOnReconnect` on the API, api.ts) when it sees
 * its `onOnline` action. Its own listener only hears the browser's `online` event, which never fires
 * for a phone that stayed "connected" while its link was dead (network-status.ts then says offline
 * from calls without an answer), so the action is dispatched from our network status instead: on
 * every change from offline to slow or online. Leaving "Use Offline Mode" is the same moment for the
 * screens (what they show came from the device), and so is entering it (they should now show the
 * device copy rather than wait on the network). src/main.tsx installs it when the API has loaded
 * (api-loaded.ts), since before that no screen has a query to refetch.
 */
import { setupListeners } from '@reduxjs/toolkit/query';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { networkStatus, subscribeNetworkStatus, type NetworkStatus } from '../offline/network-status';
import { offlineModeOn, subscribeOfflineMode } from '../offline/offline-mode';

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export function installReconnectRefetch(dispatch: AnyDispatch): () => void {
  return setupListeners(dispatch, (dispatchAction, { onOnline, onOffline }) => {
    let status: NetworkStatus = networkStatus();
    let offlineMode = offlineModeOn();
    const stopStatus = subscribeNetworkStatus(() => {
      const next = networkStatus();
      if (next === status) return;
      const previous = status;
      status = next;
      if (next === 'offline') dispatchAction(onOffline());
      else if (previous === 'offline') dispatchAction(onOnline());
    });
    const stopMode = subscribeOfflineMode(() => {
      const next = offlineModeOn();
      if (next === offlineMode) return;
      offlineMode = next;
      if (status !== 'offline') dispatchAction(onOnline());
    });
    return () => {
      stopStatus();
      stopMode();
    };
  });
}
