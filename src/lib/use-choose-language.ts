/**
 * Choosing a language (issue 20): the interface switches at once and, when someone is signed in,
 * their account follows (PUT /v1/user/language), so notifications, push and mail are written in it
 * too. A failed save (offline) leaves the interface switched; the account keeps its language.
 * The API client is loaded only when a signed-in person switches: the header's switch is on the
 * first screen, whose bundle must stay small (scripts/size.mjs).
 */
import { useCallback } from 'react';
import type { Lang } from '../../contract/enums';
import { useLang } from './i18n';
import { useAppDispatch, useSessionSelector } from './store-hooks';

export function useChooseLanguage(): (lang: Lang) => Promise<boolean> {
  const { setLang } = useLang();
  const dispatch = useAppDispatch();
  const signedIn = useSessionSelector((state) => state.session.token !== null);
  const accountLanguage = useSessionSelector((state) => state.session.user?.language);
  return useCallback(
    async (lang: Lang) => {
      setLang(lang);
      if (!signedIn || accountLanguage === lang) return true;
      try {
        const { sessionApi } = await import('./session/session-api');
        await dispatch(sessionApi.endpoints.updateLanguage.initiate({ language: lang })).unwrap();
        return true;
      } catch {
        return false;
      }
    },
    [setLang, dispatch, signedIn, accountLanguage],
  );
}
