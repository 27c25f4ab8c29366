/**
 * docs/product.md §2's connection banner: nothing for a short drop; 30 s after the connection went down the
 * exact text with Reconnect (which tries again at once) and Dismiss (until the next drop).
 */
import type { IStompSocket } from '@stomp/stompjs';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n';
import { RealtimeConnection } from '../../lib/realtime/connection';
import { ConnectionBanner } from './connection-banner';

/** A server that is not there: every socket closes before it opens. */
function refusingSocket(opened: { count: number }): IStompSocket {
  opened.count += 1;
  const socket = {
    readyState: 0,
    binaryType: 'arraybuffer',
    onopen: null,
    onmessage: null,
    onerror: null,
    onclose: null as ((event: unknown) => void) | null,
    send: () => undefined,
    close: () => undefined,
  };
  queueMicrotask(() => socket.onclose?.({ code: 1006, reason: '', wasClean: false }));
  return socket as unknown as IStompSocket;
}

const TEXT = 'Disconnected from notification service. Some features may be unavailable.';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('ConnectionBanner', () => {
  it('appears 30 s after the connection went down, reconnects on demand, and can be dismissed', async () => {
    const opened = { count: 0 };
    const connection = new RealtimeConnection({
      url: 'http://test/v1/ws',
      credentials: () => ({ token: 't', userId: 'u' }),
      createSocket: () => refusingSocket(opened),
    });
    render(
      <LanguageProvider initial="en">
        <ConnectionBanner connection={connection} />
      </LanguageProvider>,
    );
    act(() => connection.connect());
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByText(TEXT)).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('alert').textContent).toContain(TEXT);

    const before = opened.count;
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(opened.count).toBe(before + 1);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TEXT)).toBeNull();
    connection.disconnect();
  });

  it('stays away while the device has no network, since the header already says "Offline"', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const connection = new RealtimeConnection({
      url: 'http://test/v1/ws',
      credentials: () => ({ token: 't', userId: 'u' }),
      createSocket: () => refusingSocket({ count: 0 }),
    });
    render(
      <LanguageProvider initial="en">
        <ConnectionBanner connection={connection} />
      </LanguageProvider>,
    );
    act(() => connection.connect());
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByText(TEXT)).toBeNull();
    connection.disconnect();
  });
});
