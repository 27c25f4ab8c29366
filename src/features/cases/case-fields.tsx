/**
 * Pieces the case forms share: the field-error lookup that speaks the case texts, the status badge
 * and the names of the parties.
 */
import { useCallback } from 'react';
import type { Case } from '../../../contract/cases';
import { CASE_STATUS_NAMES, type CaseStatus } from '../../../contract/enums';
import { fieldError } from '../../lib/api/app-error';
import { useLang } from '../../lib/i18n';
import type { FieldErrors } from '../../lib/validate';
import { useCaseText } from './cases-text';

/** The browser-side check first, else what the server said about that field, in the chosen language. */
export function useCaseFieldErrors(clientErrors: FieldErrors, serverError: unknown) {
  const tc = useCaseText();
  return useCallback(
    (field: string) => {
      const message = clientErrors[field] ?? fieldError(serverError, field);
      return message ? tc(message) : undefined;
    },
    [clientErrors, serverError, tc],
  );
}

export function StatusBadge({ status }: { status: CaseStatus }) {
  const { lang } = useLang();
  return (
    <span className={`case-status is-${status === 'RESOLVED' ? 'resolved' : 'open'}`}>
      {CASE_STATUS_NAMES[status][lang]}
    </span>
  );
}

export const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The party of the case who is not me. */
export function otherParty(c: Case, myId: string | undefined) {
  return c.lawyer.id === myId ? c.client : c.lawyer;
}
