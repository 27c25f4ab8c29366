/**
 * Booking screens (issue 19): "Book a consultation" shows the lawyer's free times in Bangladesh time
 * with the price before sending and says plainly when the time was just taken; "My bookings" shows
 * each status with what can be done (cancel a waiting request, pay an accepted one, read a decline's
 * reason); the lawyer's requests accept, or decline only with a reason of 10+ characters. Also the
 * calendar's meeting events and the shared arithmetic.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingMessages, type Booking, type FreeTime } from '../../../contract/bookings';
import type { Meeting } from '../../../contract/meetings';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../app/testing';
import { bookingToEvent, meetingToEvent } from '../../app/meeting-events';
import { applyArrived } from '../notifications/api/notifications-api';
import { BookConsultation } from './book-consultation';
import { bookingPrice, startsWithin } from './booking-times';
import { LawyerBookingRequests } from './lawyer-booking-requests';
import { MyBookingsPage } from './my-bookings-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const LAWYER = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Karim',
  lastName: 'Uddin',
  email: 'karim@example.com',
};
const CLIENT = {
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Nusrat',
  lastName: 'Jahan',
  email: 'nusrat@example.com',
};
// 5 December 2030, 09:00–10:30 Dhaka time.
const FREE: FreeTime[] = [{ start: '2030-12-05T03:00:00.000Z', end: '2030-12-05T04:30:00.000Z' }];

function booking(id: string, status: Booking['status'], extra: Partial<Booking> = {}): Booking {
  return {
    bookingId: id,
    lawyer: LAWYER,
    client: CLIENT,
    start: '2030-12-05T03:00:00.000Z',
    end: '2030-12-05T04:00:00.000Z',
    minutes: 60,
    topic: `Topic of ${id.slice(0, 1)}: land in Savar`,
    price: 1500,
    status,
    declineReason: null,
    meetingId: null,
    expiresAt: '2030-12-04T03:00:00.000Z',
    createdAt: '2030-12-03T03:00:00.000Z',
    updatedAt: '2030-12-03T03:00:00.000Z',
    ...extra,
  };
}

const page = (bookings: Booking[]) =>
  envelope(200, {
    data: { bookings },
    metadata: {
      totalCount: bookings.length,
      pageNumber: 0,
      pageSize: 20,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
      isFirst: true,
      isLast: true,
    },
  });

describe('booking arithmetic', () => {
  it('offers 30-minute starts where the length still fits, and prices as meetings are', () => {
    expect(startsWithin(FREE, 30)).toEqual([
      '2030-12-05T03:00:00.000Z',
      '2030-12-05T03:30:00.000Z',
      '2030-12-05T04:00:00.000Z',
    ]);
    expect(startsWithin(FREE, 60)).toEqual(['2030-12-05T03:00:00.000Z', '2030-12-05T03:30:00.000Z']);
    expect(bookingPrice(1500, 30)).toBe(750);
    expect(bookingPrice(999.99, 30)).toBe(500); // 499.995 rounds half up to 500.00
    expect(bookingPrice(1000.01, 60)).toBe(1000.01);
  });
});

describe('Book a consultation', () => {
  function open(answer?: (call: FakeRequest) => Response | undefined, lang: 'en' | 'bn' = 'en') {
    signInForTest('USER');
    const calls = fakeServer((call) => {
      const own = answer?.(call);
      if (own) return own;
      if (call.method === 'GET' && call.path === '/v1/bookings/free-times')
        return envelope(200, { data: { freeTimes: FREE } });
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/lawyers/karim/details', <BookConsultation lawyer={{ email: LAWYER.email, hourlyCharge: 1500 }} />, {
      lang,
    });
    return calls;
  }

  it('shows free times in Dhaka time with the price, and sends the chosen time, length and matter', async () => {
    const calls = open((call) =>
      call.method === 'POST' && call.path === '/v1/bookings'
        ? envelope(201, { data: booking('b1', 'REQUESTED') })
        : undefined,
    );
    const time = (await screen.findByLabelText('Time')) as HTMLSelectElement;
    expect(calls.find((c) => c.path === '/v1/bookings/free-times')?.query).toMatchObject({
      lawyerEmail: LAWYER.email,
      days: '14',
    });
    const labels = [...time.options].map((o) => o.textContent);
    expect(labels.slice(1)).toHaveLength(3);
    expect(labels[1]).toMatch(/09:00–09:30$/);
    expect(screen.getByText('Price: ৳750 (30 minutes at ৳1,500 an hour)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '60 minutes' }));
    expect(screen.getByText('Price: ৳1,500 (60 minutes at ৳1,500 an hour)')).toBeTruthy();
    expect([...time.options].slice(1).map((o) => o.textContent?.slice(-11))).toEqual(['09:00–10:00', '09:30–10:30']);

    fireEvent.change(time, { target: { value: '2030-12-05T03:30:00.000Z' } });
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'Short' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    });
    expect(screen.getByText('Describe your matter in 10 to 1000 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('What is it about?'), {
      target: { value: 'My landlord kept the advance after I moved out.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      lawyerEmail: LAWYER.email,
      start: '2030-12-05T03:30:00.000Z',
      minutes: 60,
      topic: 'My landlord kept the advance after I moved out.',
    });
    expect(await screen.findByText(/Request sent\. The lawyer has been told/)).toBeTruthy();
  });

  it('says plainly when the time was just taken (409)', async () => {
    open((call) => (call.method === 'POST' ? envelope(409, { error: { message: BookingMessages.taken } }) : undefined));
    fireEvent.change(await screen.findByLabelText('Time'), { target: { value: '2030-12-05T03:00:00.000Z' } });
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'A question about my deed' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    });
    expect(await screen.findByText('This time is no longer free. Please choose another.')).toBeTruthy();
  });

  it('speaks Bangla, digits too', async () => {
    open(undefined, 'bn');
    expect(await screen.findByRole('heading', { name: 'পরামর্শ বুক করুন' })).toBeTruthy();
    expect(screen.getByText('মূল্য: ৳৭৫০ (ঘণ্টায় ৳১,৫০০ হারে ৩০ মিনিট)')).toBeTruthy();
  });
});

describe('My bookings', () => {
  it('shows each status with what can be done, and cancels a waiting request', async () => {
    signInForTest('USER');
    const list = [
      booking('a0000000-0000-4000-8000-000000000001', 'REQUESTED'),
      booking('b0000000-0000-4000-8000-000000000002', 'ACCEPTED', {
        meetingId: '33333333-3333-4333-8333-333333333333',
      }),
      booking('c0000000-0000-4000-8000-000000000003', 'DECLINED', { declineReason: 'Not taking land cases now' }),
    ];
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/v1/bookings') return page(list);
      if (call.method === 'PUT' && call.path.endsWith('/cancel')) {
        return envelope(200, { data: { ...list[0], status: 'CANCELLED' } });
      }
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/my-bookings', <MyBookingsPage />);
    expect(await screen.findByRole('heading', { name: 'My bookings' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Requested')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Pay in My meetings' }).getAttribute('href')).toBe(
      '/my-meetings',
    );
    expect(within(items[2]!).getByText('Reason: Not taking land cases now')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(calls[0]?.query).toMatchObject({ role: 'client' });
    await act(async () => {
      fireEvent.click(within(items[0]!).getByRole('button', { name: 'Cancel request' }));
    });
    const cancel = calls.find((c) => c.method === 'PUT');
    expect(cancel?.path).toBe('/v1/bookings/a0000000-0000-4000-8000-000000000001/cancel');
  });
});

describe("the lawyer's requests", () => {
  it('accepts, and declines only with a reason of at least 10 characters', async () => {
    signInForTest('LAWYER');
    const id = 'a0000000-0000-4000-8000-000000000001';
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/v1/bookings') return page([booking(id, 'REQUESTED')]);
      if (call.method === 'PUT') return envelope(200, { data: booking(id, 'ACCEPTED') });
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/meetings', <LawyerBookingRequests />);
    expect(await screen.findByText('From Nusrat Jahan')).toBeTruthy();
    expect(screen.getByText(/৳1,500/)).toBeTruthy();
    expect(calls[0]?.query).toMatchObject({ role: 'lawyer', status: 'REQUESTED' });

    fireEvent.click(screen.getByRole('button', { name: 'Decline: Nusrat Jahan' }));
    fireEvent.change(screen.getByLabelText('Reason (the client reads it)'), { target: { value: 'Busy' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    });
    expect(screen.getByText('The reason must be 10 to 1000 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Reason (the client reads it)'), {
      target: { value: 'I am in court all that week' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline request' }));
    });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/v1/bookings/${id}/decline`,
      body: { reason: 'I am in court all that week' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept: Nusrat Jahan' }));
    });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toContain(`/v1/bookings/${id}/accept`);
  });
});

describe('live', () => {
  it("reads the lawyer's requests again when a meeting notification arrives", async () => {
    signInForTest('LAWYER');
    let answer: Booking[] = [];
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/v1/bookings') return page(answer);
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    const { store } = renderScreen('/meetings', <LawyerBookingRequests />);
    expect(await screen.findByText('No requests are waiting.')).toBeTruthy();
    answer = [booking('a0000000-0000-4000-8000-000000000001', 'REQUESTED')];
    act(() => {
      applyArrived(store.dispatch, null, {
        id: 'e0000000-0000-4000-8000-000000000005',
        type: 'MEETING_UPDATE',
        content: 'Nusrat Jahan asked for a 60-minute consultation',
        link: '/meetings',
        read: false,
        createdAt: '2030-12-03T03:00:00.000Z',
      } as Parameters<typeof applyArrived>[2]);
    });
    expect(await screen.findByText('From Nusrat Jahan')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/bookings').length).toBe(2);
  });
});

describe('calendar events of meetings and requests', () => {
  it('puts a paid meeting and a waiting request on their Dhaka day and time', () => {
    const labels = { meeting: 'Video meeting', request: 'Consultation request (waiting for an answer)' };
    const meeting = {
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Custody hearing preparation',
      startTimestamp: '2026-11-29T09:00:00.000Z',
      endTimestamp: '2026-11-29T09:45:00.000Z',
      payment: { id: '55555555-5555-4555-8555-555555555555', amount: 2250, status: 'PAID' },
    } as Meeting;
    expect(meetingToEvent(meeting, labels, '/my-meetings')).toMatchObject({
      kind: 'meeting',
      date: '2026-11-29',
      startTime: '15:00',
      endTime: '15:45',
      typeLabel: 'Video meeting',
      href: '/my-meetings',
    });
    const request = bookingToEvent(
      booking('d0000000-0000-4000-8000-000000000004', 'REQUESTED'),
      labels,
      '/meetings',
      LAWYER.id,
    );
    expect(request).toMatchObject({ date: '2030-12-05', startTime: '09:00', endTime: '10:00', title: 'Nusrat Jahan' });
  });
});
