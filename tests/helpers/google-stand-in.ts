/**
 * Stands in for Google's OAuth token endpoint, which cannot be reached from the test machines, behind
 * the same interface as the real client (GoogleOAuthHttpClient): records each exchange and answers
 * as told (by default, tokens for the calendar scope).
 */
import {
  GOOGLE_CALENDAR_SCOPE,
  type GoogleCodeExchange,
  type GoogleOAuthClient,
  type GoogleTokens,
} from '../../server/modules/calendar/google';

export class GoogleStandIn implements GoogleOAuthClient {
  readonly exchanges: GoogleCodeExchange[] = [];
  answer: (request: GoogleCodeExchange) => GoogleTokens = () => ({
    refreshToken: '1//refresh-token',
    accessToken: 'ya29.access-token',
    accessTokenExpiresAt: new Date('2030-01-01T01:00:00.000Z'),
    scope: GOOGLE_CALENDAR_SCOPE,
  });

  async exchangeCode(request: GoogleCodeExchange): Promise<GoogleTokens> {
    this.exchanges.push(request);
    return this.answer(request);
  }
}
