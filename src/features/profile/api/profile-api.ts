/** Changing my account (docs/api.md §4 User): name and password. The picture goes through uploadFile. */
import type { ChangePasswordBody, UpdateUserBody, UserInfo } from '../../../../contract/auth';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';
import { sessionApi } from '../../../lib/session/session-api';
import { userInfoReceived } from '../../../lib/session/session-slice';

const USER_INFO: (typeof routes)['updateUser']['path'] = '/user/user-info';
const CHANGE_PASSWORD: (typeof routes)['changePassword']['path'] = '/user/change-password';
export const PROFILE_PICTURE: (typeof routes)['profilePicture']['path'] = '/user/profile-picture';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<UserInfo, UpdateUserBody>({
      query: (body) => ({ url: USER_INFO, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('userInfo', undefined, data));
          dispatch(userInfoReceived(data));
        } catch {
          // The form shows the error; nothing cached changes.
        }
      },
    }),
    /** docs/product.md §5: a change counts only when the status is 200 and the data is `true`. */
    changePassword: build.mutation<boolean, ChangePasswordBody>({
      query: (body) => ({ url: CHANGE_PASSWORD, method: 'PUT', body }),
      transformResponse: (data: unknown, meta) => meta?.response?.status === 200 && data === true,
    }),
  }),
});

export const { useUpdateUserMutation, useChangePasswordMutation } = profileApi;
