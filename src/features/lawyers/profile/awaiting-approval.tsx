/**
 * What a lawyer who is not approved yet sees in place of the actions only an approved lawyer may
 * take (open a case, schedule a meeting, write a post): where they stand and the way to their
 * profile — instead of a form the server would refuse after it was filled in (issue 18, defect 3).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { selectRole } from '../../../lib/session/session-slice';
import { useSessionSelector } from '../../../lib/store-hooks';
import { useT } from '../../../lib/i18n';
import { useMyLawyerProfileQuery } from '../api/lawyers-api';
import { lawyerProfileMessages } from './lawyer-profile-messages';

export type LawyerStanding = 'approved' | 'pending' | 'rejected' | 'unknown';

/**
 * A lawyer's standing, from their own profile (cached; offline it is the saved copy). Anyone who is
 * not a lawyer, and a lawyer whose profile has not arrived, is 'unknown': the screen shows its
 * usual actions and the server stays the judge.
 */
export function useLawyerStanding(): LawyerStanding {
  const isLawyer = useSessionSelector(selectRole) === 'LAWYER';
  const { data } = useMyLawyerProfileQuery(undefined, { skip: !isLawyer });
  if (!isLawyer || !data) return 'unknown';
  const status = data.verificationStatus;
  if (status === 'APPROVED') return 'approved';
  if (status === 'REJECTED') return 'rejected';
  // PENDING, or no profile yet (the server answers nulls): both wait for an admin.
  if (status === 'PENDING' || (status === null && data.lawyerId === null)) return 'pending';
  return 'unknown';
}

/** The children for an approved lawyer (or while unknown); the waiting note otherwise. */
export function ApprovedLawyerOnly({ children }: { children: ReactNode }) {
  const standing = useLawyerStanding();
  if (standing === 'pending' || standing === 'rejected') return <AwaitingApproval standing={standing} />;
  return <>{children}</>;
}

export function AwaitingApproval({ standing }: { standing: 'pending' | 'rejected' }) {
  const t = useT(lawyerProfileMessages);
  return (
    <Alert
      severity={standing === 'rejected' ? 'warning' : 'info'}
      className="awaiting-approval"
      action={
        <Button component={Link} to="/profile" color="inherit" size="small">
          {t('awaitingProfileLink')}
        </Button>
      }
    >
      <strong>{standing === 'rejected' ? t('statusRejectedTitle') : t('statusPendingTitle')}.</strong>{' '}
      {standing === 'rejected' ? t('awaitingRejected') : t('awaitingPending')}
    </Alert>
  );
}
