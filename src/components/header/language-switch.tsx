/** EN / বাং: two MUI buttons in one group, the current language announced as "pressed". */
import Button from '@mui/material/Button';
import { useLang, useT } from '../../lib/i18n';
import { useChooseLanguage } from '../../lib/use-choose-language';
import { headerMessages } from './header-messages';

export function LanguageSwitch() {
  const t = useT(headerMessages);
  const { lang } = useLang();
  // Signed in, the account's language follows (notifications, push and mail; issue 20).
  const choose = useChooseLanguage();
  const choice = (value: 'en' | 'bn', text: string, label: string) => (
    <Button
      lang={value}
      variant={lang === value ? 'contained' : 'text'}
      color={lang === value ? 'primary' : 'inherit'}
      aria-pressed={lang === value}
      aria-label={label}
      onClick={() => void choose(value)}
    >
      {text}
    </Button>
  );
  return (
    <div className="language-switch" role="group" aria-label={t('language')}>
      {choice('en', 'EN', t('switchToEnglish'))}
      {choice('bn', 'বাং', t('switchToBangla'))}
    </div>
  );
}
