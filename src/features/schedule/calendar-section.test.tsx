/**
 * The dashboards' calendar section against a fake /v1: it asks for exactly the days on screen,
 * asks again when the period changes, refreshes after a schedule is added, changed or removed, and
 * offers a retry when loading failed.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../app/testing';
import { scheduleApi } from './api/schedule-api';
import { CalendarSection } from './calendar-section';
import { CASE_ID, schedule } from './testing-schedules';

afterEach(() => vi.unstubAllGlobals());

const TODAY = '2025-05-07';
const FIRST = '6f5e4d3c-2b1a-4098-8765-4321fedcba98';
const SECOND = '7a6b5c4d-3e2f-4109-9876-543210fedcba';

function server(fail = false) {
  let schedules = [
    schedule(FIRST, '2025-05-07', '09:30', '10:30', { title: 'Bail plea for Karim', type: 'BAIL_HEARING' }),
  ];
  const calls = fakeServer((call: FakeRequest) => {
    if (call.path === '/v1/schedule' && call.method === 'GET') {
      if (fail) return envelope(500, { error: { message: 'An unexpected error occurred' } });
      return envelope(200, { data: { schedules } });
    }
    if (call.path === '/v1/schedule' && call.method === 'POST') {
      const created = schedule(SECOND, '2025-05-08', '11:00', '12:00', { title: 'Mediation' });
      schedules = [...schedules, created];
      return envelope(201, { data: created });
    }
    if (call.path.startsWith('/v1/schedule/calendar-feed'))
      return envelope(200, { data: { url: 'https://x.bd/f.ics' } });
    if (call.path === '/v1/schedule/oauth/status') return envelope(200, { data: false });
    return envelope(404, { error: { message: 'Not found' } });
  });
  return calls;
}

const listCalls = (calls: FakeRequest[]) =>
  calls.filter((c) => c.path === '/v1/schedule' && c.method === 'GET').map((c) => c.query);

describe('CalendarSection', () => {
  it('loads my schedules for the days on screen and shows them', async () => {
    signInForTest('USER');
    const calls = server();
    renderScreen('/dashboard/user', <CalendarSection today={TODAY} />);
    const section = screen.getByRole('region', { name: 'Calendar' });
    expect(section.id).toBe('calendar');
    expect(await screen.findByText('Bail plea for Karim')).toBeTruthy();
    expect(screen.getByText('Bail plea for Karim').closest('li')?.textContent).toContain('Bail hearing');
    expect(within(section).getByRole('link', { name: 'Case: Rahman v. Karim (land)' }).getAttribute('href')).toBe(
      `/case/${CASE_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Wednesday, 7 May 2025, 1 event, today' })).toBeTruthy();
    expect(listCalls(calls)).toEqual([{ from: '2025-04-26', to: '2025-06-06' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(listCalls(calls)).toContainEqual({ from: '2025-05-03', to: '2025-05-09' }));
    expect(await screen.findByText('Bail plea for Karim')).toBeTruthy();
  });

  it('refreshes after a schedule is added', async () => {
    signInForTest('LAWYER');
    const calls = server();
    const { store } = renderScreen('/dashboard/lawyer', <CalendarSection today={TODAY} />);
    await screen.findByText('Bail plea for Karim');
    await act(async () => {
      await store
        .dispatch(
          scheduleApi.endpoints.createSchedule.initiate({
            caseId: CASE_ID,
            title: 'Mediation',
            type: 'MEDIATION_SESSION',
            description: '',
            date: '2025-05-08',
            startTime: '11:00',
            endTime: '12:00',
          }),
        )
        .unwrap();
    });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Thursday, 8 May 2025, 1 event' })).toBeTruthy();
  });

  it('offers a retry when my schedules could not be loaded', async () => {
    signInForTest('USER');
    server(true);
    renderScreen('/dashboard/user', <CalendarSection today={TODAY} />);
    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.textContent);
      if (!found) throw new Error('no alert yet');
      return found;
    });
    expect(alert.textContent).toContain('Your calendar could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Bangla', async () => {
    signInForTest('USER');
    server();
    renderScreen('/dashboard/user', <CalendarSection today={TODAY} />, { lang: 'bn' });
    expect(screen.getByRole('heading', { name: 'ক্যালেন্ডার' })).toBeTruthy();
    expect(await screen.findByText('জামিন শুনানি')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'মে ২০২৫' })).toBeTruthy();
  });
});
