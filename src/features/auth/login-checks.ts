/**
 * The sign-in form's own check of what was typed, with no zod: the same rules and the same
 * (translatable) texts as contract/auth.ts's LoginBodySchema, which the server applies. /login is a
 * first screen for many visits, and zod with the contract's schemas is about 40 KB of gzipped
 * script a phone would download and run before the form appears (docs/benchmarks.md, issue 18).
 * login-checks.test.ts holds this to LoginBodySchema on generated input.
 */
import { CURRENT_PASSWORD_MAX, EMAIL_MAX, EMAIL_PATTERN } from '../../../contract/constants';
import { AuthFieldMessages } from '../../../contract/messages';
import type { FieldErrors } from '../../lib/validate';

/** LoginBodySchema's texts: EmailSchema's, and CurrentPasswordSchema's one text for every problem. */
const { emailRequired, emailTooLong, emailInvalid, passwordRequired } = AuthFieldMessages;

/** Length as zod measures it against a maximum: in code points (an emoji is one), like a person counts. */
const codePoints = (text: string) => [...text].length;

function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length === 0) return emailRequired;
  if (codePoints(trimmed) > EMAIL_MAX) return emailTooLong;
  return EMAIL_PATTERN.test(trimmed) ? undefined : emailInvalid;
}

/** The first problem per field, as `validate(LoginBodySchema, { email, password })` reports it. */
export function loginErrors({ email, password }: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  if (password.length === 0 || codePoints(password) > CURRENT_PASSWORD_MAX) errors.password = passwordRequired;
  return errors;
}
