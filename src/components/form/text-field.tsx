/**
 * A labelled input (MUI TextField) with its hint and error wired up for assistive technology: the
 * error is linked by aria-describedby and marked with aria-invalid. Password fields get a show/hide
 * button, which matters on a phone keyboard where typos are common and invisible.
 */
import InputAdornment from '@mui/material/InputAdornment';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../lib/i18n';
import { describedBy as joinIds, FieldHelp, fieldIds } from './field-help';
import { formMessages } from './form-messages';
import './form.css';

/** Inputs that always draw their own placeholder (dd/mm/yyyy, --:--): the label sits above them. */
const SHRUNK_TYPES = new Set(['date', 'time', 'datetime-local', 'month']);

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'color'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra element ids that describe the input (e.g. a password checklist). */
  describedBy?: string;
  /** The input element itself (to move focus to it). */
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  describedBy,
  inputRef,
  type = 'text',
  value,
  defaultValue,
  onChange,
  onBlur,
  onFocus,
  disabled,
  required,
  name,
  autoComplete,
  placeholder,
  className,
  ...input
}: TextFieldProps) {
  const t = useT(formMessages);
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  const { hintId, errorId } = fieldIds(id, { hint, error });

  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <MuiTextField
        id={id}
        inputRef={inputRef}
        label={label}
        type={isPassword && reveal ? 'text' : type}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        disabled={disabled}
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        error={Boolean(error)}
        slotProps={{
          htmlInput: {
            ...input,
            // required on the element itself: MUI's own would add a " *" to the label's text.
            required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': joinIds(hintId, describedBy, errorId),
          },
          inputLabel: placeholder || SHRUNK_TYPES.has(type) ? { shrink: true } : undefined,
          input: isPassword
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-pressed={reveal}
                      aria-label={reveal ? t('hidePassword') : t('showPassword')}
                      onClick={() => setReveal((was) => !was)}
                      edge="end"
                    >
                      {reveal ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      />
      <FieldHelp hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
