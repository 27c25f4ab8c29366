/** On a slow link a photo waits for a tap ("Show photo of …"); otherwise it loads lazily, decoded async. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { MIN_ROUND_TRIPS, recordRoundTrip, resetNetworkMeasurements } from '../../lib/offline/network-status';
import { DeferredImage } from './deferred-image';

const photo = (
  <DeferredImage
    src="/v1/user/profile-picture/x.jpg"
    alt=""
    width={56}
    height={56}
    of="Nasrin Akter"
    placeholder={<span aria-hidden="true">NA</span>}
  />
);

afterEach(() => {
  resetNetworkMeasurements();
  localStorage.clear();
});

describe('DeferredImage', () => {
  it('loads lazily and decodes off the main thread on a normal link', () => {
    const { container } = render(<AppProviders store={createAppStore()}>{photo}</AppProviders>);
    const img = container.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('decoding')).toBe('async');
  });

  it('waits for a tap on a slow link', () => {
    act(() => {
      for (let i = 0; i < MIN_ROUND_TRIPS; i += 1) recordRoundTrip(4000);
    });
    const { container } = render(<AppProviders store={createAppStore()}>{photo}</AppProviders>);
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show photo of Nasrin Akter' }));
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/v1/user/profile-picture/x.jpg');
  });

  it('labels the button in Bangla', () => {
    localStorage.setItem('language', 'bn');
    act(() => {
      for (let i = 0; i < MIN_ROUND_TRIPS; i += 1) recordRoundTrip(4000);
    });
    render(<AppProviders store={createAppStore()}>{photo}</AppProviders>);
    expect(screen.getByRole('button', { name: 'Nasrin Akter-এর ছবি দেখান' })).toBeTruthy();
  });
});
