/**
 * A labelled MUI Autocomplete over a fixed list, for lists too long to scroll on a phone (64
 * districts): type a few letters in English or Bangla and pick. Each option may carry other names
 * (`keywords`) it is found by, so "bog", "বগু" and "Bogra" all find Bogura whatever the interface
 * language. Hint and error are wired as in the other fields (field-help.tsx).
 */
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import { useId, useMemo, type ReactNode } from 'react';
import { describedBy, FieldHelp, fieldIds } from './field-help';
import type { SelectOption } from './select-field';
import './form.css';

export interface AutocompleteOption extends SelectOption {
  /** Other names the option is found by (the other language's, an older spelling). */
  keywords?: readonly string[];
}

interface AutocompleteFieldProps {
  label: string;
  name: string;
  options: readonly AutocompleteOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Shown in the empty box ("Any district"). */
  placeholder?: string;
  /** Said when nothing matches what was typed. */
  noOptionsText: string;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

const filter = createFilterOptions<AutocompleteOption>({
  ignoreAccents: true,
  ignoreCase: true,
  stringify: (option) => [option.label, ...(option.keywords ?? [])].join(' '),
});

export function AutocompleteField({
  label,
  name,
  options,
  value,
  onChange,
  placeholder,
  noOptionsText,
  error,
  hint,
  disabled,
}: AutocompleteFieldProps) {
  const id = useId();
  const { hintId, errorId } = fieldIds(id, { hint, error });
  const chosen = useMemo(() => options.find((option) => option.value === value) ?? null, [options, value]);
  return (
    <div className="field">
      <Autocomplete
        id={id}
        options={options}
        value={chosen}
        disabled={disabled}
        filterOptions={filter}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, current) => option.value === current.value}
        noOptionsText={noOptionsText}
        autoHighlight
        onChange={(_event, option) => onChange(option?.value ?? '')}
        renderInput={(params) => (
          <MuiTextField
            {...params}
            label={label}
            name={name}
            placeholder={placeholder}
            error={Boolean(error)}
            slotProps={{
              ...params.slotProps,
              inputLabel: { ...params.slotProps.inputLabel, shrink: true },
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': describedBy(hintId, errorId),
              },
            }}
          />
        )}
      />
      <FieldHelp hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
