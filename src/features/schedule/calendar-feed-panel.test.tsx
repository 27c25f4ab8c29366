/**
 * The calendar-link panel: the private link with copy and webcal: subscription, a reset that asks
 * first and then shows the new link, and Google Calendar — connected, or a 503 from a server
 * without Google told as a calm fact, not an error.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../app/testing';
import { CalendarFeedPanel, feedLinks } from './calendar-feed-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OLD = 'https://legal.example.bd/v1/schedule/feed/0ld-s3cret.ics';
const NEW = 'https://legal.example.bd/v1/schedule/feed/n3w-s3cret.ics';

function server(google: { available?: boolean; connected?: boolean; authorize?: () => Response } = {}) {
  let url = OLD;
  return fakeServer((call: FakeRequest) => {
    if (call.path === '/v1/schedule/calendar-feed') return envelope(200, { data: { url } });
    if (call.path === '/v1/schedule/calendar-feed/rotate') {
      url = NEW;
      return envelope(200, { data: { url } });
    }
    if (call.path === '/v1/schedule/oauth/available') return envelope(200, { data: google.available ?? true });
    if (call.path === '/v1/schedule/oauth/status') return envelope(200, { data: google.connected ?? false });
    if (call.path === '/v1/schedule/oauth/authorize' && google.authorize) return google.authorize();
    return envelope(404, { error: { message: 'Not found' } });
  });
}

function show(lang: 'en' | 'bn' = 'en') {
  signInForTest('USER');
  return renderScreen('/dashboard/user', <CalendarFeedPanel />, { lang });
}

const alertsText = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .join('');

describe('feedLinks', () => {
  it('gives the https link to paste and the webcal link to subscribe', () => {
    expect(feedLinks(OLD)).toEqual({ https: OLD, webcal: 'webcal://legal.example.bd/v1/schedule/feed/0ld-s3cret.ics' });
    expect(feedLinks('webcal://a.bd/f.ics')).toEqual({ https: 'https://a.bd/f.ics', webcal: 'webcal://a.bd/f.ics' });
  });
});

describe('CalendarFeedPanel', () => {
  it('shows the private link, copies it, and offers webcal and Google’s add-by-URL', async () => {
    server();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    show();
    const input = (await screen.findByLabelText('Your private calendar link')) as HTMLInputElement;
    expect(input.value).toBe(OLD);
    expect(input.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Subscribe in Apple Calendar or Outlook' }).getAttribute('href')).toBe(
      'webcal://legal.example.bd/v1/schedule/feed/0ld-s3cret.ics',
    );
    expect(screen.getByRole('link', { name: 'Add a calendar from a URL' }).getAttribute('href')).toBe(
      'https://calendar.google.com/calendar/r/settings/addbyurl',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(screen.getByText('Link copied.')).toBeTruthy();
  });

  it('resets the link only after a confirmation that says the old one stops working', async () => {
    const calls = server();
    show();
    await screen.findByLabelText('Your private calendar link');
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const confirm = screen.getByRole('group', { name: /The old link stops working at once/ });
    const yes = within(confirm).getByRole('button', { name: 'Make a new link' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep this link' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/v1/schedule/calendar-feed/rotate']);
    expect(await screen.findByText('A new link is ready. Add it to your calendars again.')).toBeTruthy();
    expect((screen.getByLabelText('Your private calendar link') as HTMLInputElement).value).toBe(NEW);
  });

  it('offers only the calendar-feed link where the server has no Google Calendar set up', async () => {
    const calls = server({ available: false });
    show();
    expect(await screen.findByLabelText('Your private calendar link')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/schedule/oauth/available')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    expect(calls.some((c) => c.path === '/v1/schedule/oauth/status')).toBe(false);
  });

  it('explains calmly when Google answers that it is not set up after all (503)', async () => {
    server({
      authorize: () => envelope(503, { error: { message: 'Google Calendar integration is not configured' } }),
    });
    show();
    const connect = await screen.findByRole('button', { name: 'Connect Google Calendar' });
    await act(async () => {
      fireEvent.click(connect);
    });
    const note = await screen.findByText(/Connecting to Google Calendar is not available on this service yet/);
    expect(note.getAttribute('role')).toBe('status');
    expect(note.className).not.toContain('alert-error');
    expect(document.activeElement).toBe(note);
    expect(alertsText()).toBe('');
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
  });

  it('says the same in Bangla', async () => {
    server({
      authorize: () => envelope(503, { error: { message: 'Google Calendar integration is not configured' } }),
    });
    show('bn');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'গুগল ক্যালেন্ডার যুক্ত করুন' }));
    });
    expect(await screen.findByText(/গুগল ক্যালেন্ডার যুক্ত করার ব্যবস্থা চালু হয়নি/)).toBeTruthy();
  });

  it('opens Google when it is set up, and shows a connected account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server({ authorize: () => envelope(200, { data: { url: 'https://accounts.google.com/o/oauth2/auth?x=1' } }) });
    const { unmount } = show();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    });
    expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1');
    unmount();

    server({ connected: true });
    show();
    expect(await screen.findByText('Connected. New schedules are added to your Google Calendar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
  });

  it('shows a real failure as one', async () => {
    server({ authorize: () => envelope(500, { error: { message: 'An unexpected error occurred' } }) });
    show();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    });
    expect(alertsText()).toContain('Server error');
  });
});
