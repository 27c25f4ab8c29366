/**
 * Google's side of linking a calendar (OAuth 2.0 for web server apps, with PKCE): the consent URL
 * we send the browser to, and the one call we make to Google — exchanging the authorization code
 * for tokens. That call sits behind GoogleOAuthClient so tests stand in for Google (a third party)
 * while everything of ours runs for real.
 */
import { z } from 'zod';
import type { Clock } from '../../clock';

export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Enough to add and update the events we put there; nothing else of the user's Google account. */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
}

export interface GoogleCodeExchange extends GoogleCredentials {
  code: string;
  /** The PKCE verifier whose challenge went out with the consent URL. */
  codeVerifier: string;
  /** Exactly the redirect_uri of the consent URL. */
  redirectUri: string;
}

export interface GoogleTokens {
  /** Present on a first consent with access_type=offline (and with prompt=consent, always). */
  refreshToken: string | null;
  accessToken: string;
  accessTokenExpiresAt: Date;
  scope: string;
}

/** Thrown when Google refuses the exchange or cannot be reached; the message is for the log. */
export class GoogleOAuthError extends Error {
  override name = 'GoogleOAuthError';
}

export interface GoogleOAuthClient {
  exchangeCode(request: GoogleCodeExchange): Promise<GoogleTokens>;
}

/** The consent page: offline access (a refresh token), the calendar.events scope, PKCE S256. */
export function googleConsentUrl(input: {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}): string {
  const url = new URL(GOOGLE_AUTHORIZE_URL);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: GOOGLE_CALENDAR_SCOPE,
    access_type: 'offline',
    // Asked every time, so Google returns a refresh token even for an account linked before.
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().default(''),
});

/** The real exchange: a form POST to Google's token endpoint, with a timeout. */
export class GoogleOAuthHttpClient implements GoogleOAuthClient {
  constructor(
    private readonly clock: Clock,
    private readonly options: { tokenUrl?: string; timeoutMs?: number } = {},
  ) {}

  async exchangeCode(request: GoogleCodeExchange): Promise<GoogleTokens> {
    let response: Response;
    try {
      response = await fetch(this.options.tokenUrl ?? GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: request.code,
          code_verifier: request.codeVerifier,
          redirect_uri: request.redirectUri,
          client_id: request.clientId,
          client_secret: request.clientSecret,
        }).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GoogleOAuthError(`token endpoint unreachable: ${error instanceof Error ? error.message : 'error'}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const reason = z.object({ error: z.string() }).safeParse(body);
      throw new GoogleOAuthError(
        `token endpoint answered ${response.status}${reason.success ? ` (${reason.data.error})` : ''}`,
      );
    }
    const parsed = TokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new GoogleOAuthError('token endpoint answered an unexpected body');
    return {
      refreshToken: parsed.data.refresh_token ?? null,
      accessToken: parsed.data.access_token,
      accessTokenExpiresAt: new Date(this.clock.now().getTime() + parsed.data.expires_in * 1000),
      scope: parsed.data.scope,
    };
  }
}
