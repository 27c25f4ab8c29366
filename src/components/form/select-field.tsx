/**
 * A labelled select (MUI TextField in native-select mode) with hint and error wired like TextField.
 * Native, because on a cheap phone the system picker is the fastest, most familiar and most
 * accessible list there is.
 */
import MuiTextField from '@mui/material/TextField';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { DisplayNames, Lang } from '../../../contract/enums';
import { describedBy, FieldHelp, fieldIds } from './field-help';
import './form.css';

export interface SelectOption {
  value: string;
  label: string;
}

/** Options for an enum: its wire values in contract order, named in the reader's language. */
export function enumOptions<T extends string>(
  values: readonly T[],
  names: DisplayNames<T>,
  lang: Lang,
): SelectOption[] {
  return values.map((value) => ({ value, label: names[value][lang] || names[value].en }));
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children' | 'size' | 'color'> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Any court", "Choose…"); omitted when absent. */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  value,
  defaultValue,
  onChange,
  onBlur,
  disabled,
  required,
  name,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const { hintId, errorId } = fieldIds(id, { hint, error });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <MuiTextField
        select
        id={id}
        label={label}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange as never}
        onBlur={onBlur as never}
        disabled={disabled}
        name={name}
        error={Boolean(error)}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: {
            ...select,
            // required on the element itself: MUI's own would add a " *" to the label's text.
            required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(hintId, errorId),
          },
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </MuiTextField>
      <FieldHelp hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
