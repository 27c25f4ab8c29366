/**
 * A file picker that looks like the rest of the form: the field's label, an outlined "Choose file"
 * button and the chosen file's name (or "No file chosen") in the reader's language, in place of the
 * browser's unstyled, English-only "Choose File / No file chosen".
 *
 * The real <input type="file"> stays in the page, transparent and laid over the button: Tab reaches
 * it, Space or Enter opens the system picker, its label names it, a tap on the button is a tap on
 * it, and tests can click it or set files on it.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../lib/i18n';
import { describedBy, FieldHelp, fieldIds } from './field-help';
import { formMessages } from './form-messages';
import './form.css';

interface FileFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'size' | 'value' | 'defaultValue'
> {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** Marks the input invalid when the message is shown elsewhere (a form alert). */
  invalid?: boolean | undefined;
  /** Extra ids that describe the input (a "needs network" note, say). */
  extraDescribedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /**
   * The name to show as chosen. Omit it to show what the reader picked last; pass null when the
   * form has cleared its input (after an upload), so the field says "No file chosen" again.
   */
  chosenName?: string | null | undefined;
}

export function FileField({
  label,
  hint,
  error,
  invalid,
  extraDescribedBy,
  inputRef,
  chosenName,
  onChange,
  className,
  disabled,
  ...input
}: FileFieldProps) {
  const t = useT(formMessages);
  const id = useId();
  const { hintId, errorId } = fieldIds(id, { hint, error });
  const [picked, setPicked] = useState<string | null>(null);
  const shown = chosenName === undefined ? picked : chosenName;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setPicked(event.target.files?.[0]?.name ?? null);
    onChange?.(event);
  };
  return (
    <div className={`field file-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="file-field-label">
        {label}
      </label>
      <div className="file-field-row">
        {/* The real input lies over the button, invisible: a tap on the button is a tap on it. */}
        <span className="file-field-pick">
          <input
            {...input}
            ref={inputRef}
            id={id}
            type="file"
            className="file-field-input"
            disabled={disabled}
            aria-invalid={error || invalid ? true : undefined}
            aria-describedby={describedBy(`${id}-chosen`, hintId, errorId, extraDescribedBy)}
            onChange={change}
          />
          <Button
            component="span"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={disabled}
            tabIndex={-1}
            aria-hidden="true"
            className="file-field-button"
          >
            {shown ? t('changeFile') : t('chooseFile')}
          </Button>
        </span>
        <span id={`${id}-chosen`} className={`file-field-name${shown ? '' : ' muted'}`}>
          {shown ?? t('noFileChosen')}
        </span>
      </div>
      <FieldHelp hint={hint} hintId={hintId} error={error ?? undefined} errorId={errorId} />
    </div>
  );
}
