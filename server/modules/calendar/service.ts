/**
 * Schedules in the calendars people already use (docs/api.md §4 Schedules [new]), with no third party
 * needed: one schedule as an .ics file, and a private ICS feed of all of a user's schedules that
 * Google, Apple and Outlook calendars subscribe to. Linking Google Calendar itself (OAuth) works
 * when GOOGLE_CLIENT_ID/SECRET are set and answers 503 otherwise.
 *
 * The feed URL carries its own 256-bit secret, never a login token (docs/architecture.md, House style), made on first request
 * and replaced on rotate, which revokes the old URL at once. A leaked URL shows the owner's events'
 * titles, types and times — not their descriptions or the cases' titles, which only the signed-in
 * .ics download carries. Unknown tokens answer a bare 404, and an address that keeps trying them
 * gets 429 (guessing is hopeless anyway); a real feed allows far more fetches than any calendar app
 * makes, and answers 304 to a conditional request when nothing changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../../contract/auth';
import { SCHEDULE_TYPE_NAMES } from '../../../contract/enums';
import { ServerMessages } from '../../../contract/errors';
import { routes } from '../../../contract/routes';
import { CalendarMessages, ScheduleMessages, type CalendarFeed } from '../../../contract/schedules';
import type { Clock } from '../../clock';
import { badRequest, notConfigured, notFound, tooManyRequests } from '../../http/app-error';
import type { CounterStore } from '../../plugins/counters';
import type { Actor } from '../auth/policy';
import { caseLink } from '../cases/policy';
import type { MeetingsRepository, MeetingView } from '../meetings/repository';
import type { BookingsRepository, BookingView } from '../bookings/repository';
import { dhakaWallClock, hhmm } from '../schedules/dhaka-time';
import type { SchedulesRepository, ScheduleView } from '../schedules/repository';
import { googleConsentUrl, GoogleOAuthError, type GoogleCredentials, type GoogleOAuthClient } from './google';
import { icsCalendar, type IcsEvent } from './ics';
import type { OAuthStateSigner } from './oauth-state';
import type { CalendarRepository } from './repository';

const feedRoute = routes.calendarFeed.path;
/** Path of the public feed under PUBLIC_URL (`/v1/calendar/feed/`); the token and `.ics` follow. */
export const CALENDAR_FEED_PATH = `/v1${feedRoute.slice(0, feedRoute.indexOf(':'))}`;
/** Where Google sends the browser back (to register with Google as an authorized redirect URI). */
export const GOOGLE_CALLBACK_PATH = `/v1${routes.googleCallback.path}`;

/** What the app's feed URLs look like: 32 random bytes, base64url. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How often subscribers are asked to fetch again. */
const FEED_REFRESH = 'PT1H';
export const FEED_LIMITS = {
  /** Fetches of one feed per window: calendar apps poll hourly at most, even across a few devices. */
  perFeed: { max: 120, windowSeconds: 60 * 60 },
  /** Unknown tokens one address may try per window before 429. */
  missesPerAddress: { max: 20, windowSeconds: 10 * 60 },
} as const;

const DASHBOARDS: Record<Role, string> = {
  USER: '/dashboard/user',
  LAWYER: '/dashboard/lawyer',
  ADMIN: '/dashboard/admin',
};

export type GoogleLinkOutcome = 'linked' | 'denied' | 'failed';

/** The far end of the feed's booking-request window (all of them). */
const FEED_END = new Date('9999-12-31T00:00:00Z');

export interface CalendarServiceDeps {
  calendar: CalendarRepository;
  schedules: SchedulesRepository;
  /** The user's video meetings join their feed (absent: schedules only). */
  meetings?: MeetingsRepository;
  /** The user's booking requests waiting for an answer join it too (issue 19; absent: none). */
  bookings?: BookingsRepository;
  counters: CounterStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** GOOGLE_CLIENT_ID/SECRET, or null: the Google integration is off. */
  google: GoogleCredentials | null;
  googleClient: GoogleOAuthClient;
  oauthState: OAuthStateSigner;
}

export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  /** One schedule of the actor's cases as an .ics file with every detail. */
  async scheduleIcs(actor: Actor, id: string): Promise<{ fileName: string; body: string }> {
    const view = await this.deps.schedules.viewForParty(id, actor.userId);
    if (!view) throw notFound(ScheduleMessages.scheduleNotFound);
    const body = icsCalendar({ events: [this.event(view, 'full')] });
    return { fileName: `${view.schedule.title}.ics`, body };
  }

  /** The actor's feed URL, made on first request. */
  async feedUrl(actor: Actor): Promise<CalendarFeed> {
    const token = await this.deps.calendar.feedToken(actor.userId, newFeedToken(), this.deps.clock.now());
    return { url: this.feedUrlOf(token) };
  }

  /** A new feed URL for the actor; the old one is dead from this moment. */
  async rotateFeed(actor: Actor): Promise<CalendarFeed> {
    const token = newFeedToken();
    await this.deps.calendar.replaceFeedToken(actor.userId, token, this.deps.clock.now());
    return { url: this.feedUrlOf(token) };
  }

  /** The feed behind a token, for a request from `address`; 404 for a token that is nobody's. */
  async feed(token: string, address: string): Promise<{ body: string; etag: string }> {
    const { calendar, counters, schedules } = this.deps;
    const owner = FEED_TOKEN.test(token) ? await calendar.feedOwner(token) : null;
    if (!owner) {
      // Counted per address, but never held against a valid feed: calendar services fetch many
      // users' feeds from a few addresses and keep polling URLs that were rotated long ago.
      const misses = await counters.hit(`calendar-feed:miss:${address}`, FEED_LIMITS.missesPerAddress.windowSeconds);
      if (misses.count > FEED_LIMITS.missesPerAddress.max) throw tooManyRequests(misses.resetInMs / 1000);
      throw notFound(ServerMessages.notFound);
    }
    const used = await counters.hit(`calendar-feed:user:${owner.userId}`, FEED_LIMITS.perFeed.windowSeconds);
    if (used.count > FEED_LIMITS.perFeed.max) throw tooManyRequests(used.resetInMs / 1000);
    const views = await schedules.listForParty(owner.userId);
    const meetings = (await this.deps.meetings?.listForParty(owner.userId)) ?? [];
    const requests = (await this.deps.bookings?.pendingForParty(owner.userId, new Date(0), FEED_END)) ?? [];
    const body = icsCalendar({
      name: `LegalConnect — ${owner.firstName} ${owner.lastName}`,
      refreshInterval: FEED_REFRESH,
      events: [
        ...views.map((view) => this.event(view, 'feed')),
        // A refunded meeting is off; a cancelled one no longer exists.
        ...meetings.filter((m) => m.payment?.status !== 'REFUNDED').map((m) => this.meetingEvent(m, owner.userId)),
        ...requests.map((b) => this.requestEvent(b, owner.userId)),
      ],
    });
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
  }

  /** Google's consent URL for the actor, and the nonce the browser must keep (in a cookie). */
  async googleAuthorize(actor: Actor): Promise<{ url: string; nonce: string }> {
    const google = this.googleCredentials();
    const request = await this.deps.oauthState.start({ id: actor.userId, role: actor.role });
    const url = googleConsentUrl({
      clientId: google.clientId,
      redirectUri: this.googleRedirectUri(),
      state: request.state,
      codeChallenge: request.codeChallenge,
    });
    return { url, nonce: request.nonce };
  }

  /**
   * Google's answer: checks that `state` is ours and belongs to this browser (`cookieNonce`),
   * exchanges the code and stores the link. Returns where to send the browser in the app.
   */
  async googleCallback(
    query: { code?: string; state?: string; error?: string },
    cookieNonce: string | null,
  ): Promise<{ location: string; outcome: GoogleLinkOutcome }> {
    const google = this.googleCredentials();
    const { oauthState, googleClient, calendar, clock, logger, publicUrl } = this.deps;
    const request = query.state ? await oauthState.finish(query.state, cookieNonce) : null;
    if (!request) throw badRequest(CalendarMessages.googleStateInvalid);
    const back = (outcome: GoogleLinkOutcome) => ({
      location: `${publicUrl}${DASHBOARDS[request.role]}?googleCalendar=${outcome}`,
      outcome,
    });
    if (query.error !== undefined || !query.code) return back('denied');
    try {
      const tokens = await googleClient.exchangeCode({
        ...google,
        code: query.code,
        codeVerifier: oauthState.codeVerifier(request.nonce),
        redirectUri: this.googleRedirectUri(),
      });
      if (!tokens.refreshToken) throw new GoogleOAuthError('Google returned no refresh token');
      await calendar.saveGoogleLink(
        request.userId,
        {
          refreshToken: tokens.refreshToken,
          accessToken: tokens.accessToken,
          accessTokenExpiresAt: tokens.accessTokenExpiresAt,
          scope: tokens.scope,
        },
        clock.now(),
      );
      return back('linked');
    } catch (error) {
      if (!(error instanceof GoogleOAuthError)) throw error;
      logger.warn({ err: error, userId: request.userId }, 'Google Calendar link failed');
      return back('failed');
    }
  }

  /** Whether the actor's Google Calendar is linked; always false while the integration is off. */
  async googleStatus(actor: Actor): Promise<boolean> {
    if (!this.deps.google) return false;
    return this.deps.calendar.hasGoogleLink(actor.userId);
  }

  /** Whether the Google Calendar integration is configured on this server. */
  googleAvailable(): boolean {
    return Boolean(this.deps.google);
  }

  private googleCredentials(): GoogleCredentials {
    if (!this.deps.google) throw notConfigured(CalendarMessages.googleNotConfigured);
    return this.deps.google;
  }

  private googleRedirectUri(): string {
    return `${this.deps.publicUrl}${GOOGLE_CALLBACK_PATH}`;
  }

  private feedUrlOf(token: string): string {
    return `${this.deps.publicUrl}${CALENDAR_FEED_PATH}${token}.ics`;
  }

  /**
   * A schedule as a VEVENT. `full` (the signed-in download) carries the description and the case's
   * title; `feed` (reachable by URL alone) only what a calendar needs to show the event.
   */
  /** A video meeting as a feed event (Dhaka wall clock; one that runs past midnight ends at 23:59). */
  private meetingEvent(view: MeetingView, userId: string): IcsEvent {
    const { meeting } = view;
    const start = dhakaWallClock(meeting.startsAt);
    const end = dhakaWallClock(meeting.endsAt);
    const link = userId === meeting.lawyerId ? '/meetings' : '/my-meetings';
    const other = userId === meeting.lawyerId ? view.client : view.lawyer;
    const url = `${this.deps.publicUrl}${link}`;
    return {
      uid: `meeting-${meeting.id}@${new URL(this.deps.publicUrl).hostname}`,
      stamp: meeting.updatedAt,
      created: meeting.createdAt,
      date: start.date,
      startTime: start.time,
      endTime: end.date === start.date ? end.time : '23:59',
      summary: meeting.title,
      description: `Video meeting with ${other.firstName} ${other.lastName}\n${url}`,
      categories: ['Video meeting'],
      url,
    };
  }

  /** A booking request waiting for the lawyer's answer (issue 19), so the held time shows in calendar apps. */
  private requestEvent(view: BookingView, userId: string): IcsEvent {
    const { booking } = view;
    const start = dhakaWallClock(booking.startsAt);
    const end = dhakaWallClock(booking.endsAt);
    const lawyerSide = userId === booking.lawyerId;
    const other = lawyerSide ? view.client : view.lawyer;
    const url = `${this.deps.publicUrl}${lawyerSide ? '/meetings' : '/my-bookings'}`;
    return {
      uid: `booking-${booking.id}@${new URL(this.deps.publicUrl).hostname}`,
      stamp: booking.updatedAt,
      created: booking.createdAt,
      date: start.date,
      startTime: start.time,
      endTime: end.date === start.date ? end.time : '23:59',
      summary: `Consultation request: ${other.firstName} ${other.lastName}`,
      description: `Waiting for the lawyer's answer\n${url}`,
      categories: ['Consultation request'],
      url,
    };
  }

  private event(view: ScheduleView, detail: 'full' | 'feed'): IcsEvent {
    const { schedule } = view;
    const typeName = SCHEDULE_TYPE_NAMES[schedule.type].en;
    const url = `${this.deps.publicUrl}${caseLink(view.case.id)}`;
    const description =
      detail === 'full'
        ? [schedule.description, `Type: ${typeName}`, `Case: ${view.case.title}`, url].filter(Boolean).join('\n')
        : `Type: ${typeName}\n${url}`;
    return {
      uid: `schedule-${schedule.id}@${new URL(this.deps.publicUrl).hostname}`,
      stamp: schedule.updatedAt,
      created: schedule.createdAt,
      date: schedule.date,
      startTime: hhmm(schedule.startTime),
      endTime: hhmm(schedule.endTime),
      summary: schedule.title,
      description,
      categories: [typeName],
      url,
    };
  }
}

function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}
