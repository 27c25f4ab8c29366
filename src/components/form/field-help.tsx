/**
 * The hint, counter and error under a field, each with its own id so the control's aria-describedby
 * names exactly what describes it (MUI's helperText takes one id; our fields may have three).
 */
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';

export function fieldIds(id: string, parts: { hint?: unknown; error?: unknown; counter?: unknown }) {
  return {
    hintId: parts.hint ? `${id}-hint` : undefined,
    errorId: parts.error ? `${id}-error` : undefined,
    counterId: parts.counter ? `${id}-counter` : undefined,
  };
}

export function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function FieldHelp({
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <>
      {hint && (
        <FormHelperText component="div" id={hintId} className="field-hint">
          {hint}
        </FormHelperText>
      )}
      {children}
      {error && (
        <FormHelperText error id={errorId} className="field-error">
          {error}
        </FormHelperText>
      )}
    </>
  );
}
