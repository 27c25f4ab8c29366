/**
 * English and Bangla for every user-visible string. Each feature keeps its own catalogue next to its
 * code (`defineMessages(en, bn)`), so a feature's strings travel with it and TypeScript refuses a
 * Bangla catalogue that misses a key. The chosen language is remembered under `language` and set on
 * <html lang> for screen readers and fonts.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../contract/constants';
import type { Lang } from '../../contract/enums';
import { toBengaliDigits } from '../../contract/format';

export type { Lang };
export type Messages<K extends string> = { en: Record<K, string>; bn: Record<K, string> };
export type Vars = Record<string, string | number>;
export type Translate<K extends string> = (key: K, vars?: Vars) => string;

export function defineMessages<const T extends Record<string, string>>(
  en: T,
  bn: { [K in keyof T]: string },
): Messages<keyof T & string> {
  return { en, bn } as Messages<keyof T & string>;
}

/** Western digits → Bengali digits, for numbers shown in Bangla (shared with the server). */
export { toBengaliDigits } from '../../contract/format';

/** Replace `{name}` placeholders; numbers are shown in the language's digits. */
export function interpolate(template: string, vars: Vars | undefined, lang: Lang): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    const text = String(value);
    return lang === 'bn' && typeof value === 'number' ? toBengaliDigits(text) : text;
  });
}

export function readStoredLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEYS.language) === 'bn' ? 'bn' : 'en';
  } catch {
    return 'en';
  }
}

interface LangContextValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

const LangContext = createContext<LangContextValue>({ lang: 'en', setLang: () => undefined });

export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => initial ?? readStoredLang());
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(STORAGE_KEYS.language, next);
    } catch {
      // Private mode or storage full: the choice lasts for this visit only.
    }
    document.documentElement.lang = next;
  }, []);
  const value = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangContextValue {
  return useContext(LangContext);
}

/** `const t = useT(messages); t('title', { n: 3 })` */
export function useT<K extends string>(messages: Messages<K>): Translate<K> {
  const { lang } = useLang();
  return useCallback(
    (key: K, vars?: Vars) => interpolate(messages[lang][key] ?? messages.en[key], vars, lang),
    [messages, lang],
  );
}
