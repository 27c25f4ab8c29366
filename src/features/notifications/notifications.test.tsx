/**
 * The notification parts a user touches, without a socket: an item opens on a tap and is marked
 * read only by a swipe past 80 px (or its button); banners keep at most 3, leave after 5 s and a
 * dismissed one is marked read; the settings table shows every type and saves a change at once;
 * and the pure rules under them (merging, retry delays, frame parsing, badge caps, relative times).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TYPE_NAMES, type NotificationType } from '../../../contract/enums';
import type { Notification } from '../../../contract/notifications';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { formatBadge, formatRelativeTime } from '../../lib/format';
import { LanguageProvider } from '../../lib/i18n';
import { mergeNotifications, retryDelay } from './api/notifications-api';
import { parseNotification } from './live';
import { NotificationBanners, useBannerQueue } from './notification-banners';
import { NotificationItem } from './notification-item';
import { NotificationPreferences } from './notification-preferences';

const note = (n: number, read = false): Notification => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'CASE_CREATE',
  content: `Case update ${n}`,
  link: `/case/${n}`,
  read,
  createdAt: new Date(Date.UTC(2026, 10, 24, 6, n)).toISOString(),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function swipe(element: Element, dx: number) {
  fireEvent.pointerDown(element, { clientX: 200, clientY: 10, pointerId: 1 });
  for (let x = 200; x >= 200 + dx; x -= 10) fireEvent.pointerMove(element, { clientX: x, clientY: 10, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 200 + dx, clientY: 10, pointerId: 1 });
}

describe('NotificationItem', () => {
  function renderItem(notification: Notification) {
    const onOpen = vi.fn();
    const onRead = vi.fn();
    render(
      <LanguageProvider initial="en">
        <ul>
          <NotificationItem notification={notification} onOpen={onOpen} onRead={onRead} />
        </ul>
      </LanguageProvider>,
    );
    return { onOpen, onRead, swipeArea: document.querySelector('.notif-swipe') as Element };
  }

  it('marks read after a swipe left past 80 px, and does not open it', () => {
    const { onOpen, onRead, swipeArea } = renderItem(note(1));
    swipe(swipeArea, -90);
    fireEvent.click(screen.getByRole('button', { name: /Case update 1/ }));
    expect(onRead).toHaveBeenCalledWith(note(1).id);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('springs back without marking read after a short swipe', () => {
    const { onRead, swipeArea } = renderItem(note(2));
    swipe(swipeArea, -60);
    expect(onRead).not.toHaveBeenCalled();
    expect((swipeArea as HTMLElement).style.transform).toBe('');
  });

  it('counts a quick swipe by where the finger lifts, even when the last move was not drawn yet', () => {
    const { onRead, swipeArea } = renderItem(note(5));
    fireEvent.pointerDown(swipeArea, { clientX: 200, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(swipeArea, { clientX: 185, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(swipeArea, { clientX: 105, clientY: 10, pointerId: 1 });
    expect(onRead).toHaveBeenCalledWith(note(5).id);
  });

  it('marks nothing when the browser cancels the gesture, however far it went', () => {
    const { onRead, swipeArea } = renderItem(note(6));
    fireEvent.pointerDown(swipeArea, { clientX: 200, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(swipeArea, { clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerCancel(swipeArea, { clientX: 0, clientY: 0, pointerId: 1 });
    expect(onRead).not.toHaveBeenCalled();
    expect((swipeArea as HTMLElement).style.transform).toBe('');
  });

  it('never drags further than 100 px', () => {
    const { swipeArea } = renderItem(note(3));
    fireEvent.pointerDown(swipeArea, { clientX: 300, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(swipeArea, { clientX: 100, clientY: 10, pointerId: 1 });
    expect((swipeArea as HTMLElement).style.transform).toBe('translateX(-100px)');
  });

  it('opens on a tap, and offers a button to mark read without swiping', () => {
    const { onOpen, onRead } = renderItem(note(4));
    fireEvent.click(screen.getByRole('button', { name: /Case update 4/ }));
    expect(onOpen).toHaveBeenCalledWith(note(4));
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(onRead).toHaveBeenCalledWith(note(4).id);
  });

  it('has no mark-read button once read', () => {
    renderItem(note(5, true));
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });
});

describe('NotificationBanners', () => {
  function Harness({ onRead, incoming }: { onRead: (id: string) => void; incoming: Notification[] }) {
    const queue = useBannerQueue();
    return (
      <LanguageProvider initial="en">
        <button type="button" onClick={() => incoming.forEach(queue.show)}>
          arrive
        </button>
        <NotificationBanners queue={queue} onRead={onRead} onOpen={() => undefined} />
      </LanguageProvider>
    );
  }

  it('shows at most 3, the newest, and each leaves by itself after 5 s plus its 300 ms exit', async () => {
    vi.useFakeTimers();
    const onRead = vi.fn();
    render(<Harness onRead={onRead} incoming={[note(1), note(2), note(3), note(4)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'arrive' }));
    const texts = () => screen.queryAllByText(/^Case update \d$/).map((el) => el.textContent);
    expect(texts()).toEqual(['Case update 2', 'Case update 3', 'Case update 4']);
    await act(async () => vi.advanceTimersByTimeAsync(4999));
    expect(texts()).toHaveLength(3);
    await act(async () => vi.advanceTimersByTimeAsync(1 + 300));
    expect(texts()).toEqual([]);
    expect(onRead).not.toHaveBeenCalled();
  });

  it('marks a banner read when the user dismisses it', () => {
    const onRead = vi.fn();
    render(<Harness onRead={onRead} incoming={[note(7)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'arrive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onRead).toHaveBeenCalledWith(note(7).id);
  });
});

describe('NotificationPreferences', () => {
  it('lists every type with its email and alert switch, and saves a change at once', async () => {
    signInForTest();
    const types = Object.keys(NOTIFICATION_TYPE_NAMES) as NotificationType[];
    const preferences = types.map((type) => ({
      type,
      displayName: type,
      emailEnabled: false,
      webPushEnabled: true,
    }));
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/v1/notifications/preferences') {
        return envelope(200, { data: { preferences } });
      }
      if (call.method === 'PUT' && call.path === '/v1/notifications/preferences/NOTE_CREATE') {
        return envelope(200, { data: { ...preferences[0], type: 'NOTE_CREATE', ...(call.body as object) } });
      }
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/profile', <NotificationPreferences />);
    const email = await screen.findByRole('checkbox', { name: 'Email for “New note”' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(types.length * 2);
    fireEvent.click(email);
    expect((email as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emailEnabled: true, webPushEnabled: true });
  });

  it('puts a refused change back and says so', async () => {
    signInForTest();
    fakeServer((call) =>
      call.method === 'GET'
        ? envelope(200, {
            data: {
              preferences: [
                { type: 'NOTE_CREATE', displayName: 'New note', emailEnabled: false, webPushEnabled: true },
              ],
            },
          })
        : envelope(400, { error: { message: 'Validation failed' } }),
    );
    renderScreen('/profile', <NotificationPreferences />);
    const email = await screen.findByRole('checkbox', { name: 'Email for “New note”' });
    fireEvent.click(email);
    await screen.findByText('Failed to update notification preference');
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(false));
  });
});

describe('notification rules', () => {
  it('merges newest first, once per id, and never turns a read copy unread', () => {
    const merged = mergeNotifications([note(1, true), note(2)], [note(1, false), note(3)]);
    expect(merged.map((n) => [n.content, n.read])).toEqual([
      ['Case update 3', false],
      ['Case update 2', false],
      ['Case update 1', true],
    ]);
  });

  it('waits min(1000·2^attempt, 5000) ms between retries', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 5000]);
  });

  it('accepts only notification-shaped frames', () => {
    expect(parseNotification(JSON.stringify(note(1)))).toEqual(note(1));
    expect(parseNotification('not json')).toBeNull();
    expect(parseNotification(JSON.stringify({ id: 'x' }))).toBeNull();
  });

  it('caps badges and reads times as docs/product.md §2 says, in both languages', () => {
    expect(formatBadge(120, 99, 'en')).toBe('99+');
    expect(formatBadge(12, 9, 'bn')).toBe('৯+');
    expect(formatBadge(7, 99, 'bn')).toBe('৭');
    const now = Date.UTC(2026, 10, 24, 12, 0);
    expect(formatRelativeTime(now - 20_000, 'en', now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now - 5 * 60_000).toISOString(), 'en', now)).toBe('5m ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, 'en', now)).toBe('3h ago');
    expect(formatRelativeTime(now - 2 * 86_400_000, 'bn', now)).toBe('২ দিন আগে');
    // docs/product.md §3: a number under 1e12 is seconds.
    expect(formatRelativeTime(Math.floor((now - 5 * 60_000) / 1000), 'en', now)).toBe('5m ago');
  });
});
