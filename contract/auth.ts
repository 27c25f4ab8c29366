/**
 * Identity: registration, login, verification, password reset, refresh, user info (docs/api.md §2, §4 Auth/User).
 * The password rules are contract/password-rules.ts's (re-exported here), so the server's validation and the client's live checklist agree.
 */
import { z } from 'zod';
import { CURRENT_PASSWORD_MAX, EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, NAME_MIN, OTP_LENGTH } from './constants';
import { AuthFieldMessages } from './messages';
import { passwordProblem } from './password-rules';
export { failedPasswordRules, PASSWORD_RULES, passwordProblem, type PasswordRule } from './password-rules';

export const RoleSchema = z.enum(['USER', 'LAWYER', 'ADMIN']);
export type Role = z.infer<typeof RoleSchema>;
/** Register accepts only these (docs/api.md §2 [fix]). */
export const RegisterRoleSchema = z.enum(['USER', 'LAWYER']);

export const PasswordSchema = z.string({ error: AuthFieldMessages.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const EmailSchema = z
  .string({ error: AuthFieldMessages.emailRequired })
  .trim()
  .min(1, AuthFieldMessages.emailRequired)
  .max(EMAIL_MAX, AuthFieldMessages.emailTooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: AuthFieldMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(NAME_MIN, `${label} must be between ${NAME_MIN} and ${NAME_MAX} characters`)
    .max(NAME_MAX, `${label} must be between ${NAME_MIN} and ${NAME_MAX} characters`);

export const FirstNameSchema = nameSchema('First name');
export const LastNameSchema = nameSchema('Last name');

export const OtpSchema = z
  .string({ error: 'Verification code is required' })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Verification code must be ${OTP_LENGTH} digits`);

/** The language everything the server writes to a person is in (notifications, push, mail) [new, issue 20]. */
export const UserLanguageSchema = z.enum(['en', 'bn'], { error: 'Language must be en or bn' });
export type UserLanguage = z.infer<typeof UserLanguageSchema>;

export const RegisterBodySchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  role: RegisterRoleSchema,
  /** The interface language at sign-up [new]; without it, the browser's Accept-Language decides. */
  language: UserLanguageSchema.optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/** A password typed to prove who one is (sign-in, re-authentication): any text, never policed. */
export const CurrentPasswordSchema = z
  .string({ error: AuthFieldMessages.passwordRequired })
  .min(1, AuthFieldMessages.passwordRequired)
  .max(CURRENT_PASSWORD_MAX);

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const SendCodeBodySchema = z.object({ email: EmailSchema });
export type SendCodeBody = z.input<typeof SendCodeBodySchema>;

export const VerifyEmailBodySchema = z.object({ email: EmailSchema, otp: OtpSchema });
export type VerifyEmailBody = z.input<typeof VerifyEmailBodySchema>;

export const ResetPasswordBodySchema = z.object({ email: EmailSchema, password: PasswordSchema, otp: OtpSchema });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const RefreshBodySchema = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(512),
});
export type RefreshBody = z.input<typeof RefreshBodySchema>;

export const ChangePasswordBodySchema = z.object({
  oldPassword: z
    .string({ error: 'Old password is required' })
    .min(1, 'Old password is required')
    .max(CURRENT_PASSWORD_MAX),
  password: PasswordSchema,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const UpdateUserBodySchema = z.object({ firstName: FirstNameSchema, lastName: LastNameSchema });

/** PUT /v1/user/language [new, issue 20]. */
export const UpdateLanguageBodySchema = z.object({ language: UserLanguageSchema });
export type UpdateLanguageBody = z.input<typeof UpdateLanguageBodySchema>;
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

export const UserInfoSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  profilePicture: z.string().nullable().optional(),
  /** [new, issue 20] The account's language. */
  language: UserLanguageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  profilePicture: z.string().nullable().optional(),
  /** [new, issue 20] The account's language. */
  language: UserLanguageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** verify-email answers `data: true` or, [new], the fresh AuthResponse (verified claims in a new token). */
export const VerifyEmailResultSchema = z.union([z.literal(true), AuthResponseSchema]);

export const ProfilePictureResultSchema = z.object({
  fullPictureUrl: z.string(),
  thumbnailPictureUrl: z.string(),
});
export type ProfilePictureResult = z.infer<typeof ProfilePictureResultSchema>;

/** Access-token claims (docs/api.md §2). `sub` is the email. */
export const AccessClaimsSchema = z.object({
  sub: z.string(),
  userId: z.uuid(),
  role: RoleSchema,
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  tokenType: z.literal('ACCESS'),
  sid: z.string(),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;
