/**
 * The public auth calls (docs/api.md §4 Auth). Answers that start a session pass the docs/product.md §5 token
 * check before anything is stored; a refused answer becomes an ordinary error for the form.
 */
import type {
  AuthResponse,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  VerifyEmailBody,
} from '../../../../contract/auth';
import type { routes } from '../../../../contract/routes';
import type { Dispatch } from '@reduxjs/toolkit';
import { api } from '../../../lib/api/api';
import type { AppError } from '../../../lib/api/app-error';
import { emailVerified, sessionStarted } from '../../../lib/session/session-slice';
import { validateAuthResponse } from '../../../lib/session/token';

type Path<N extends keyof typeof routes> = (typeof routes)[N]['path'];
const REGISTER: Path<'register'> = '/auth/register';
const LOGIN: Path<'login'> = '/auth/login';
const SEND_CODE: Path<'sendVerificationCode'> = '/auth/send-verification-code';
const VERIFY: Path<'verifyEmail'> = '/auth/verify-email';
const RESET: Path<'resetPassword'> = '/auth/reset-password';

/** A 2xx whose body fails the docs/product.md §5 check: status kept, our message shown. */
function checkedAuth(data: unknown): { data: AuthResponse } | { error: AppError } {
  try {
    return { data: validateAuthResponse(data) };
  } catch (error) {
    return { error: { status: 200, message: (error as Error).message } };
  }
}

/** Login and register begin the session with their AuthResponse. */
async function startSessionWhenFulfilled(
  _body: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: AuthResponse }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(sessionStarted(data));
  } catch {
    // A failed call changes no session; the form that made it shows the error.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<AuthResponse, RegisterBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: REGISTER, method: 'POST', body });
        return result.error ? { error: result.error } : checkedAuth(result.data);
      },
      onQueryStarted: startSessionWhenFulfilled,
    }),
    login: build.mutation<AuthResponse, LoginBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: LOGIN, method: 'POST', body });
        return result.error ? { error: result.error } : checkedAuth(result.data);
      },
      onQueryStarted: startSessionWhenFulfilled,
    }),
    sendVerificationCode: build.mutation<string, SendCodeBody>({
      query: (body) => ({ url: SEND_CODE, method: 'POST', body }),
    }),
    /**
     * Answers `true`, or [new] a fresh AuthResponse whose token carries the verified claim. The
     * screen updates the session itself (`verifiedSession`), so it can leave before the
     * /email-verification guard reacts to the now-verified user.
     */
    verifyEmail: build.mutation<true | AuthResponse, VerifyEmailBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: VERIFY, method: 'POST', body });
        if (result.error) return { error: result.error };
        return typeof result.data === 'object' && result.data !== null ? checkedAuth(result.data) : { data: true };
      },
    }),
    resetPassword: build.mutation<true, ResetPasswordBody>({
      query: (body) => ({ url: RESET, method: 'POST', body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useSendVerificationCodeMutation,
  useVerifyEmailMutation,
  useResetPasswordMutation,
} = authApi;

/** The session action for a verify-email answer. */
export function verifiedSession(result: true | AuthResponse) {
  return result === true ? emailVerified() : sessionStarted(result);
}
