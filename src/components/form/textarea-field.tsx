/**
 * A labelled multi-line field (MUI TextField, multiline) with an optional live character counter
 * ("120 / 2000"). The counter is announced politely only when the text gets close to the limit, so
 * screen-reader users hear it when it matters and not on every keystroke.
 */
import FormHelperText from '@mui/material/FormHelperText';
import MuiTextField from '@mui/material/TextField';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { describedBy, FieldHelp, fieldIds } from './field-help';
import { formMessages } from './form-messages';
import './form.css';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'color'> {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Show "n / max" under the field. */
  counterMax?: number;
}

export function TextareaField({
  label,
  value,
  error,
  hint,
  counterMax,
  onChange,
  onBlur,
  disabled,
  required,
  name,
  placeholder,
  rows,
  className,
  ...textarea
}: TextareaFieldProps) {
  const t = useT(formMessages);
  const { lang } = useLang();
  const id = useId();
  const { hintId, errorId, counterId } = fieldIds(id, { hint, error, counter: counterMax });
  const length = value.length;
  const nearLimit = counterMax !== undefined && length >= counterMax * 0.9;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <MuiTextField
        multiline
        minRows={rows ?? 4}
        id={id}
        label={label}
        value={value}
        onChange={onChange as never}
        onBlur={onBlur as never}
        disabled={disabled}
        name={name}
        placeholder={placeholder}
        error={Boolean(error)}
        slotProps={{
          inputLabel: placeholder ? { shrink: true } : undefined,
          htmlInput: {
            ...textarea,
            // required on the element itself: MUI's own would add a " *" to the label's text.
            required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(hintId, counterId, errorId),
          },
        }}
      />
      <FieldHelp hint={hint} hintId={hintId} error={error} errorId={errorId}>
        {counterMax !== undefined && (
          <FormHelperText
            id={counterId}
            error={length > counterMax}
            className={`field-counter${length > counterMax ? ' is-over' : ''}`}
            aria-live={nearLimit ? 'polite' : 'off'}
          >
            {t('counter', { n: formatNumber(length, lang, 0), max: formatNumber(counterMax, lang, 0) })}
          </FormHelperText>
        )}
      </FieldHelp>
    </div>
  );
}
