/**
 * Typed Redux hooks for shared code. They know only the session slice, so src/lib and
 * src/components never depend on the app's full store type (which composes the features).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { SessionRootState } from './session/session-slice';

export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<SessionRootState, unknown, UnknownAction>>();
export const useSessionSelector = useSelector.withTypes<SessionRootState>();
