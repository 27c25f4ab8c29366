/**
 * A labelled input with its hint and error wired up for assistive technology: the error is linked
 * by aria-describedby and marked with aria-invalid. Password fields get a show/hide button, which
 * matters on a phone keyboard where typos are common and invisible.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { formMessages } from './form-messages';
import './form.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra element ids that describe the input (e.g. a password checklist). */
  describedBy?: string;
}

export function TextField({ label, error, hint, describedBy, type = 'text', ...input }: TextFieldProps) {
  const t = useT(formMessages);
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedByIds = [hintId, describedBy, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={isPassword ? 'input-with-action' : undefined}>
        <input
          id={id}
          className="input"
          type={isPassword && reveal ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="input-action"
            aria-pressed={reveal}
            aria-label={reveal ? t('hidePassword') : t('showPassword')}
            onClick={() => setReveal((was) => !was)}
          >
            {reveal ? t('hide') : t('show')}
          </button>
        )}
      </div>
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
