/**
 * The live checklist of the contract's password rules (docs/api.md §2), ticking as the user types, so
 * the server's "Password must contain: …" never has to be the first time they hear of a rule.
 */
import { PASSWORD_RULES } from '../../../contract/auth';
import { passwordRuleText } from '../../lib/contract-text';
import { useLang, useT } from '../../lib/i18n';
import { formMessages } from './form-messages';
import './form.css';

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useT(formMessages);
  const { lang } = useLang();
  return (
    <div id={id} className="password-checklist">
      <p className="password-checklist-title">{t('rulesTitle')}</p>
      <ul>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={met ? 'is-met' : undefined} data-rule={rule.id}>
              <span className="rule-mark" aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              <span>{passwordRuleText(rule, lang)}</span>
              <span className="visually-hidden"> — {met ? t('ruleMet') : t('ruleUnmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** contract/auth.ts's text for an empty password field (translated like every contract text). */
export const PASSWORD_REQUIRED = 'Password is required';
