/**
 * The payment-success screen: it completes the checkout's payment exactly once even when React runs
 * its effects twice (StrictMode), shows the held payment, and offers a retry (with a new key) when
 * the provider has not confirmed yet.
 */
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentMessages } from '../../../contract/payments';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { PaymentSuccessPage } from './payment-success-page';
import { idempotencyKeys, payment } from '../../testing/meetings';

// As in the app (src/main.tsx): StrictMode runs every effect twice on mount, in development.
beforeEach(() => configure({ reactStrictMode: true }));
afterEach(() => {
  configure({ reactStrictMode: false });
  vi.unstubAllGlobals();
});

const SESSION = 'sbx_sess_123';

function open(answer: () => Response, lang: 'en' | 'bn' = 'en', path = `/payment/success?session_id=${SESSION}`) {
  signInForTest('USER');
  const calls = fakeServer(answer);
  renderScreen(path, <PaymentSuccessPage />, { lang });
  return calls;
}

describe('PaymentSuccessPage', () => {
  it('completes the payment once and shows it held until released', async () => {
    const calls = open(() => envelope(200, { data: payment('PAID') }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('৳1,125.50')).toBeTruthy();
    expect(screen.getByText('Nasrin Akter')).toBeTruthy();
    expect(screen.getByText('Paid (held in escrow)')).toBeTruthy();
    expect(screen.getByText('Held until you release it after the meeting.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my meetings' }).getAttribute('href')).toBe('/my-meetings');
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', path: `/v1/payments/complete/${SESSION}` })]);
    expect(idempotencyKeys(fetch)[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows it in Bangla', async () => {
    open(() => envelope(200, { data: payment('PAID') }), 'bn');
    expect(await screen.findByRole('heading', { name: 'পেমেন্ট পাওয়া গেছে' })).toBeTruthy();
    expect(screen.getByText('৳১,১২৫.৫০')).toBeTruthy();
  });

  it('says when the payment is not confirmed, and tries again on request with a new key', async () => {
    let tries = 0;
    const calls = open(() =>
      ++tries === 1
        ? envelope(409, { error: { message: PaymentMessages.holdNotConfirmed } })
        : envelope(200, { data: payment('PAID') }),
    );
    expect(await screen.findByText('The payment provider has not confirmed the payment')).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(calls).toHaveLength(2);
    const [first, second] = idempotencyKeys(fetch);
    expect(first).not.toBe(second);
  });

  it('calls nothing without a session id and says where to go', async () => {
    const calls = open(() => envelope(200, { data: payment('PAID') }), 'en', '/payment/success');
    expect(
      await screen.findByText(
        'This page needs a checkout session. Open it from the checkout, or pay from your meetings.',
      ),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
