/**
 * The "saved …" note and the header's network indicator, in English and Bangla (Bengali digits):
 * the words for offline and for a connection that did not answer, the note appearing for a query
 * answered from the device copy (and only for that query and user), in a polite live region.
 */
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { signInForTest, testUser } from '../../app/testing';
import { clearStoredAt, queryKeyOf, recordStoredAt } from '../../lib/api/stored-at';
import type { Lang } from '../../lib/i18n';
import { NetworkIndicator } from './network-indicator';
import { StaleNote, StaleNoteView, staleNoteText } from './stale-note';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();

function setOnLine(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function renderWith(ui: ReactNode, lang: Lang = 'en') {
  if (lang === 'bn') localStorage.setItem('language', 'bn');
  return render(<AppProviders store={createAppStore()}>{ui}</AppProviders>);
}

afterEach(() => {
  vi.restoreAllMocks();
  clearStoredAt();
});

describe('the stale note’s words', () => {
  it('says offline, or that the connection did not answer, with how long ago (English)', () => {
    expect(staleNoteText(minutesAgo(5), 'offline', 'en', NOW)).toBe('Offline — showing what was saved 5m ago');
    expect(staleNoteText(minutesAgo(0), 'offline', 'en', NOW)).toBe('Offline — showing what was saved just now');
    expect(staleNoteText(minutesAgo(150), 'online', 'en', NOW)).toBe(
      'The connection is not answering — showing what was saved 2h ago',
    );
    expect(staleNoteText(minutesAgo(3 * 24 * 60), 'slow', 'en', NOW)).toBe(
      'The connection is not answering — showing what was saved 3d ago',
    );
  });

  it('says the same in Bangla, with Bengali digits', () => {
    expect(staleNoteText(minutesAgo(5), 'offline', 'bn', NOW)).toBe('অফলাইন — ৫ মিনিট আগে সংরক্ষিত তথ্য দেখানো হচ্ছে');
    expect(staleNoteText(minutesAgo(0), 'offline', 'bn', NOW)).toBe('অফলাইন — এইমাত্র সংরক্ষিত তথ্য দেখানো হচ্ছে');
    expect(staleNoteText(minutesAgo(12 * 60), 'online', 'bn', NOW)).toBe(
      'সংযোগ সাড়া দিচ্ছে না — ১২ ঘণ্টা আগে সংরক্ষিত তথ্য দেখানো হচ্ছে',
    );
  });
});

describe('StaleNote', () => {
  it('is an empty polite live region while the data came from the network', () => {
    renderWith(<StaleNoteView storedAt={null} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
  });

  it('shows the note, with its time, when the query was answered from the device', () => {
    setOnLine(false);
    renderWith(<StaleNoteView storedAt={minutesAgo(5)} now={NOW} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('Offline — showing what was saved 5m ago');
    expect(region.querySelector('time')?.getAttribute('datetime')).toBe(minutesAgo(5));
  });

  it('shows in Bangla', () => {
    setOnLine(false);
    renderWith(<StaleNoteView storedAt={minutesAgo(5)} now={NOW} />, 'bn');
    expect(screen.getByRole('status').textContent).toBe('অফলাইন — ৫ মিনিট আগে সংরক্ষিত তথ্য দেখানো হচ্ছে');
  });

  it('follows what the base query recorded for this endpoint, arguments and user', () => {
    signInForTest('USER');
    setOnLine(false);
    const args = { page: 0, sortDirection: 'DESC' };
    renderWith(<StaleNote endpoint={{ name: 'myCases' }} args={args} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => recordStoredAt('another-user', queryKeyOf('myCases', args), new Date().toISOString()));
    act(() => recordStoredAt(testUser().id, queryKeyOf('myCases', { page: 1, sortDirection: 'DESC' }), 'x'));
    expect(region.textContent).toBe('');

    // The same arguments in another key order are the same query.
    act(() => recordStoredAt(testUser().id, queryKeyOf('myCases', { sortDirection: 'DESC', page: 0 }), minutesAgo(0)));
    expect(region.textContent).toMatch(/^Offline — showing what was saved /);

    act(() => recordStoredAt(testUser().id, queryKeyOf('myCases', args), null));
    expect(region.textContent).toBe('');
  });
});

describe('NetworkIndicator', () => {
  it('says nothing online, and "Offline" with what it means when the phone is offline', () => {
    renderWith(<NetworkIndicator />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => setOnLine(false));
    expect(region.textContent).toBe(
      'Offline No internet connection. Screens you have opened before still show what was saved.',
    );
    act(() => setOnLine(true));
    expect(region.textContent).toBe('');
  });

  it('says it in Bangla', () => {
    setOnLine(false);
    renderWith(<NetworkIndicator />, 'bn');
    expect(screen.getByRole('status').textContent).toMatch(/^অফলাইন /);
  });
});
