/**
 * A multi-select shown as tappable chips: real checkboxes inside a fieldset with a legend, so it
 * works with the keyboard (Tab, Space) and screen readers, and looks like chips to everyone else.
 */
import { useId, type ReactNode } from 'react';
import type { SelectOption } from './select-field';
import './form.css';

interface ChipGroupProps {
  legend: string;
  name: string;
  options: readonly SelectOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

export function ChipGroup({ legend, name, options, selected, onChange, error, hint, disabled }: ChipGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((v) => v !== value);
    // Keep the options' own order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <fieldset
      className="field chip-group"
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      <div className="chips">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label key={option.value} className={`chip${checked ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
