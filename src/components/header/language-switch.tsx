/** EN / বাং: two toggle buttons, so the current language is announced as "pressed". */
import { useLang, useT } from '../../lib/i18n';
import { headerMessages } from './header-messages';

export function LanguageSwitch() {
  const t = useT(headerMessages);
  const { lang, setLang } = useLang();
  return (
    <div className="language-switch" role="group" aria-label={t('language')}>
      <button
        type="button"
        lang="en"
        aria-pressed={lang === 'en'}
        aria-label={t('switchToEnglish')}
        onClick={() => setLang('en')}
      >
        EN
      </button>
      <button
        type="button"
        lang="bn"
        aria-pressed={lang === 'bn'}
        aria-label={t('switchToBangla')}
        onClick={() => setLang('bn')}
      >
        বাং
      </button>
    </div>
  );
}
