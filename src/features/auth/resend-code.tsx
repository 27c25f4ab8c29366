/**
 * "Send a new code" with the 60 s cooldown. The button shows the seconds; screen readers hear only
 * that a wait began and that it ended (a live region that spoke every tick would drown everything);
 * the exact seconds are in the button's name when they focus it.
 */
import { useT } from '../../lib/i18n';
import { authMessages } from './auth-messages';
import Button from '@mui/material/Button';

interface ResendCodeProps {
  secondsLeft: number;
  pending: boolean;
  onResend: () => void;
}

export function ResendCode({ secondsLeft, pending, onResend }: ResendCodeProps) {
  const t = useT(authMessages);
  const waiting = secondsLeft > 0;
  return (
    <div className="resend">
      <Button variant="outlined" type="button" onClick={onResend} disabled={waiting || pending}>
        {pending ? t('resendPending') : waiting ? t('resendIn', { seconds: secondsLeft }) : t('resend')}
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {waiting ? t('resendWaitAnnounce') : t('resendReadyAnnounce')}
      </p>
    </div>
  );
}
