/**
 * The live session: tokens and the signed-in user. Hydrated from localStorage at start; the store
 * mirrors every change back to storage (see `persistSession`), so reducers stay pure.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResponse, Role, UserInfo } from '../../../contract/auth';
import { readStoredSession, type SessionUser, type StoredSession } from './storage';

/** Why the last session ended: after a deliberate sign-out the guards send people home, not to /login. */
export type SessionEnd = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  endedBy: SessionEnd | null;
}

export interface SessionRootState {
  session: SessionState;
}

export function sessionStateFrom(stored: StoredSession | null): SessionState {
  return {
    token: stored?.token ?? null,
    refreshToken: stored?.refreshToken ?? null,
    user: stored?.user ?? null,
    endedBy: null,
  };
}

function userOf(auth: AuthResponse): SessionUser {
  const { token: _token, refreshToken: _refresh, ...user } = auth;
  return user;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => sessionStateFrom(readStoredSession()),
  reducers: {
    /** Login, register, refresh and verify-email all answer with a full AuthResponse. */
    sessionStarted(state, action: PayloadAction<AuthResponse>) {
      state.token = action.payload.token;
      state.refreshToken = action.payload.refreshToken || state.refreshToken;
      state.user = userOf(action.payload);
      state.endedBy = null;
    },
    /** Fresh user info from GET/PUT /user/user-info keeps the header and guards current. */
    userInfoReceived(state, action: PayloadAction<UserInfo>) {
      if (!state.user) return;
      const { profilePicture, ...rest } = action.payload;
      state.user = { ...state.user, ...rest, profilePicture: profilePicture ?? null };
    },
    /** verify-email may answer a bare `true`; the server has verified the address either way. */
    emailVerified(state) {
      if (state.user) state.user.emailVerified = true;
    },
    sessionEnded(state, action: PayloadAction<SessionEnd>) {
      state.token = null;
      state.refreshToken = null;
      state.user = null;
      state.endedBy = action.payload;
    },
    /** Another tab signed in or out: adopt what storage now says. */
    sessionReloaded(state, action: PayloadAction<StoredSession | null>) {
      const next = sessionStateFrom(action.payload);
      state.token = next.token;
      state.refreshToken = next.refreshToken;
      state.user = next.user;
      state.endedBy = action.payload ? null : 'logout';
    },
  },
});

export const { sessionStarted, userInfoReceived, emailVerified, sessionEnded, sessionReloaded } = sessionSlice.actions;

export const selectSession = (state: SessionRootState): SessionState => state.session;
export const selectUser = (state: SessionRootState): SessionUser | null => state.session.user;
export const selectRole = (state: SessionRootState): Role | null => state.session.user?.role ?? null;
