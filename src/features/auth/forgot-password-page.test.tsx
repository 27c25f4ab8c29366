import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderScreen } from '../../app/testing';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('ForgotPasswordPage', () => {
  it('goes email → code and new password → done → sign in', async () => {
    const calls = fakeApi(({ path }) =>
      path.endsWith('/send-verification-code')
        ? envelope(200, { data: 'Verification code sent to your email' })
        : envelope(200, { data: true }),
    );
    const { router } = renderScreen('/forgot-password', <ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ayesha@example.com' } });
    await click('Send code');
    expect(await screen.findByText(/Code sent\. It can take a minute to arrive/)).toBeTruthy();
    expect(screen.queryByText('OTP sent successfully')).toBeNull();
    expect(screen.getByText(/Enter the code we sent to ayesha@example\.com/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewSecret#1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret#1' } });
    await click('Set new password');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    // The done screen says it once: a heading and what happens next, not the same news three times.
    expect(screen.queryByText('Password reset successfully')).toBeNull();
    expect(screen.getByText(/signed out everywhere/)).toBeTruthy();
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/v1/auth/reset-password',
      body: { email: 'ayesha@example.com', otp: '654321', password: 'NewSecret#1' },
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ email: 'ayesha@example.com' });
  });

  it('reports a failed send with the fallback of docs/product.md §8', async () => {
    fakeApi(() => envelope(500, { error: { message: 'An unexpected error occurred' } }));
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ayesha@example.com' } });
    await click('Send code');
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('says how many seconds are left when asked for a code too soon', async () => {
    fakeApi(() =>
      envelope(429, { error: { message: 'Please wait before requesting another code' } }, { 'Retry-After': '42' }),
    );
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ayesha@example.com' } });
    await click('Send code');
    expect(await screen.findByText(/Please wait (42|41) seconds before asking for another code\./)).toBeTruthy();
    expect(screen.queryByText('Please wait before requesting another code')).toBeNull();
  });

  it('reports an invalid code on the reset step', async () => {
    fakeApi(({ path }) =>
      path.endsWith('/send-verification-code')
        ? envelope(200, { data: 'ok' })
        : envelope(400, { error: { message: 'Otp is Invalid or expired' } }),
    );
    renderScreen('/forgot-password', <ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ayesha@example.com' } });
    await click('Send code');
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '111111' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewSecret#1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret#1' } });
    await click('Set new password');
    expect(await screen.findByText('Otp is Invalid or expired')).toBeTruthy();
  });
});
