/**
 * The dashboards' payments: newest first, the other party named, the status, how it was paid (with
 * bKash's transaction id once captured), and its history folded away.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { PaymentsSection } from './payments-section';
import { CLIENT, LAWYER, payment } from '../../testing/meetings';

afterEach(() => vi.unstubAllGlobals());

const older = payment('RELEASED', {
  id: '11111111-1111-4111-8111-111111111111',
  amount: 500,
  createdAt: '2026-10-01T09:00:00+06:00',
  history: [
    { status: 'PENDING', at: '2026-10-01T09:00:00+06:00' },
    { status: 'PAID', at: '2026-10-01T09:05:00+06:00' },
    { status: 'RELEASED', at: '2026-10-01T16:00:00+06:00' },
  ],
});
const newer = payment('PAID', { id: '22222222-2222-4222-8222-222222222222' });

function open(role: 'USER' | 'LAWYER', lang: 'en' | 'bn' = 'en', data = [older, newer]) {
  signInForTest(role);
  const calls = fakeServer((call) =>
    call.path === '/v1/payments' ? envelope(200, { data }) : envelope(404, { error: { message: 'x' } }),
  );
  renderScreen('/dashboard', <PaymentsSection kind={role} />, { lang });
  return calls;
}

describe('PaymentsSection', () => {
  it('lists my payments newest first, with the payee, status and history', async () => {
    const calls = open('USER');
    expect(await screen.findByText('৳1,125.50')).toBeTruthy();
    const rows = screen.getAllByRole('article');
    expect(rows.map((r) => within(r).getByText(/^৳/).textContent)).toEqual(['৳1,125.50', '৳500']);
    expect(within(rows[0] as HTMLElement).getByText('To Nasrin Akter')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Paid (held in escrow)')).toBeTruthy();
    const history = within(rows[1] as HTMLElement).getByText('Status history');
    fireEvent.click(history);
    expect(within(rows[1] as HTMLElement).getByText('Released to lawyer — 1 October 2026 16:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See my meetings' }).getAttribute('href')).toBe('/my-meetings');
    expect(calls[0]?.query).toEqual({ page: '0', size: '20', sortDirection: 'DESC' });
  });

  it('names the payer for the lawyer who receives', async () => {
    // The signed-in test user is the payee here.
    open('LAWYER', 'en', [payment('PAID', { payeeId: CLIENT.id, payerId: LAWYER.id, payerName: 'Karim Uddin' })]);
    expect(await screen.findByText('From Karim Uddin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See my meetings' }).getAttribute('href')).toBe('/meetings');
  });

  it('says how a payment was paid, and the bKash transaction id once captured', async () => {
    const bkash = payment('RELEASED', { method: 'BKASH', paymentMethod: 'MFS', trxID: 'SBX1A2B3C4' });
    const pending = payment('PENDING', { id: '33333333-3333-4333-8333-333333333333', method: 'BKASH' });
    open('LAWYER', 'en', [bkash, pending]);
    const [released, unpaid] = (await screen.findAllByRole('article')) as HTMLElement[];
    expect(within(released as HTMLElement).getByText('Paid with bKash')).toBeTruthy();
    expect(within(released as HTMLElement).getByText('Transaction ID: SBX1A2B3C4')).toBeTruthy();
    expect(within(unpaid as HTMLElement).queryByText(/Paid with/)).toBeNull();
  });

  it('says the method in Bangla', async () => {
    open('USER', 'bn', [payment('PAID', { method: 'BKASH' })]);
    expect(await screen.findByText('পরিশোধের মাধ্যম: বিকাশ')).toBeTruthy();
  });

  it('reads in Bangla', async () => {
    open('USER', 'bn');
    expect(await screen.findByText('৳১,১২৫.৫০')).toBeTruthy();
    expect(screen.getAllByText('প্রাপক: Nasrin Akter')).toHaveLength(2);
  });
});
