/**
 * The sandbox checkout: what is paid and to whom under the sandbox banner, the card form's hints
 * (a mistyped number is caught by Luhn before Pay), a declined card (402) said plainly with a retry
 * that uses a new Idempotency-Key, success leaving for the provider's redirect, and Cancel.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentMessages, type SandboxCheckout } from '../../../contract/payments';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { CheckoutPage } from './checkout-page';
import { leavePage } from './leave-page';
import { idempotencyKeys } from '../../testing/meetings';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SESSION = 'sbx_sess_123';
const PATH = `/v1/payments/sandbox/checkout/${SESSION}`;

function checkout(extra: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    sessionId: SESSION,
    paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    amount: 1125.5,
    currency: 'BDT',
    status: 'OPEN',
    method: 'CARD',
    declineReason: null,
    payeeName: 'Nasrin Akter',
    meetingTitle: 'Bail consultation',
    cancelUrl: 'https://app.test/my-meetings',
    ...extra,
  };
}

function open(answers: { get?: SandboxCheckout; post?: () => Response } = {}, lang: 'en' | 'bn' = 'en') {
  signInForTest('USER');
  const calls = fakeServer((call) => {
    if (call.method === 'GET' && call.path === PATH) return envelope(200, { data: answers.get ?? checkout() });
    if (call.method === 'POST' && call.path === PATH && answers.post) return answers.post();
    return envelope(404, { error: { message: 'Resource not found' } });
  });
  const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  renderScreen(`/pay/checkout/${SESSION}`, <CheckoutPage />, { route: '/pay/checkout/:sessionId', lang });
  return { calls, leave };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CheckoutPage', () => {
  it('shows the amount, payee and meeting under the sandbox banner, with the test cards', async () => {
    open();
    expect(await screen.findByText('৳1,125.50')).toBeTruthy();
    expect(screen.getByText('Sandbox — no real money moves. Use one of the test cards below.')).toBeTruthy();
    expect(screen.getByText('Nasrin Akter')).toBeTruthy();
    expect(screen.getByText('Bail consultation')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined/)).toBeTruthy();
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByRole('button', { name: 'Pay ৳1,125.50' })).toBeTruthy();
  });

  it('groups the number as typed and flags a mistyped one by Luhn before Pay', async () => {
    const { calls } = open();
    await screen.findByLabelText('Card number');
    type('Card number', '4242424242424241');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    expect(screen.getByText('This card number does not look right. Check the digits.')).toBeTruthy();
    type('Expiry (MM/YY)', '1299');
    type('CVC', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Pay ৳1,125.50' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    type('Card number', '4242424242424242');
    expect(screen.queryByText('This card number does not look right. Check the digits.')).toBeNull();
  });

  it('says a declined card was declined, lets them try another, then leaves for the confirmation', async () => {
    let tries = 0;
    const { calls, leave } = open({
      post: () =>
        ++tries === 1
          ? envelope(402, { error: { message: PaymentMessages.cardDeclined } })
          : envelope(200, { data: { redirectUrl: `https://app.test/payment/success?session_id=${SESSION}` } }),
    });
    await screen.findByLabelText('Card number');
    type('Card number', '4000 0000 0000 0002');
    type('Expiry (MM/YY)', '12/99');
    type('CVC', '123');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay ৳1,125.50' }));
    });
    expect(await screen.findByText('Your card was declined. Try another card.')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));

    type('Card number', '4242 4242 4242 4242');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay ৳1,125.50' }));
    });
    expect(leave).toHaveBeenCalledWith(`https://app.test/payment/success?session_id=${SESSION}`);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { cardNumber: '4000000000000002', expiry: '12/99', cvc: '123' },
      { cardNumber: '4242424242424242', expiry: '12/99', cvc: '123' },
    ]);
    const keys = idempotencyKeys(fetch).filter(Boolean);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says the decline in Bangla', async () => {
    open({ post: () => envelope(402, { error: { message: PaymentMessages.cardDeclined } }) }, 'bn');
    await screen.findByLabelText('কার্ড নম্বর');
    type('কার্ড নম্বর', '4000000000000002');
    type('মেয়াদ (MM/YY)', '12/99');
    type('CVC (নিরাপত্তা কোড)', '123');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '৳১,১২৫.৫০ পরিশোধ করুন' }));
    });
    expect(await screen.findByText('আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে। অন্য একটি কার্ড দিয়ে চেষ্টা করুন।')).toBeTruthy();
  });

  it('goes back to the cancel address on Cancel', async () => {
    const { leave } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and go back' }));
    expect(leave).toHaveBeenCalledWith('https://app.test/my-meetings');
  });

  it('does not take a card twice for a checkout that is already paid', async () => {
    open({ get: checkout({ status: 'AUTHORIZED' }) });
    expect(await screen.findByText('This checkout is already paid.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      `/payment/success?session_id=${SESSION}`,
    );
  });
});
