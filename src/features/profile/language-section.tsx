/**
 * The account's language on /profile (issue 20): the interface, notifications (old ones too), web
 * push and email all follow it. Saved at once with PUT /v1/user/language.
 */
import { useState } from 'react';
import type { UserInfo } from '../../../contract/auth';
import { FormAlert } from '../../components/form/form-alert';
import { useLang, useT } from '../../lib/i18n';
import { useChooseLanguage } from '../../lib/use-choose-language';
import { profileMessages } from './profile-messages';

const CHOICES = [
  { value: 'en', label: 'English' },
  { value: 'bn', label: 'বাংলা' },
] as const;

export function LanguageSection({ user }: { user: UserInfo }) {
  const t = useT(profileMessages);
  const { lang } = useLang();
  const choose = useChooseLanguage();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const current = user.language ?? lang;

  const onChange = async (value: 'en' | 'bn') => {
    setOutcome(null);
    setOutcome((await choose(value)) ? 'saved' : 'failed');
  };

  return (
    <section className="card profile-section" aria-labelledby="language-title">
      <h2 id="language-title">{t('languageTitle')}</h2>
      <p className="muted">{t('languageHint')}</p>
      <fieldset className="language-choice">
        <legend className="visually-hidden">{t('languageTitle')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} lang={choice.value}>
            <input
              type="radio"
              name="account-language"
              value={choice.value}
              checked={current === choice.value}
              onChange={() => void onChange(choice.value)}
            />{' '}
            {choice.label}
          </label>
        ))}
      </fieldset>
      <FormAlert
        error={outcome === 'failed' ? t('languageFailed') : null}
        success={outcome === 'saved' ? t('languageSaved') : null}
      />
    </section>
  );
}
