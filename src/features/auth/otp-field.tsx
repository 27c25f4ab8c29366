/** The one 6-digit code input: numeric keypad, and the phone may offer the code from the email/SMS. */
import type { ChangeEvent } from 'react';
import { OTP_LENGTH } from '../../../contract/constants';
import { TextField } from '../../components/form/text-field';
import { useT } from '../../lib/i18n';
import { authMessages } from './auth-messages';

interface OtpFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

export function OtpField({ value, onChange, error }: OtpFieldProps) {
  const t = useT(authMessages);
  // Keep digits only: pasted codes often carry spaces ("123 456"), and Bangla keyboards type ০-৯.
  const onInput = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(
      event.target.value
        .replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)))
        .replace(/\D/g, '')
        .slice(0, OTP_LENGTH),
    );
  return (
    <TextField
      label={t('code')}
      hint={t('codeHint')}
      name="otp"
      className="input otp-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      required
      value={value}
      onChange={onInput}
      error={error}
    />
  );
}
