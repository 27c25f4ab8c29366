import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { LanguageProvider } from '../../lib/i18n';
import { OFFLINE_READY_VISIBLE_MS, UPDATE_CHECK_INTERVAL_MS, UpdatePrompt } from './update-prompt';

// `virtual:pwa-register` only exists inside a vite-plugin-pwa build; stand in for it and keep the
// options our component passes so the test can play the worker's lifecycle.
const pwa = vi.hoisted(() => {
  const state: { options?: RegisterSWOptions } = {};
  const updateSW = vi.fn((_reload?: boolean) => Promise.resolve());
  const registerSW = vi.fn((options?: RegisterSWOptions) => {
    state.options = options;
    return updateSW;
  });
  return { state, updateSW, registerSW };
});
vi.mock('virtual:pwa-register', () => ({ registerSW: pwa.registerSW }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
  pwa.state.options = undefined;
});

function lifecycle(): RegisterSWOptions {
  if (!pwa.state.options) throw new Error('registerSW was not called');
  return pwa.state.options;
}

/** The notice is a lazy chunk: let it arrive (microtasks only, so fake timers do not matter). */
async function shown(): Promise<void> {
  for (let i = 0; i < 5 && !screen.queryByRole('status'); i += 1) {
    await act(async () => {
      await import('./pwa-notice');
    });
  }
  expect(screen.getByRole('status')).toBeTruthy();
}

describe('UpdatePrompt', () => {
  it('registers the service worker once, even under StrictMode, and shows nothing until it reports', () => {
    const { container } = render(
      <StrictMode>
        <UpdatePrompt />
      </StrictMode>,
    );
    expect(pwa.registerSW).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
  });

  it('offers Reload when a new version waits, and Reload activates it', async () => {
    render(<UpdatePrompt />);
    act(() => lifecycle().onNeedRefresh?.());
    await shown();

    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A new version of LegalConnect is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwa.updateSW).toHaveBeenCalledWith(true);
  });

  it('Later hides the prompt without activating the new version', async () => {
    render(<UpdatePrompt />);
    act(() => lifecycle().onNeedRefresh?.());
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));

    expect(screen.queryByRole('status')).toBeNull();
    expect(pwa.updateSW).not.toHaveBeenCalled();
  });

  it('says "Ready to work offline" after the first install, until dismissed', async () => {
    render(<UpdatePrompt />);
    act(() => lifecycle().onOfflineReady?.());
    await shown();

    expect(screen.getByRole('status').textContent).toContain('Ready to work offline');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets "Ready to work offline" go by itself, but keeps an update prompt until the user decides', async () => {
    vi.useFakeTimers();
    render(<UpdatePrompt />);
    act(() => lifecycle().onOfflineReady?.());
    await shown();
    act(() => vi.advanceTimersByTime(OFFLINE_READY_VISIBLE_MS));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => lifecycle().onNeedRefresh?.());
    await shown();
    act(() => vi.advanceTimersByTime(OFFLINE_READY_VISIBLE_MS * 10));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('speaks Bangla', async () => {
    render(
      <LanguageProvider initial="bn">
        <UpdatePrompt />
      </LanguageProvider>,
    );
    act(() => lifecycle().onNeedRefresh?.());
    await shown();

    expect(screen.getByRole('status').textContent).toContain('LegalConnect-এর একটি নতুন সংস্করণ পাওয়া যাচ্ছে।');
    expect(screen.getByRole('button', { name: 'রিলোড করুন' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'পরে' })).toBeTruthy();
  });

  it('checks for a new version when the app returns to the foreground, at most once an hour', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const update = vi.fn(() => Promise.resolve());
    render(<UpdatePrompt />);
    act(() => lifecycle().onRegisteredSW?.('/sw.js', { update } as unknown as ServiceWorkerRegistration));
    const foreground = () => document.dispatchEvent(new Event('visibilitychange'));

    foreground();
    expect(update).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + UPDATE_CHECK_INTERVAL_MS + 1);
    foreground();
    foreground();
    expect(update).toHaveBeenCalledTimes(1);
  });
});
