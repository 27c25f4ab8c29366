/**
 * /my-meetings: which of Pay, Join, Cancel meeting / Cancel and refund and Release each meeting offers, and what each
 * does — Pay offers bKash or card (bKash first in Bangla) and leaves for the chosen checkout, Join tells an unpaid client to pay (the server's 402), Cancel
 * and Release ask first and carry an Idempotency-Key.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from '../../../contract/meetings';
import { MeetingMessages } from '../../../contract/meetings';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../app/testing';
import { ClientMeetingsPage } from './client-meetings-page';
import { leavePage } from './leave-page';
import { idempotencyKeys, meeting, payment, PAYMENT_ID } from '../../testing/meetings';

vi.mock('./call/video-call-dialog', () => ({
  VideoCallDialog: ({ meetingId }: { meetingId: string }) => <div role="dialog">call {meetingId}</div>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ids = {
  pending: '10000000-0000-4000-8000-000000000001',
  heldFuture: '20000000-0000-4000-8000-000000000002',
  unpaidNow: '30000000-0000-4000-8000-000000000003',
  heldEnded: '40000000-0000-4000-8000-000000000004',
  released: '50000000-0000-4000-8000-000000000005',
  canceled: '60000000-0000-4000-8000-000000000006',
};

function meetings(): Meeting[] {
  return [
    meeting(ids.pending, 24 * 60, 60, 'PENDING', { title: 'Pending tomorrow' }),
    meeting(ids.heldFuture, 24 * 60 + 120, 60, 'PAID', { title: 'Held tomorrow' }),
    meeting(ids.unpaidNow, 5, 30, 'PENDING', { title: 'Unpaid starting soon' }),
    meeting(ids.heldEnded, -120, 60, 'PAID', { title: 'Held and over' }),
    meeting(ids.released, -48 * 60, 60, 'RELEASED', { title: 'Released long ago' }),
    meeting(ids.canceled, 48 * 60, 60, 'CANCELED', { title: 'Called off' }),
  ];
}

function open(answer?: (call: FakeRequest) => Response | undefined) {
  signInForTest('USER');
  const calls = fakeServer((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/v1/videocalls') return envelope(200, { data: meetings() });
    return envelope(404, { error: { message: 'Resource not found' } });
  });
  const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  renderScreen('/my-meetings', <ClientMeetingsPage />);
  return { calls, leave };
}

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title });
  return within(heading.closest('article') as HTMLElement);
};
const buttonNames = async (title: string) => (await card(title)).queryAllByRole('button').map((b) => b.textContent);

describe('ClientMeetingsPage', () => {
  it('offers each meeting only what can be done to it now', async () => {
    open();
    expect(await buttonNames('Pending tomorrow')).toEqual(['Pay ৳1,500', 'Cancel meeting']);
    expect(await buttonNames('Held tomorrow')).toEqual(['Cancel and refund']);
    expect(await buttonNames('Unpaid starting soon')).toEqual(['Pay ৳1,500', 'Join', 'Cancel meeting']);
    expect(await buttonNames('Held and over')).toEqual(['Release payment']);
    expect(await buttonNames('Released long ago')).toEqual([]);
    expect(await buttonNames('Called off')).toEqual([]);
    expect((await card('Held tomorrow')).getByText(/Paid — held until you release it after the meeting/)).toBeTruthy();
  });

  it('lists upcoming meetings soonest first, then past ones latest first', async () => {
    open();
    await screen.findByRole('heading', { name: 'Pending tomorrow' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Unpaid starting soon',
      'Pending tomorrow',
      'Held tomorrow',
      'Called off',
      'Held and over',
      'Released long ago',
    ]);
  });

  it('offers the card first in English, both for the same amount under one escrow explanation', async () => {
    open();
    const pending = await card('Pending tomorrow');
    fireEvent.click(pending.getByRole('button', { name: 'Pay ৳1,500: Pending tomorrow' }));
    const step = within(pending.getByRole('region', { name: 'How would you like to pay?' }));
    expect(step.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pay ৳1,500 by card',
      'Pay ৳1,500 with bKash',
      'Not now',
    ]);
    expect(step.getByText('Amount: ৳1,500')).toBeTruthy();
    expect(step.getAllByText(/The amount is held, not taken/)).toHaveLength(1);
    expect(step.getByRole('button', { name: 'Pay ৳1,500 with bKash' }).getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(step.getByRole('button', { name: 'Not now' }));
    expect(await buttonNames('Pending tomorrow')).toEqual(['Pay ৳1,500', 'Cancel meeting']);
  });

  it('offers bKash first in Bangla, with the amount in Bangla digits', async () => {
    signInForTest('USER');
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/v1/videocalls'
        ? envelope(200, { data: meetings() })
        : envelope(404, { error: { message: 'Resource not found' } }),
    );
    renderScreen('/my-meetings', <ClientMeetingsPage />, { lang: 'bn' });
    const pending = await card('Pending tomorrow');
    fireEvent.click(pending.getByRole('button', { name: '৳১,৫০০ পরিশোধ করুন: Pending tomorrow' }));
    const step = within(pending.getByRole('region', { name: 'কীভাবে পরিশোধ করবেন?' }));
    expect(step.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'বিকাশে ৳১,৫০০ পরিশোধ করুন',
      'কার্ডে ৳১,৫০০ পরিশোধ করুন',
      'এখন নয়',
    ]);
    expect(step.getByText('পরিমাণ: ৳১,৫০০')).toBeTruthy();
    expect(step.getByText(/টাকা কাটা হয় না, জমা রাখা হয়/)).toBeTruthy();
  });

  it('opens the chosen checkout and follows its redirect', async () => {
    const { calls, leave } = open((call) =>
      call.method === 'POST' && call.path === `/v1/payments/${PAYMENT_ID}/checkout`
        ? envelope(200, { data: { sessionId: 'sbx_1', redirectUrl: 'https://app.test/pay/checkout/sbx_1' } })
        : undefined,
    );
    const pending = await card('Pending tomorrow');
    fireEvent.click(pending.getByRole('button', { name: 'Pay ৳1,500: Pending tomorrow' }));
    await act(async () => {
      fireEvent.click(pending.getByRole('button', { name: 'Pay ৳1,500 with bKash' }));
    });
    expect(leave).toHaveBeenCalledWith('https://app.test/pay/checkout/sbx_1');
    const post = calls.findIndex((c) => c.method === 'POST');
    expect(calls[post]?.body).toEqual({ method: 'BKASH' });
    expect(idempotencyKeys(fetch)[post]).toBeTruthy();
  });

  it('says in Bangla why the checkout could not be opened', async () => {
    signInForTest('USER');
    fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/v1/videocalls') return envelope(200, { data: meetings() });
      if (call.method === 'POST' && call.path === `/v1/payments/${PAYMENT_ID}/checkout`) {
        return envelope(400, {
          error: { message: 'This payment method is not offered here', reason: 'PAYMENT_METHOD_NOT_OFFERED' },
        });
      }
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    renderScreen('/my-meetings', <ClientMeetingsPage />, { lang: 'bn' });
    const pending = await card('Pending tomorrow');
    fireEvent.click(pending.getByRole('button', { name: '৳১,৫০০ পরিশোধ করুন: Pending tomorrow' }));
    await act(async () => {
      fireEvent.click(pending.getByRole('button', { name: 'বিকাশে ৳১,৫০০ পরিশোধ করুন' }));
    });
    expect(await pending.findByText('এখানে এই পেমেন্ট পদ্ধতি নেই')).toBeTruthy();
  });

  it('says in Bangla why a bKash checkout came back without a hold', async () => {
    signInForTest('USER');
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/v1/videocalls'
        ? envelope(200, { data: meetings() })
        : envelope(404, { error: { message: 'Resource not found' } }),
    );
    renderScreen(
      `/my-meetings?paymentId=${PAYMENT_ID}&bkash=failure&reason=INSUFFICIENT_BALANCE`,
      <ClientMeetingsPage />,
      {
        lang: 'bn',
        route: '/my-meetings',
      },
    );
    const said = await screen.findByText('আপনার বিকাশ পেমেন্ট সম্পন্ন হয়নি: এই পেমেন্টের জন্য আপনার বিকাশ ব্যালেন্স যথেষ্ট নয়');
    expect(said.closest('[role="alert"]')).toBeTruthy();
  });

  it('tells an unpaid client to pay when they try to join', async () => {
    open((call) =>
      call.path === `/v1/videocalls/${ids.unpaidNow}/token`
        ? envelope(402, { error: { message: MeetingMessages.paymentRequired } })
        : undefined,
    );
    const soon = await card('Unpaid starting soon');
    await act(async () => {
      fireEvent.click(soon.getByRole('button', { name: 'Join: Unpaid starting soon' }));
    });
    expect(await soon.findByText('Payment must be completed before joining the meeting')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before refunding a held payment, and refunds it', async () => {
    const { calls } = open((call) =>
      call.method === 'PUT' && call.path === `/v1/payments/${PAYMENT_ID}/cancel`
        ? envelope(200, { data: payment('REFUNDED') })
        : undefined,
    );
    const held = await card('Held tomorrow');
    fireEvent.click(held.getByRole('button', { name: 'Cancel and refund: Held tomorrow' }));
    const dialog = held.getByRole('alertdialog', { name: 'Cancel and get your money back?' });
    expect(within(dialog).getByText(/The ৳1,500 held for this meeting is released/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Not now' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(held.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(held.getByRole('button', { name: 'Cancel and refund: Held tomorrow' }));
    await act(async () => {
      fireEvent.click(held.getByRole('button', { name: 'Yes, cancel it' }));
    });
    expect(await screen.findByText('Payment cancelled and refunded.')).toBeTruthy();
    const put = calls.findIndex((c) => c.method === 'PUT');
    expect(calls[put]?.path).toBe(`/v1/payments/${PAYMENT_ID}/cancel`);
    expect(idempotencyKeys(fetch)[put]).toBeTruthy();
  });

  it('asks before releasing the money to the lawyer, then releases it', async () => {
    const { calls } = open((call) =>
      call.method === 'PUT' && call.path === `/v1/payments/${PAYMENT_ID}/release`
        ? envelope(200, { data: payment('RELEASED') })
        : undefined,
    );
    const over = await card('Held and over');
    fireEvent.click(over.getByRole('button', { name: 'Release payment: Held and over' }));
    const dialog = over.getByRole('alertdialog', { name: 'Release the payment to your lawyer?' });
    expect(within(dialog).getByText(/৳1,500 goes to Nasrin Akter/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Release ৳1,500' }));
    });
    expect(await screen.findByText('Payment released to your lawyer.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/v1/payments/${PAYMENT_ID}/release`]);
  });

  it('shows a refusal in the confirmation', async () => {
    open((call) =>
      call.method === 'PUT'
        ? envelope(409, { error: { message: 'This payment can no longer be cancelled' } })
        : undefined,
    );
    const pending = await card('Pending tomorrow');
    fireEvent.click(pending.getByRole('button', { name: 'Cancel meeting: Pending tomorrow' }));
    expect(pending.getByRole('alertdialog', { name: 'Cancel this meeting?' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(pending.getByRole('button', { name: 'Yes, cancel it' }));
    });
    expect(await pending.findByText('This payment can no longer be cancelled')).toBeTruthy();
  });
});
