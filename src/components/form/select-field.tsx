/**
 * A labelled native <select> with hint and error wired like TextField. Native, because on a cheap
 * phone the system picker is the fastest, most familiar and most accessible list there is.
 */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { DisplayNames, Lang } from '../../../contract/enums';
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

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Any court", "Choose…"); omitted when absent. */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({ label, options, placeholder, error, hint, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
