import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../../app/testing';
import { lawyerInfo } from '../../../app/testing-lawyers';
import { HourlyChargeForm } from './hourly-charge-form';

afterEach(() => vi.unstubAllGlobals());

describe('HourlyChargeForm', () => {
  it('saves a new charge in taka', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer(() => envelope(200, { data: lawyerInfo({ hourlyCharge: 2000 }) }));
    renderScreen('/profile', <HourlyChargeForm profile={lawyerInfo()} />);
    expect(screen.getByText('Now: ৳1,500 per hour')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hourly charge in taka (৳)'), { target: { value: '2000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save charge' }));
    });
    expect(await screen.findByText('Your hourly charge is saved.')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/v1/lawyer/hourly-charge', body: { hourlyCharge: 2000 } });
  });

  it('refuses more than two decimals before sending', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer(() => envelope(200, { data: lawyerInfo() }));
    renderScreen('/profile', <HourlyChargeForm profile={lawyerInfo()} />);
    fireEvent.change(screen.getByLabelText('Hourly charge in taka (৳)'), { target: { value: '10.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save charge' }));
    expect(await screen.findByText('Hourly charge has at most 2 decimals')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('removes the charge', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer(() => envelope(200, { data: lawyerInfo({ hourlyCharge: null }) }));
    renderScreen('/profile', <HourlyChargeForm profile={lawyerInfo()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove charge' }));
    });
    expect(calls[0]?.body).toEqual({ hourlyCharge: null });
  });

  it('is locked with the reason for a rejected lawyer', () => {
    signInForTest('LAWYER');
    renderScreen('/profile', <HourlyChargeForm profile={lawyerInfo({ verificationStatus: 'REJECTED' })} />);
    expect(screen.getByText(/Your verification was rejected/)).toBeTruthy();
    expect((screen.getByLabelText('Hourly charge in taka (৳)') as HTMLInputElement).closest('fieldset')?.disabled).toBe(
      true,
    );
  });
});
