/**
 * docs/product.md §4's network status: offline / slow / online from the browser's own signals where it has
 * them (navigator.onLine, the Network Information API) and from measured API round trips where it
 * does not; and the hook that keeps a screen current.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  classifyNetwork,
  median,
  MIN_ROUND_TRIPS,
  networkStatus,
  NO_ANSWERS_OFFLINE,
  recordNoAnswer,
  recordRoundTrip,
  resetNetworkMeasurements,
  ROUND_TRIPS_KEPT,
  SLOW_ROUND_TRIP_MS,
  useNetworkStatus,
} from './network-status';

const facts = { onLine: true, roundTripsMs: [] as number[], noAnswers: 0 };

function setOnLine(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  dispatchEvent(new Event(value ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  resetNetworkMeasurements();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('classifying the link', () => {
  it('is offline when the browser says so, whatever else is known', () => {
    expect(classifyNetwork({ ...facts, onLine: false, effectiveType: '4g' })).toBe('offline');
  });

  it('is offline after NO_ANSWERS_OFFLINE calls in a row got no answer', () => {
    expect(classifyNetwork({ ...facts, noAnswers: NO_ANSWERS_OFFLINE - 1 })).toBe('online');
    expect(classifyNetwork({ ...facts, noAnswers: NO_ANSWERS_OFFLINE })).toBe('offline');
  });

  it('trusts the Network Information API: slow-2g and 2g are slow, 3g and 4g are not; saving data is slow', () => {
    expect(classifyNetwork({ ...facts, effectiveType: 'slow-2g' })).toBe('slow');
    expect(classifyNetwork({ ...facts, effectiveType: '2g' })).toBe('slow');
    expect(classifyNetwork({ ...facts, effectiveType: '3g' })).toBe('online');
    expect(classifyNetwork({ ...facts, effectiveType: '4g' })).toBe('online');
    expect(classifyNetwork({ ...facts, effectiveType: '4g', saveData: true })).toBe('slow');
  });

  it('measures otherwise: a median round trip over SLOW_ROUND_TRIP_MS is slow, once there are enough', () => {
    const slow = SLOW_ROUND_TRIP_MS + 1;
    expect(classifyNetwork({ ...facts, roundTripsMs: [slow, slow] })).toBe('online');
    expect(classifyNetwork({ ...facts, roundTripsMs: [slow, slow, slow] })).toBe('slow');
    // One fast answer among slow ones does not make the link fast, nor one slow among fast ones slow.
    expect(classifyNetwork({ ...facts, roundTripsMs: [slow, 200, slow, slow, 300] })).toBe('slow');
    expect(classifyNetwork({ ...facts, roundTripsMs: [200, 9000, 300] })).toBe('online');
    // A 3g link that is slow in practice shows in the measurements.
    expect(classifyNetwork({ ...facts, effectiveType: '3g', roundTripsMs: [slow, slow, slow] })).toBe('slow');
  });

  it('takes the median', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('the live status', () => {
  it('follows recorded round trips, keeping only the last ROUND_TRIPS_KEPT', () => {
    for (let i = 0; i < MIN_ROUND_TRIPS; i += 1) recordRoundTrip(SLOW_ROUND_TRIP_MS * 2);
    expect(networkStatus()).toBe('slow');
    for (let i = 0; i < ROUND_TRIPS_KEPT; i += 1) recordRoundTrip(150);
    expect(networkStatus()).toBe('online');
  });

  it('goes offline after calls without an answer, and back once one is answered', () => {
    for (let i = 0; i < NO_ANSWERS_OFFLINE; i += 1) recordNoAnswer();
    expect(networkStatus()).toBe('offline');
    recordRoundTrip(120);
    expect(networkStatus()).toBe('online');
  });

  it('reads the Network Information API where the browser has it', () => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { effectiveType: '2g', saveData: false },
    });
    expect(networkStatus()).toBe('slow');
  });

  it('keeps a component current as the phone goes offline and comes back', () => {
    const { result } = renderHook(() => useNetworkStatus());
    expect(result.current).toBe('online');
    act(() => setOnLine(false));
    expect(result.current).toBe('offline');
    act(() => setOnLine(true));
    expect(result.current).toBe('online');
    act(() => {
      for (let i = 0; i < MIN_ROUND_TRIPS; i += 1) recordRoundTrip(SLOW_ROUND_TRIP_MS * 3);
    });
    expect(result.current).toBe('slow');
  });

  it('forgets old failures when the browser says the connection is back', () => {
    const { result } = renderHook(() => useNetworkStatus());
    act(() => {
      for (let i = 0; i < NO_ANSWERS_OFFLINE; i += 1) recordNoAnswer();
    });
    expect(result.current).toBe('offline');
    act(() => setOnLine(true));
    expect(result.current).toBe('online');
  });
});
