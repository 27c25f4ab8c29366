/**
 * Calls about the signed-in user that the shell and several features share: who am I (dashboards,
 * profile) and sign out (user menu). Paths are typed against contract/routes.ts without importing
 * its values, which would pull zod into the first-load bundle.
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { UpdateLanguageBody, UserInfo } from '../../../contract/auth';
import type { routes } from '../../../contract/routes';
import { api } from '../api/api';
import { runBeforeSignOutHooks } from './session-end';
import { sessionEnded, userInfoReceived } from './session-slice';

const USER_INFO: (typeof routes)['userInfo']['path'] = '/user/user-info';
const LOGOUT: (typeof routes)['logout']['path'] = '/user/logout';
const LANGUAGE: (typeof routes)['updateLanguage']['path'] = '/user/language';

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
    /** The account's language (issue 20): notifications, push and mail follow it. */
    updateLanguage: build.mutation<UserInfo, UpdateLanguageBody>({
      query: (body) => ({ url: LANGUAGE, method: 'PUT', body }),
      // Notifications are rendered in the account's language when read: fetch them again.
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(sessionApi.util.upsertQueryData('userInfo', undefined, data));
        dispatch(userInfoReceived(data));
      },
    }),
    logout: build.mutation<string, void>({
      query: () => ({ url: LOGOUT, method: 'POST' }),
    }),
  }),
});

export const { useUserInfoQuery, useUpdateLanguageMutation } = sessionApi;

/**
 * docs/product.md §4: let the pre-sign-out hooks run while the session still works, call the logout API
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
