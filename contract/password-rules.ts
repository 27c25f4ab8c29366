/**
 * The password policy (docs/api.md §4 Auth), once, so the server's validation (contract/auth.ts's
 * PasswordSchema) and the client's live checklist agree. Zod-free and re-exported by
 * contract/auth.ts: the web client translates these labels on every screen (src/lib/contract-text.ts)
 * without loading zod for them.
 */
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from './constants';
import { ServerMessages } from './errors';

/** One rule of the password policy; `label` is the English text used in "Password must contain: …". */
export interface PasswordRule {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'noSpace';
  label: string;
  test: (password: string) => boolean;
}

const specials = new Set(PASSWORD_SPECIALS);

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
    test: (p) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX,
  },
  { id: 'upper', label: 'one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'one digit', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `one special character (${PASSWORD_SPECIALS})`,
    test: (p) => [...p].some((c) => specials.has(c)),
  },
  { id: 'noSpace', label: 'no whitespace', test: (p) => !/\s/.test(p) },
];

/** The rules a password fails, in policy order. Empty means acceptable. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

/** "Password must contain: one digit, no whitespace" — or null when the password passes. */
export function passwordProblem(password: string): string | null {
  const failed = failedPasswordRules(password);
  return failed.length === 0 ? null : ServerMessages.passwordMustContain + failed.map((r) => r.label).join(', ');
}
