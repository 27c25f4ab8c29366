import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authResponse, envelope, fakeApi, renderScreen, signInForTest } from '../../app/testing';
import { EmailVerificationPage } from './email-verification-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function verifyWith(code: string) {
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
  });
}

describe('EmailVerificationPage', () => {
  it('shows the address, and a numeric one-time-code input', () => {
    signInForTest('USER', false);
    renderScreen('/email-verification', <EmailVerificationPage />);
    expect(screen.getByText(/ayesha@example\.com/)).toBeTruthy();
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '১২৩ 456' } });
    expect((input as HTMLInputElement).value).toBe('123456');
  });

  it('starts the 60 s resend countdown at once after registration', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    signInForTest('USER', false);
    renderScreen('/email-verification', <EmailVerificationPage />, { state: { codeSentAt: Date.now() } });
    const resend = screen.getByRole('button', { name: 'Send a new code (60 s)' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('button', { name: 'Send a new code (45 s)' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(45_000));
    expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('resends the code and restarts the countdown', async () => {
    signInForTest('USER', false);
    const calls = fakeApi(() => envelope(200, { data: 'Verification code sent to your email' }));
    renderScreen('/email-verification', <EmailVerificationPage />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/v1/auth/send-verification-code',
      body: { email: 'ayesha@example.com' },
    });
    expect(await screen.findByText('Verification code sent successfully')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toBeTruthy();
  });

  it('verifies, marks the session verified and continues to the remembered page', async () => {
    signInForTest('USER', false);
    const calls = fakeApi(() => envelope(200, { data: true }));
    const { router, store } = renderScreen('/email-verification', <EmailVerificationPage />, {
      state: { from: '/profile' },
    });
    await verifyWith('123456');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls[0]?.body).toEqual({ email: 'ayesha@example.com', otp: '123456' });
    expect(store.getState().session.user?.emailVerified).toBe(true);
    expect(JSON.parse(localStorage.getItem('auth_userInfo') ?? '{}').emailVerified).toBe(true);
    expect(router.state.location.state).toEqual({ notice: 'Email verified successfully' });
  });

  it('adopts a fresh token when verification answers with one', async () => {
    signInForTest('LAWYER', false);
    fakeApi(() => envelope(200, { data: authResponse('LAWYER', true, 'verified-token') }));
    const { router } = renderScreen('/email-verification', <EmailVerificationPage />);
    await verifyWith('123456');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lawyer'));
    expect(localStorage.getItem('auth_token')).toBe('verified-token');
  });

  it('shows a wrong code and stays', async () => {
    signInForTest('USER', false);
    fakeApi(() => envelope(400, { error: { message: 'Invalid or expired verification code' } }));
    const { router } = renderScreen('/email-verification', <EmailVerificationPage />);
    await verifyWith('000000');
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/email-verification');
  });

  it('asks for all six digits before calling the server', async () => {
    signInForTest('USER', false);
    const calls = fakeApi(() => envelope(200, { data: true }));
    renderScreen('/email-verification', <EmailVerificationPage />);
    await verifyWith('123');
    expect(screen.getByText('Verification code must be 6 digits')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
