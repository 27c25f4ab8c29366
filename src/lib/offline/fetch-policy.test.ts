/** What a slow link fetches less of: smaller pages, no prefetch, images deferred. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchPolicy, pageSizeFor, SLOW_MIN_PAGE_SIZE, useFetchPolicy, useListPageSize } from './fetch-policy';
import { MIN_ROUND_TRIPS, recordRoundTrip, resetNetworkMeasurements, SLOW_ROUND_TRIP_MS } from './network-status';

const makeSlow = () => {
  for (let i = 0; i < MIN_ROUND_TRIPS; i += 1) recordRoundTrip(SLOW_ROUND_TRIP_MS + 500);
};

afterEach(() => resetNetworkMeasurements());

describe('fetchPolicy', () => {
  it('prefetches and loads images normally online and offline', () => {
    expect(fetchPolicy('online')).toEqual({ prefetch: true, deferImages: false });
    expect(fetchPolicy('offline')).toEqual({ prefetch: true, deferImages: false });
  });

  it('prefetches nothing and defers images on a slow link', () => {
    expect(fetchPolicy('slow')).toEqual({ prefetch: false, deferImages: true });
  });
});

describe('pageSizeFor', () => {
  it('keeps the normal size online, and offline (so the device copy’s URL still matches)', () => {
    expect(pageSizeFor('online', 10)).toBe(10);
    expect(pageSizeFor('offline', 20)).toBe(20);
  });

  it('halves it on a slow link, never below the minimum nor above the normal size', () => {
    expect(pageSizeFor('slow', 10)).toBe(5);
    expect(pageSizeFor('slow', 20)).toBe(10);
    expect(pageSizeFor('slow', 7)).toBe(SLOW_MIN_PAGE_SIZE);
    expect(pageSizeFor('slow', 3)).toBe(3);
  });
});

describe('the hooks', () => {
  it('chooses a list’s page size once, when it appears', () => {
    makeSlow();
    const { result } = renderHook(() => useListPageSize(10));
    expect(result.current).toBe(5);
    act(() => resetNetworkMeasurements());
    expect(result.current).toBe(5);
    expect(renderHook(() => useListPageSize(10)).result.current).toBe(10);
  });

  it('follows the link for images and prefetch', () => {
    const { result } = renderHook(() => useFetchPolicy());
    expect(result.current.deferImages).toBe(false);
    act(makeSlow);
    expect(result.current).toEqual({ prefetch: false, deferImages: true });
  });
});
