/**
 * Choosing a language (issue 20): the interface switches at once and, when someone is signed in,
 * their account follows (PUT /v1/user/language), so notifications, push and mail are written in it
 * too. A failed save (offline) leaves the interface switched; the account keeps its language.
 */
import { useCallback } from 'react';
import type { Lang } from '../../contract/enums';
import { useLang } from './i18n';
import { useUpdateLanguageMutation } from './session/session-api';
import { useSessionSelector } from './store-hooks';

export function useChooseLanguage(): (lang: Lang) => Promise<boolean> {
  const { setLang } = useLang();
  const signedIn = useSessionSelector((state) => state.session.token !== null);
  const accountLanguage = useSessionSelector((state) => state.session.user?.language);
  const [updateLanguage] = useUpdateLanguageMutation();
  return useCallback(
    async (lang: Lang) => {
      setLang(lang);
      if (!signedIn || accountLanguage === lang) return true;
      try {
        await updateLanguage({ language: lang }).unwrap();
        return true;
      } catch {
        return false;
      }
    },
    [setLang, signedIn, accountLanguage, updateLanguage],
  );
}
