/**
 * HTTP entry points of the calendar (docs/api.md §4 Schedules [new]): the .ics download, the private
 * feed and its URL, and the Google Calendar link. The HTTP-only details live here: calendar content
 * types and caching, conditional requests on the feed, and the cookie that ties a Google consent to
 * the browser that asked for it.
 */
import type { FastifyRequest } from 'fastify';
import { routes } from '../../../contract/routes';
import { CalendarMessages } from '../../../contract/schedules';
import { cleanFileName, contentDisposition } from '../../http/content-disposition';
import type { AddRoute } from '../../http/route';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state';
import { CALENDAR_FEED_PATH, GOOGLE_CALLBACK_PATH, type CalendarService } from './service';

const ICS_TYPE = 'text/calendar; charset=utf-8';
/** Holds the nonce of a Google consent request; sent back only to the callback. */
export const GOOGLE_NONCE_COOKIE = 'lc_gcal_nonce';

export function registerCalendarRoutes(route: AddRoute, calendar: CalendarService, publicUrl: string): void {
  const secureCookie = publicUrl.startsWith('https:');

  route(routes.scheduleIcs, async ({ actor, params, reply }) => {
    const file = await calendar.scheduleIcs(actor, params.id);
    return reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', contentDisposition('attachment', cleanFileName(file.fileName, 'schedule.ics')))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  route(routes.calendarFeedGet, async ({ actor }) => ({
    data: await calendar.feedUrl(actor),
    message: CalendarMessages.feedUrl,
  }));
  route(routes.calendarFeedRotate, async ({ actor }) => ({
    data: await calendar.rotateFeed(actor),
    message: CalendarMessages.feedRotated,
  }));

  route(routes.calendarFeed, async ({ params, request, reply }) => {
    const feed = await calendar.feed(params.token, request.ip);
    // Revalidated on every fetch (a rotated URL must stop at once), cheaply: 304 when unchanged.
    reply
      .header('etag', feed.etag)
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('x-content-type-options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.code(304).send();
    return reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', contentDisposition('inline', 'legalconnect.ics'))
      .send(feed.body);
  });

  route(routes.googleAuthorize, async ({ actor, reply }) => {
    const { url, nonce } = await calendar.googleAuthorize(actor);
    reply.header('set-cookie', nonceCookie(nonce, OAUTH_STATE_TTL_SECONDS, secureCookie));
    return { data: { url }, message: CalendarMessages.googleAuthorize };
  });

  route(routes.googleCallback, async ({ query, request, reply }) => {
    const { location } = await calendar.googleCallback(query, readCookie(request, GOOGLE_NONCE_COOKIE));
    return reply
      .header('set-cookie', nonceCookie('', 0, secureCookie))
      .header('cache-control', 'no-store')
      .redirect(location);
  });

  route(routes.googleStatus, async ({ actor }) => ({ data: await calendar.googleStatus(actor) }));
  route(routes.googleAvailable, () => Promise.resolve({ data: calendar.googleAvailable() }));
}

function nonceCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${GOOGLE_NONCE_COOKIE}=${value}`,
    `Path=${GOOGLE_CALLBACK_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Request URLs as logs may show them: the feed token and Google's code and state are secrets, so
 * they are masked (the rest of the line stays useful).
 */
export function redactCalendarSecrets(url: string): string {
  if (url.startsWith(CALENDAR_FEED_PATH)) return `${CALENDAR_FEED_PATH}[redacted].ics`;
  const query = url.indexOf('?');
  if (url.startsWith(GOOGLE_CALLBACK_PATH) && query !== -1) return `${url.slice(0, query)}?[redacted]`;
  return url;
}
