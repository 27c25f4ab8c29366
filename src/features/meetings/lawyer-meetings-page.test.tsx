/**
 * /meetings (LAWYER): the schedule form only with an hourly charge (else the way to set one),
 * Edit/Cancel only while unpaid and not started, Join in its window, and the calls each makes.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from '../../../contract/meetings';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../app/testing';
import { LawyerMeetingsPage, type HourlyChargeState } from './lawyer-meetings-page';
import { idempotencyKeys, meeting } from '../../testing/meetings';

vi.mock('./call/video-call-dialog', () => ({
  VideoCallDialog: ({ meetingId }: { meetingId: string }) => <div role="dialog">call {meetingId}</div>,
}));

afterEach(() => vi.unstubAllGlobals());

const ids = {
  pending: '10000000-0000-4000-8000-000000000001',
  paidFuture: '20000000-0000-4000-8000-000000000002',
  paidNow: '30000000-0000-4000-8000-000000000003',
  unpaidStarted: '40000000-0000-4000-8000-000000000004',
  past: '50000000-0000-4000-8000-000000000005',
};

function meetings(): Meeting[] {
  return [
    meeting(ids.pending, 24 * 60, 60, 'PENDING', { title: 'Unpaid tomorrow' }),
    meeting(ids.paidFuture, 26 * 60, 60, 'PAID', { title: 'Paid tomorrow' }),
    meeting(ids.paidNow, 8, 30, 'PAID', { title: 'Paid starting soon' }),
    meeting(ids.unpaidStarted, -5, 30, 'PENDING', { title: 'Unpaid under way' }),
    meeting(ids.past, -24 * 60, 60, 'RELEASED', { title: 'Done yesterday' }),
  ];
}

function open(charge: HourlyChargeState, answer?: (call: FakeRequest) => Response | undefined) {
  signInForTest('LAWYER');
  const calls = fakeServer((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/v1/videocalls') return envelope(200, { data: meetings() });
    return envelope(404, { error: { message: 'Resource not found' } });
  });
  renderScreen('/meetings', <LawyerMeetingsPage charge={charge} />);
  return calls;
}

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title });
  return within(heading.closest('article') as HTMLElement);
};
const buttonNames = async (title: string) => (await card(title)).queryAllByRole('button').map((b) => b.textContent);

describe('LawyerMeetingsPage', () => {
  it('explains that a paid meeting needs an hourly charge, and where to set it', async () => {
    open({ status: 'ready', value: null });
    expect(await screen.findByText(/You have not set an hourly charge yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your hourly charge in your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.queryByLabelText('Client’s email')).toBeNull();
    // Without a charge there is nothing to re-price an edit with, so Edit is not offered either.
    expect(await buttonNames('Unpaid tomorrow')).toEqual(['Cancel meeting']);
  });

  it('offers Edit and Cancel only while unpaid and not started, and Join in its window', async () => {
    open({ status: 'ready', value: 1500 });
    expect(await buttonNames('Unpaid tomorrow')).toEqual(['Edit', 'Cancel meeting']);
    expect(await buttonNames('Paid tomorrow')).toEqual([]);
    expect((await card('Paid tomorrow')).getByText(/You can join from/)).toBeTruthy();
    expect(await buttonNames('Paid starting soon')).toEqual(['Join']);
    expect(await buttonNames('Unpaid under way')).toEqual(['Join']);
    expect(await buttonNames('Done yesterday')).toEqual([]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Upcoming', 'Past']);
  });

  it('opens the call on Join', async () => {
    open({ status: 'ready', value: 1500 });
    const soon = await card('Paid starting soon');
    fireEvent.click(soon.getByRole('button', { name: 'Join: Paid starting soon' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toBe(`call ${ids.paidNow}`);
  });

  it('schedules a meeting in Dhaka time with an Idempotency-Key and refreshes the list', async () => {
    const calls = open({ status: 'ready', value: 1500 }, (call) =>
      call.method === 'POST' && call.path === '/v1/videocalls'
        ? envelope(201, { data: meeting('60000000-0000-4000-8000-000000000006', 3000, 60) })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Unpaid tomorrow' });
    const change = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    change('Client’s email', 'ayesha@example.com');
    change('Title', 'Tenancy advice');
    change('Starts', '2099-01-10T15:00');
    change('Ends', '2099-01-10T15:30');
    expect(screen.getByTestId('price-preview').textContent).toBe('Price: ৳750 (30 min at ৳1,500 an hour)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    });
    expect(await screen.findByText('Meeting scheduled. Your client has been told and can pay now.')).toBeTruthy();
    const post = calls.findIndex((c) => c.method === 'POST');
    expect(calls[post]?.body).toEqual({
      email: 'ayesha@example.com',
      title: 'Tenancy advice',
      startDateTime: '2099-01-10T15:00:00+06:00',
      endDateTime: '2099-01-10T15:30:00+06:00',
    });
    expect(idempotencyKeys(fetch)[post]).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/v1/videocalls' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it('moves a meeting with PUT and cancels one after asking', async () => {
    const calls = open({ status: 'ready', value: 1500 }, (call) => {
      if (call.method === 'PUT') return envelope(200, { data: meetings()[0] });
      if (call.method === 'DELETE') return envelope(200, { data: true });
      return undefined;
    });
    const unpaid = await card('Unpaid tomorrow');
    fireEvent.click(unpaid.getByRole('button', { name: 'Edit: Unpaid tomorrow' }));
    fireEvent.change(unpaid.getByLabelText('Title'), { target: { value: 'Unpaid tomorrow (moved)' } });
    await act(async () => {
      fireEvent.click(unpaid.getByRole('button', { name: 'Save changes' }));
    });
    expect(await screen.findByText('Meeting updated. Your client has been told.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      meetingId: ids.pending,
      title: 'Unpaid tomorrow (moved)',
    });

    fireEvent.click(unpaid.getByRole('button', { name: 'Cancel meeting: Unpaid tomorrow' }));
    const dialog = unpaid.getByRole('alertdialog', { name: 'Cancel this meeting?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the meeting' }));
    });
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/v1/videocalls/${ids.pending}`);
  });
});
