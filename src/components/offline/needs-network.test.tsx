/**
 * Actions that cannot work offline are disabled with the reason (English and Bangla), pointed at by
 * aria-describedby; a slow link and "Use Offline Mode" disable nothing. The header's indicator says
 * when Offline Mode is on and turns it off.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import type { Lang } from '../../lib/i18n';
import { recordRoundTrip, resetNetworkMeasurements } from '../../lib/offline/network-status';
import { offlineModeOn, setOfflineMode } from '../../lib/offline/offline-mode';
import { NeedsNetworkNote, useNeedsNetwork } from './needs-network';
import { NetworkIndicator } from './network-indicator';
import { staleNoteText } from './stale-note';

function setOnLine(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function renderWith(ui: ReactNode, lang: Lang = 'en') {
  if (lang === 'bn') localStorage.setItem('language', 'bn');
  return render(<AppProviders store={createAppStore()}>{ui}</AppProviders>);
}

function Upload() {
  const needs = useNeedsNetwork();
  return (
    <>
      <button type="button" disabled={needs.disabled} aria-describedby={needs.describedBy}>
        Upload
      </button>
      <NeedsNetworkNote needs={needs} />
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  resetNetworkMeasurements();
  localStorage.clear();
});

describe('useNeedsNetwork and NeedsNetworkNote', () => {
  it('leaves the action alone online, and disables it with the reason offline', () => {
    renderWith(<Upload />);
    const button = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();

    act(() => setOnLine(false));
    expect(button.disabled).toBe(true);
    const note = screen.getByText('Needs an internet connection. You are offline.');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);

    act(() => setOnLine(true));
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(/Needs an internet connection/)).toBeNull();
  });

  it('gives the reason in Bangla', () => {
    setOnLine(false);
    renderWith(<Upload />, 'bn');
    expect(screen.getByText('ইন্টারনেট সংযোগ প্রয়োজন। আপনি এখন অফলাইনে আছেন।')).toBeTruthy();
  });

  it('disables nothing on a slow link or in Offline Mode (the network can still take the write)', () => {
    renderWith(<Upload />);
    act(() => {
      for (let i = 0; i < 3; i += 1) recordRoundTrip(5000);
      setOfflineMode(true);
    });
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Use Offline Mode in the header and the notes', () => {
  it('says Offline Mode is on, and "Go online" turns it off', () => {
    renderWith(<NetworkIndicator />);
    const region = screen.getByRole('status');
    act(() => setOfflineMode(true));
    expect(region.textContent).toBe('Offline mode Showing what this phone saved. Turn it off to load the latest.');
    fireEvent.click(screen.getByRole('button', { name: 'Go online' }));
    expect(offlineModeOn()).toBe(false);
    expect(region.textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Go online' })).toBeNull();
  });

  it('says it in Bangla', () => {
    setOfflineMode(true);
    renderWith(<NetworkIndicator />, 'bn');
    expect(screen.getByRole('status').textContent).toMatch(/^অফলাইন মোড /);
    expect(screen.getByRole('button', { name: 'অনলাইনে যান' })).toBeTruthy();
  });

  it('marks data shown in Offline Mode as chosen, not as a failing connection', () => {
    const NOW = Date.parse('2026-03-01T10:00:00.000Z');
    const storedAt = new Date(NOW - 5 * 60_000).toISOString();
    expect(staleNoteText(storedAt, 'online', 'en', NOW, true)).toBe('Offline mode — showing what was saved 5m ago');
    expect(staleNoteText(storedAt, 'offline', 'bn', NOW, true)).toBe(
      'অফলাইন মোড — ৫ মিনিট আগে সংরক্ষিত তথ্য দেখানো হচ্ছে',
    );
  });
});
