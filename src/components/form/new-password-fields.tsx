/**
 * "Choose a password" as register, reset and change-password all ask it: the password with the
 * live checklist of the contract's rules, then its confirmation. One component so the three forms
 * cannot drift apart in rules, autocomplete hints or accessibility wiring.
 */
import { useId } from 'react';
import { PasswordChecklist } from './password-checklist';
import { TextField } from './text-field';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const checklistId = useId();
  return (
    <>
      <TextField
        label={props.passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(e) => props.onPasswordChange(e.target.value)}
        error={props.passwordError}
        describedBy={checklistId}
        hint={<PasswordChecklist id={checklistId} password={props.password} />}
      />
      <TextField
        label={props.confirmLabel}
        type="password"
        name="confirm"
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(e) => props.onConfirmChange(e.target.value)}
        error={props.confirmError}
      />
    </>
  );
}
