/**
 * The route table: every core HTTP call with who may make it and the shapes it takes and gives.
 * The server registers its handlers against these entries (so validation, serialization and the
 * OpenAPI document come from here), the client types its calls from them, and the cross-cutting
 * suites (contract fuzzing, authorization matrix) enumerate them. A route added here is enrolled
 * in those suites automatically.
 */
import { z } from 'zod';
import {
  AuthResponseSchema,
  ChangePasswordBodySchema,
  LoginBodySchema,
  ProfilePictureResultSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SendCodeBodySchema,
  UpdateUserBodySchema,
  UserInfoSchema,
  VerifyEmailBodySchema,
  VerifyEmailResultSchema,
  type Role,
} from './auth';

/**
 * Who may call a route.
 * - `public`: anyone.
 * - `signedIn`: any valid session, verified or not (CONTRACT §2 exempts /user/logout from the gate).
 * - `verified`: any signed-in user whose email is verified.
 * - `{ roles }`: verified and one of these roles.
 */
export type Access = 'public' | 'signedIn' | 'verified' | { roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteDef {
  method: HttpMethod;
  /** Path under /v1, Fastify syntax for params (`/case/:id`). */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** Multipart routes declare their parts in docs only; the handler checks file content itself. */
  multipart?: boolean;
  /** Status of a success answer. */
  status: 200 | 201;
  /** Schema of `data` in the success envelope; `null` for a route that answers with raw bytes. */
  data: z.ZodType | null;
  /** Error statuses this route may answer with (all in the error envelope). */
  errors: readonly number[];
}

const COMMON_ERRORS = [400, 401, 403, 404, 409, 422, 429, 500] as const;

export const routes = {
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    tag: 'Auth',
    summary: 'Create a client or lawyer account and mail the first verification code',
    body: RegisterBodySchema,
    status: 201,
    data: AuthResponseSchema,
    errors: COMMON_ERRORS,
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tag: 'Auth',
    summary: 'Sign in with email and password',
    body: LoginBodySchema,
    status: 200,
    data: AuthResponseSchema,
    errors: COMMON_ERRORS,
  },
  sendVerificationCode: {
    method: 'POST',
    path: '/auth/send-verification-code',
    access: 'public',
    tag: 'Auth',
    summary: 'Mail a 6-digit code (email verification or password reset)',
    body: SendCodeBodySchema,
    status: 200,
    data: z.string(),
    errors: COMMON_ERRORS,
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    access: 'public',
    tag: 'Auth',
    summary: 'Verify an email address with the mailed code',
    body: VerifyEmailBodySchema,
    status: 200,
    data: VerifyEmailResultSchema,
    errors: COMMON_ERRORS,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    tag: 'Auth',
    summary: 'Set a new password with the mailed code; ends every session',
    body: ResetPasswordBodySchema,
    status: 200,
    data: z.literal(true),
    errors: COMMON_ERRORS,
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    tag: 'Auth',
    summary: 'Exchange a refresh token for a new access token (rotating the refresh token)',
    body: RefreshBodySchema,
    status: 200,
    data: AuthResponseSchema,
    errors: COMMON_ERRORS,
  },
  userInfo: {
    method: 'GET',
    path: '/user/user-info',
    access: 'verified',
    tag: 'User',
    summary: 'The signed-in user',
    status: 200,
    data: UserInfoSchema,
    errors: COMMON_ERRORS,
  },
  updateUser: {
    method: 'PUT',
    path: '/user/user-info',
    access: 'verified',
    tag: 'User',
    summary: 'Change my first and last name',
    body: UpdateUserBodySchema,
    status: 200,
    data: UserInfoSchema,
    errors: COMMON_ERRORS,
  },
  logout: {
    method: 'POST',
    path: '/user/logout',
    access: 'signedIn',
    tag: 'User',
    summary: 'End this session everywhere (tokens refused, sockets closed)',
    status: 200,
    data: z.string(),
    errors: COMMON_ERRORS,
  },
  changePassword: {
    method: 'PUT',
    path: '/user/change-password',
    access: 'verified',
    tag: 'User',
    summary: 'Change my password; my other sessions end',
    body: ChangePasswordBodySchema,
    status: 200,
    data: z.literal(true),
    errors: COMMON_ERRORS,
  },
  profilePicture: {
    method: 'POST',
    path: '/user/profile-picture',
    access: 'verified',
    tag: 'User',
    summary: 'Upload my profile picture (PNG, JPEG or WebP by content, at most 5 MB)',
    multipart: true,
    status: 200,
    data: ProfilePictureResultSchema,
    errors: [...COMMON_ERRORS, 413, 415],
  },
  profilePictureFile: {
    method: 'GET',
    path: '/user/profile-picture/:fileName',
    access: 'public',
    tag: 'User',
    summary: 'A stored profile picture or thumbnail (generated, unguessable name)',
    params: z.object({ fileName: z.string().regex(/^[a-f0-9-]{36}(-thumb)?\.webp$/, 'Unknown picture') }),
    status: 200,
    data: null,
    errors: [400, 404, 429, 500],
  },
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'System',
    summary: 'Liveness and database reachability',
    status: 200,
    data: z.object({ status: z.literal('UP'), database: z.literal('UP'), version: z.string() }),
    errors: [500, 503],
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** The data type a route answers with. */
export type RouteData<N extends RouteName> = (typeof routes)[N]['data'] extends z.ZodType
  ? z.infer<(typeof routes)[N]['data']>
  : never;
