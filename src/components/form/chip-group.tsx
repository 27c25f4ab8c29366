/**
 * A multi-select shown as tappable MUI Chips inside a fieldset with a legend. Each chip is a
 * checkbox to assistive technology (role, aria-checked) and toggles with Tab + Space or Enter.
 */
import Check from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
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
            <Chip
              key={option.value}
              role="checkbox"
              aria-checked={checked}
              data-name={name}
              data-value={option.value}
              label={option.label}
              icon={checked ? <Check /> : undefined}
              color={checked ? 'primary' : 'default'}
              variant={checked ? 'filled' : 'outlined'}
              disabled={disabled}
              onClick={() => toggle(option.value, !checked)}
            />
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
