/**
 * One function per form that answers "what is wrong with this field?": the browser-side check
 * first, else what the server said about that field (`error.fields`), in the chosen language.
 */
import { useCallback } from 'react';
import { fieldError } from './api/app-error';
import { useContractText } from './contract-text';
import type { FieldErrors } from './validate';

export function useFieldErrors(clientErrors: FieldErrors, serverError: unknown): (field: string) => string | undefined {
  const tx = useContractText();
  return useCallback(
    (field: string) => {
      const message = clientErrors[field] ?? fieldError(serverError, field);
      return message ? tx(message) : undefined;
    },
    [clientErrors, serverError, tx],
  );
}
