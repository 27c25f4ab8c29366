/**
 * Calls about the signed-in user that the shell and several features share: who am I (dashboards,
 * profile) and sign out (user menu). Paths are typed against contract/routes.ts without importing
 * its values, which would pull zod into the first-load bundle.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { UserInfo } from '../../../contract/auth';
import type { routes } from '../../../contract/routes';
import { api } from '../api/api';
import { runBeforeSignOutHooks } from './session-end';
import { sessionEnded, userInfoReceived } from './session-slice';

const USER_INFO: (typeof routes)['userInfo']['path'] = '/user/user-info';
const LOGOUT: (typeof routes)['logout']['path'] = '/user/logout';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    userInfo: build.query<UserInfo, void>({
      query: () => USER_INFO,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userInfoReceived(data));
      },
    }),
    logout: build.mutation<string, void>({
      query: () => ({ url: LOGOUT, method: 'POST' }),
    }),
  }),
});

export const { useUserInfoQuery } = sessionApi;

/**
 * SPEC §4: let the pre-sign-out hooks run while the session still works, call the logout API
 * (errors ignored — the user asked to leave, and a dead network must not keep them signed in), then
 * end the session; the session listener clears storage, the API cache and runs the cleanup hooks.
 */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  await runBeforeSignOutHooks();
  await dispatch(sessionApi.endpoints.logout.initiate())
    .unwrap()
    .catch(() => undefined);
  dispatch(sessionEnded('logout'));
});
