/**
 * A labelled input (an outlined MUI text field) with its hint and error wired up for assistive
 * technology: the error is linked by aria-describedby and marked with aria-invalid. Password fields
 * get a show/hide button, which matters on a phone keyboard where typos are common and invisible.
 *
 * Built from the parts MUI's TextField renders for an outlined input (FormControl, InputLabel,
 * OutlinedInput), with the same markup and classes, rather than from TextField itself: TextField
 * imports Select, and with it Menu, Popover, Modal and their transitions, about 12 KB of gzipped
 * script that /login and every other form would load for a menu they never open
 * (docs/benchmarks.md, issue 18). Selects use select-field.tsx.
 */
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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
  const shrink = placeholder || SHRUNK_TYPES.has(type) ? true : undefined;

  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      {/* As TextField: its root class (and fullWidth, the theme's TextField default), the label's id. */}
      <FormControl
        className="MuiTextField-root"
        fullWidth
        variant="outlined"
        error={Boolean(error)}
        disabled={disabled}
      >
        <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
          {label}
        </InputLabel>
        <OutlinedInput
          id={id}
          inputRef={inputRef}
          label={label}
          notched={shrink}
          fullWidth
          type={isPassword && reveal ? 'text' : type}
          value={value}
          defaultValue={defaultValue}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          name={name}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputProps={{
            ...input,
            // required on the element itself: MUI's own would add a " *" to the label's text.
            required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': joinIds(hintId, describedBy, errorId),
          }}
          endAdornment={
            isPassword ? (
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
            ) : undefined
          }
        />
      </FormControl>
      <FieldHelp hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
