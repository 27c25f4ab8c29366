/**
 * A labelled textarea with an optional live character counter ("120 / 2000"). The counter is
 * announced politely only when the text gets close to the limit, so screen-reader users hear it
 * when it matters and not on every keystroke.
 */
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { formMessages } from './form-messages';
import './form.css';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Show "n / max" under the field. */
  counterMax?: number;
}

export function TextareaField({ label, value, error, hint, counterMax, ...textarea }: TextareaFieldProps) {
  const t = useT(formMessages);
  const { lang } = useLang();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = counterMax ? `${id}-counter` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const length = value.length;
  const nearLimit = counterMax !== undefined && length >= counterMax * 0.9;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="input textarea"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, counterId, errorId].filter(Boolean).join(' ') || undefined}
        {...textarea}
      />
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {counterMax !== undefined && (
        <p
          id={counterId}
          className={`field-counter${length > counterMax ? ' is-over' : ''}`}
          aria-live={nearLimit ? 'polite' : 'off'}
        >
          {t('counter', { n: formatNumber(length, lang, 0), max: formatNumber(counterMax, lang, 0) })}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
