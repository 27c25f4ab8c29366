/**
 * The sandbox checkout's bKash wallet: the number, code and PIN steps in order, each checked before
 * the next (with a clear message in English and Bangla), Bangla digits taken as digits, one POST with
 * all three and a new Idempotency-Key per try, and every refusal said in the reader's language from
 * its `error.reason`: a wrong PIN with the tries left, then locked; too little balance; timed out; a
 * wrong code back to the code.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxCheckout } from '../../../contract/payments';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { idempotencyKeys } from '../../testing/meetings';
import { CheckoutPage } from './checkout-page';
import { leavePage } from './leave-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SESSION = 'cs_sandbox_wallet';
const PATH = `/v1/payments/sandbox/checkout/${SESSION}`;
const SUCCESS = `https://app.test/payment/success?session_id=${SESSION}`;

function checkout(extra: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    sessionId: SESSION,
    paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    amount: 2250,
    currency: 'BDT',
    status: 'OPEN',
    method: 'BKASH',
    declineReason: null,
    payeeName: 'Nasrin Akter',
    meetingTitle: 'Bail consultation',
    cancelUrl: 'https://app.test/my-meetings',
    ...extra,
  };
}

const refusal = (reason: string, message: string) => () => envelope(402, { error: { message, reason } });

function open(answers: { get?: SandboxCheckout; posts?: (() => Response)[] } = {}, lang: 'en' | 'bn' = 'en') {
  signInForTest('USER');
  const posts = [...(answers.posts ?? [])];
  const calls = fakeServer((call) => {
    if (call.method === 'GET' && call.path === PATH) return envelope(200, { data: answers.get ?? checkout() });
    const next = call.method === 'POST' && call.path === PATH ? posts.shift() : undefined;
    if (next) return next();
    return envelope(404, { error: { message: 'Resource not found' } });
  });
  const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  renderScreen(`/pay/checkout/${SESSION}`, <CheckoutPage />, { route: '/pay/checkout/:sessionId', lang });
  return { calls, leave };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

const EN = { wallet: 'Your bKash account number', otp: 'Verification code', pin: 'bKash PIN', confirm: 'Confirm' };
const BN = { wallet: 'আপনার বিকাশ অ্যাকাউন্ট নম্বর', otp: 'যাচাই কোড', pin: 'বিকাশ পিন', confirm: 'নিশ্চিত করুন' };

async function throughToPin(labels: typeof EN, wallet = '01700000003') {
  await screen.findByLabelText(labels.wallet);
  type(labels.wallet, wallet);
  await press(labels.confirm);
  type(labels.otp, '123456');
  await press(labels.confirm);
  type(labels.pin, '12121');
}

describe('the sandbox bKash wallet', () => {
  it('shows the amount, payee and escrow explanation under the wallet banner, with the test wallets', async () => {
    open();
    expect(await screen.findByText('Sandbox — no real money moves. Use one of the test wallets below.')).toBeTruthy();
    expect(screen.getAllByText('৳2,250')).toHaveLength(2);
    expect(screen.getByText('Nasrin Akter')).toBeTruthy();
    expect(screen.getByText(/The amount is held, not taken/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pay with bKash' })).toBeTruthy();
    expect(screen.getByText(/01700000001 pays, 01700000002 has too little balance/)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(currentStep()).toBe('1Number');
  });

  it('checks the number before the code, in Bangla, and takes Bangla digits as digits', async () => {
    const { calls } = open({}, 'bn');
    await screen.findByLabelText(BN.wallet);
    await press(BN.confirm);
    expect(screen.getByText('আপনার বিকাশ অ্যাকাউন্ট নম্বর দিন।')).toBeTruthy();
    type(BN.wallet, '0234567890');
    await press(BN.confirm);
    expect(screen.getByText('বিকাশ নম্বর ১১ অঙ্কের এবং ০১ দিয়ে শুরু হয়, যেমন ০১৭১২৩৪৫৬৭৮।')).toBeTruthy();
    expect(screen.getByLabelText(BN.wallet).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText(BN.otp)).toBeNull();

    type(BN.wallet, '০১৭০০০০০০০১');
    expect((screen.getByLabelText(BN.wallet) as HTMLInputElement).value).toBe('01700000001');
    await press(BN.confirm);
    expect(screen.getByText('বিকাশ ০১৭•••••০০১ নম্বরে এসএমএসে একটি ৬ অঙ্কের কোড পাঠিয়েছে।')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(BN.otp));
    type(BN.otp, '12345');
    await press(BN.confirm);
    expect(screen.getByText('এসএমএসে পাওয়া ৬ অঙ্কের কোডটি দিন।')).toBeTruthy();
    type(BN.otp, '123456');
    await press(BN.confirm);
    type(BN.pin, '1212');
    await press(BN.confirm);
    expect(screen.getByText('আপনার বিকাশ পিন ৫ অঙ্কের।')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('English: the number has 11 digits starting 01; a pasted +880 number loses the country code', async () => {
    open();
    await screen.findByLabelText(EN.wallet);
    type(EN.wallet, '1700000001');
    await press(EN.confirm);
    expect(screen.getByText('A bKash number has 11 digits and starts with 01, like 01712345678.')).toBeTruthy();
    type(EN.wallet, '+880 1700-000001');
    expect((screen.getByLabelText(EN.wallet) as HTMLInputElement).value).toBe('01700000001');
  });

  it('pays with all three in one POST and leaves for the confirmation', async () => {
    const { calls, leave } = open({ posts: [() => envelope(200, { data: { redirectUrl: SUCCESS } })] });
    await throughToPin(EN, '01700000001');
    expect(currentStep()).toBe('3PIN');
    expect(screen.getByLabelText(EN.pin).getAttribute('type')).toBe('password');
    await press(EN.confirm);
    expect(leave).toHaveBeenCalledWith(SUCCESS);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { method: 'BKASH', wallet: '01700000001', otp: '123456', pin: '12121' },
    ]);
  });

  it('counts wrong PINs in Bangla, then says the wallet is locked and offers another number', async () => {
    const wrongPin = refusal('WALLET_WRONG_PIN', 'The bKash PIN is wrong');
    const { calls } = open(
      {
        posts: [
          wrongPin,
          wrongPin,
          refusal(
            'WALLET_LOCKED',
            'This bKash wallet is locked after too many wrong PINs. Call bKash on 16247 to unlock it.',
          ),
        ],
      },
      'bn',
    );
    await throughToPin(BN);
    await press(BN.confirm);
    expect(await screen.findByText('বিকাশ পিন ভুল হয়েছে')).toBeTruthy();
    expect(
      screen.getByText('আর ২ বার চেষ্টা করতে পারবেন (৩ বারের মধ্যে): পরপর ৩ বার ভুল পিন দিলে ওয়ালেট লক হয়ে যায়।'),
    ).toBeTruthy();
    expect((screen.getByLabelText(BN.pin) as HTMLInputElement).value).toBe('');

    type(BN.pin, '12121');
    await press(BN.confirm);
    expect(screen.getByText(/^আর ১ বার চেষ্টা করতে পারবেন/)).toBeTruthy();

    type(BN.pin, '12121');
    await press(BN.confirm);
    expect(
      await screen.findByText(
        'অনেকবার ভুল পিন দেওয়ায় এই বিকাশ ওয়ালেটটি লক হয়ে গেছে। আনলক করতে বিকাশের ১৬২৪৭ নম্বরে কল করুন।',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(BN.pin)).toBeNull();
    expect(screen.queryByText(/চেষ্টা করতে পারবেন/)).toBeNull();
    const keys = idempotencyKeys(fetch).filter(Boolean);
    expect(new Set(keys).size).toBe(3);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'অন্য বিকাশ নম্বর ব্যবহার করুন' }));
    expect((screen.getByLabelText(BN.wallet) as HTMLInputElement).value).toBe('');
    expect(currentStep()).toBe('১নম্বর');
  });

  it.each([
    [
      'WALLET_INSUFFICIENT_BALANCE',
      'Your bKash balance is not enough for this payment',
      'এই পেমেন্টের জন্য আপনার বিকাশ ব্যালেন্স যথেষ্ট নয়',
    ],
    [
      'WALLET_TIMED_OUT',
      'The bKash payment timed out. Please try again.',
      'বিকাশ পেমেন্টের সময় শেষ হয়ে গেছে। আবার চেষ্টা করুন।',
    ],
    ['WALLET_DECLINED', 'bKash did not approve the payment', 'বিকাশ পেমেন্টটি অনুমোদন করেনি'],
  ])('says %s in Bangla and ends this wallet’s try', async (reason, message, bangla) => {
    open({ posts: [refusal(reason, message)] }, 'bn');
    await throughToPin(BN, '01700000002');
    await press(BN.confirm);
    expect(await screen.findByText(bangla)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'অন্য বিকাশ নম্বর ব্যবহার করুন' }));
    expect(screen.getByRole('button', { name: 'বাতিল করে ফিরে যান' })).toBeTruthy();
  });

  it('sends a wrong code back to the code step', async () => {
    open({ posts: [refusal('WALLET_WRONG_CODE', 'The verification code is wrong')] });
    await throughToPin(EN);
    await press(EN.confirm);
    expect(await screen.findByText('The verification code is wrong')).toBeTruthy();
    expect(currentStep()).toBe('2Code');
    expect((screen.getByLabelText(EN.otp) as HTMLInputElement).value).toBe('');
  });

  it('says why the last try on this checkout was refused', async () => {
    open({ get: checkout({ status: 'DECLINED', declineReason: 'INSUFFICIENT_BALANCE' }) }, 'bn');
    expect(
      await screen.findByText('আগের চেষ্টাটি গ্রহণ করা হয়নি: এই পেমেন্টের জন্য আপনার বিকাশ ব্যালেন্স যথেষ্ট নয়'),
    ).toBeTruthy();
  });

  it('goes back a step with Back, and to the cancel address from the first step', async () => {
    const { leave } = open();
    await screen.findByLabelText(EN.wallet);
    type(EN.wallet, '01700000001');
    await press(EN.confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText(EN.wallet) as HTMLInputElement).value).toBe('01700000001');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and go back' }));
    expect(leave).toHaveBeenCalledWith('https://app.test/my-meetings');
  });
});
