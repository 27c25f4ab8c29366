/**
 * The sign-in form's own check of what was typed, with no zod: the same rules and the same
 * (translatable) texts as contract/auth.ts's LoginBodySchema, which the server applies. /login is a
 * first screen for many visits, and zod with the contract's schemas is about 40 KB of gzipped
 * script a phone would download and run before the form appears (docs/benchmarks.md, issue 18).
 * login-checks.test.ts holds this to LoginBodySchema on generated input.
 */
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX } from '../../../contract/constants';
import type { FieldErrors } from '../../lib/validate';

/** LoginBodySchema's texts: EmailSchema's, and CurrentPasswordSchema's one text for every problem. */
const EMAIL_REQUIRED = 'Email is required';
const EMAIL_TOO_LONG = 'Email is too long';
const EMAIL_INVALID = 'Email must be a valid email address';
const PASSWORD_REQUIRED = 'Password is required';
/** CurrentPasswordSchema: any text up to this long (never policed beyond that). */
const CURRENT_PASSWORD_MAX = PASSWORD_MAX * 4;

/** Length as zod measures it against a maximum: in code points (an emoji is one), like a person counts. */
const codePoints = (text: string) => [...text].length;

function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length === 0) return EMAIL_REQUIRED;
  if (codePoints(trimmed) > EMAIL_MAX) return EMAIL_TOO_LONG;
  return EMAIL_PATTERN.test(trimmed) ? undefined : EMAIL_INVALID;
}

/** The first problem per field, as `validate(LoginBodySchema, { email, password })` reports it. */
export function loginErrors({ email, password }: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  if (password.length === 0 || codePoints(password) > CURRENT_PASSWORD_MAX) errors.password = PASSWORD_REQUIRED;
  return errors;
}
