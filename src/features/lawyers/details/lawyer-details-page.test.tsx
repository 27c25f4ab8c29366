import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../../app/testing';
import { LAWYER_USER_ID, lawyerInfo, pageMeta, review, slot } from '../../../app/testing-lawyers';
import { LawyerDetailsPage } from './lawyer-details-page';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/lawyers/:email/details';
const PATH = '/lawyers/tanvir%40example.com/details';

function server(extra?: (call: FakeRequest) => Response | undefined) {
  return fakeServer((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/v1/lawyer/profile') return envelope(200, { data: lawyerInfo() });
    if (call.path === '/v1/lawyer/availability-slots') {
      return envelope(200, {
        data: {
          slots: [
            slot('s1', 'MON', '17:00', '20:00'),
            slot('s2', 'SAT', '10:00', '13:00'),
            slot('s3', 'SAT', '15:00', '17:00'),
          ],
        },
      });
    }
    if (call.path === `/v1/lawyer-directory/lawyers/${LAWYER_USER_ID}/reviews`) {
      const page = Number(call.query.page);
      const reviews = page === 0 ? [1, 2, 3, 4, 5].map((n) => review(n)) : [6, 7].map((n) => review(n));
      return envelope(200, { data: { reviews }, metadata: pageMeta(page, 5, 7) });
    }
    return envelope(404, { error: { message: 'Resource not found' } });
  });
}

describe('LawyerDetailsPage', () => {
  it('shows the full profile, the week from Saturday and the first reviews', async () => {
    signInForTest('USER');
    const calls = server();
    renderScreen(PATH, <LawyerDetailsPage />, { route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tanvir Hossain' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/lawyer/profile')?.query).toEqual({ email: 'tanvir@example.com' });
    expect(screen.getByText('Verified lawyer')).toBeTruthy();
    expect(screen.getByText('Verified since 10 February 2025')).toBeTruthy();
    expect(screen.getByText('Dhaka Bar Association')).toBeTruthy();
    expect(screen.getByText('৳1,500 / hour')).toBeTruthy();

    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayHours',
      'Saturday10:00–13:00, 15:00–17:00',
      'SundayNot available',
      'Monday17:00–20:00',
      'TuesdayNot available',
      'WednesdayNot available',
      'ThursdayNot available',
      'FridayNot available',
    ]);
    expect(await screen.findByText('Review number 1')).toBeTruthy();
    expect(screen.getAllByText('Rated 4.5 out of 5, 12 reviews').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 5 of 7 reviews')).toBeTruthy();
  });

  it('loads more reviews until there are no more', async () => {
    signInForTest('USER');
    const calls = server();
    renderScreen(PATH, <LawyerDetailsPage />, { route: ROUTE });
    await screen.findByText('Review number 5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    });
    expect(await screen.findByText('Review number 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    const pages = calls.filter((c) => c.path.endsWith('/reviews')).map((c) => c.query);
    expect(pages).toEqual([
      { page: '0', size: '5', sortDirection: 'DESC' },
      { page: '1', size: '5', sortDirection: 'DESC' },
    ]);
  });

  it('opens a conversation with the default first message', async () => {
    signInForTest('USER');
    server();
    const { router } = renderScreen(PATH, <LawyerDetailsPage />, { route: ROUTE });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    });
    expect(router.state.location.pathname).toBe('/chat');
    expect(router.state.location.state).toEqual({
      receiverId: LAWYER_USER_ID,
      draft: "Hello! I'd like to discuss my legal needs with you.",
    });
  });

  it('does not offer a lawyer to message another lawyer', async () => {
    signInForTest('LAWYER');
    server();
    renderScreen(PATH, <LawyerDetailsPage />, { route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Tanvir Hossain' });
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it('says so when the lawyer does not exist or is not verified', async () => {
    signInForTest('USER');
    server((call) =>
      call.path === '/v1/lawyer/profile' ? envelope(404, { error: { message: 'Lawyer not found' } }) : undefined,
    );
    renderScreen('/lawyers/nobody%40example.com/details', <LawyerDetailsPage />, { route: ROUTE });
    expect(await screen.findByText('This lawyer could not be found, or is not verified yet.')).toBeTruthy();
  });

  it('passes the lawyer to the sections composed around it', async () => {
    signInForTest('USER');
    server();
    renderScreen(PATH, <LawyerDetailsPage aside={(lawyer) => <p>aside for {lawyer.id}</p>} />, { route: ROUTE });
    expect(await screen.findByText(`aside for ${LAWYER_USER_ID}`)).toBeTruthy();
  });

  it('speaks Bangla, with a Bangla first message', async () => {
    signInForTest('USER');
    server();
    const { router } = renderScreen(PATH, <LawyerDetailsPage />, { route: ROUTE, lang: 'bn' });
    expect(await screen.findByText('৳১,৫০০ / ঘণ্টা')).toBeTruthy();
    expect(await screen.findByText('১০:০০–১৩:০০, ১৫:০০–১৭:০০')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'বার্তা পাঠান' }));
    });
    expect(router.state.location.state).toMatchObject({
      draft: 'হ্যালো! আমি আমার আইনি প্রয়োজন নিয়ে আপনার সাথে আলোচনা করতে চাই।',
    });
  });
});
