/**
 * The calendar as a person meets it: days that say their date and how many events they hold, the
 * month grid driven by the keyboard (one tab stop, arrows, Page keys, Enter), the three views and
 * their periods, Bangla month names and digits, an event past Dhaka midnight on the right day, and
 * "Add to calendar" fetching the .ics with the token rather than linking to it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { Calendar, type CalendarProps } from './calendar';
import { CASE_ID, calendarEvent } from './testing-schedules';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TODAY = '2025-05-07'; // a Wednesday

const EVENTS = [
  calendarEvent('e2', '2025-05-07', '14:00', '15:00', { title: 'Client call', typeLabel: 'Follow-up call' }),
  calendarEvent('e1', '2025-05-07', '09:30', '10:30', { title: 'Bail hearing' }),
  // 00:30 in Dhaka is still the 7th in most of the world: it belongs on the 8th.
  calendarEvent('e3', '2025-05-08', '00:30', '01:00', { title: 'Midnight filing' }),
  calendarEvent('e4', '2025-05-20', '11:00', '12:00', {
    kind: 'meeting',
    title: 'Video meeting',
    typeLabel: 'Meeting',
    caseId: undefined,
    caseTitle: undefined,
    href: '/meetings/m4',
  }),
  calendarEvent('e5', '2025-06-03', '10:00', '11:00', { title: 'Document deadline' }),
];

function show(props: Partial<CalendarProps> = {}, lang: 'en' | 'bn' = 'en') {
  return renderScreen('/dashboard/user', <Calendar events={EVENTS} today={TODAY} {...props} />, { lang });
}

const grid = () => screen.getByRole('grid');
const focusedDay = () => document.activeElement?.getAttribute('data-day');
const press = (key: string, shiftKey = false) => {
  const target = document.activeElement;
  if (!target) throw new Error('nothing focused');
  fireEvent.keyDown(target, { key, shiftKey });
};

describe('Calendar, month view', () => {
  it('announces every day with its date and number of events, today marked', () => {
    show();
    expect(screen.getByRole('heading', { name: 'May 2025' })).toBeTruthy();
    const today = screen.getByRole('button', { name: 'Wednesday, 7 May 2025, 2 events, today' });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(screen.getByRole('button', { name: 'Thursday, 8 May 2025, 1 event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Friday, 9 May 2025, nothing scheduled' })).toBeTruthy();
    // The grid is one tab stop: today's button.
    expect([...grid().querySelectorAll('button[tabindex="0"]')]).toEqual([today]);
    // Saturday first.
    expect(within(grid()).getAllByRole('columnheader')[0]?.textContent).toContain('Saturday');
  });

  it("lists the chosen day's events with time, type, case link and Add to calendar", () => {
    show();
    const day = screen.getByRole('region', { name: 'Wednesday, 7 May 2025, today' });
    const items = within(day).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.cal-event-title')?.textContent)).toEqual([
      'Bail hearing',
      'Client call',
    ]);
    expect(within(items[0] as HTMLElement).getByText('09:30–10:30')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Court hearing')).toBeTruthy();
    const caseLink = within(items[0] as HTMLElement).getByRole('link', { name: 'Case: Rahman v. Karim (land)' });
    expect(caseLink.getAttribute('href')).toBe(`/case/${CASE_ID}`);
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Add to calendar: Bail hearing' })).toBeTruthy();
  });

  it('moves between days with the keyboard and chooses one with Enter', () => {
    show();
    screen.getByRole('button', { name: /^Wednesday, 7 May 2025/ }).focus();
    press('ArrowRight');
    expect(focusedDay()).toBe('2025-05-08');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0');
    expect(grid().querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    press('Enter');
    const chosen = screen.getByRole('region', { name: 'Thursday, 8 May 2025' });
    expect(within(chosen).getByText('Midnight filing')).toBeTruthy();
    expect(screen.getByRole('gridcell', { selected: true }).textContent).toContain('8');

    press('ArrowDown');
    expect(focusedDay()).toBe('2025-05-15');
    press('Home');
    expect(focusedDay()).toBe('2025-05-10');
    press('End');
    expect(focusedDay()).toBe('2025-05-16');
    press('ArrowUp');
    expect(focusedDay()).toBe('2025-05-09');
    // Only Enter chooses: the list still shows the 8th.
    expect(screen.getByRole('region', { name: 'Thursday, 8 May 2025' })).toBeTruthy();
  });

  it('follows the focus into the next and previous month', () => {
    show();
    screen.getByRole('button', { name: /^Wednesday, 7 May 2025/ }).focus();
    press('PageDown');
    expect(screen.getByRole('heading', { name: 'June 2025' })).toBeTruthy();
    expect(focusedDay()).toBe('2025-06-07');
    press('ArrowUp');
    expect(focusedDay()).toBe('2025-05-31');
    expect(screen.getByRole('heading', { name: 'May 2025' })).toBeTruthy();
    press('PageUp', true);
    expect(screen.getByRole('heading', { name: 'May 2024' })).toBeTruthy();
    expect(focusedDay()).toBe('2024-05-31');
  });

  it('steps months with Previous/Next and comes back with Today', () => {
    const onRangeChange = vi.fn();
    show({ onRangeChange });
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: '2025-04-26', to: '2025-06-06' });
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'June 2025' })).toBeTruthy();
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: '2025-05-31', to: '2025-07-04' });
    expect(screen.getByRole('region', { name: 'Saturday, 7 June 2025' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'April 2025' })).toBeTruthy();
    expect(screen.getByText('Nothing scheduled this month.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'May 2025' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wednesday, 7 May 2025, today' })).toBeTruthy();
  });
});

describe('Calendar views', () => {
  it('switches between month, week and agenda', () => {
    const onRangeChange = vi.fn();
    show({ onRangeChange });
    const month = screen.getByRole('button', { name: 'Month' });
    const week = screen.getByRole('button', { name: 'Week' });
    expect(month.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(week);
    expect(week.getAttribute('aria-pressed')).toBe('true');
    expect(month.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByRole('heading', { name: '3 May – 9 May 2025' })).toBeTruthy();
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: '2025-05-03', to: '2025-05-09' });
    const days = screen.getAllByRole('heading', { level: 4 });
    expect(days).toHaveLength(7);
    expect(days[0]?.textContent).toBe('Sat 3 May');
    expect(screen.getByText('Midnight filing')).toBeTruthy();
    expect(screen.queryByText('Video meeting')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { name: '10 May – 16 May 2025' })).toBeTruthy();
    expect(screen.getByText('Nothing scheduled this week.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    fireEvent.click(screen.getByRole('button', { name: 'Agenda' }));
    expect(screen.getByRole('heading', { name: '7 May – 5 June 2025' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Wednesday, 7 May 2025, today',
      'Thursday, 8 May 2025',
      'Tuesday, 20 May 2025',
      'Tuesday, 3 June 2025',
    ]);
    // A meeting links to its own page and has no case.
    expect(screen.getByRole('link', { name: 'Video meeting' }).getAttribute('href')).toBe('/meetings/m4');
    fireEvent.click(screen.getByRole('button', { name: 'Next 30 days' }));
    expect(screen.getByText('Nothing scheduled from 6 June 2025 to 5 July 2025.')).toBeTruthy();
  });

  it('shows loading and failure, with a retry', () => {
    const onRetry = vi.fn();
    const { unmount } = show({ events: [], isLoading: true });
    expect(screen.getByRole('status').textContent).toContain('Loading your calendar…');
    unmount();
    show({ events: [], error: { status: 500, message: 'Server error. Please try again later.' }, onRetry });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your calendar could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('Calendar in Bangla', () => {
  it('uses Bangla month and weekday names and Bengali digits', () => {
    show({}, 'bn');
    expect(screen.getByRole('heading', { name: 'মে ২০২৫' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'বুধবার, ৭ মে ২০২৫, ২টি সূচি, আজ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'বৃহস্পতিবার, ৮ মে ২০২৫, ১টি সূচি' })).toBeTruthy();
    expect(within(grid()).getAllByRole('columnheader')[0]?.textContent).toBe('শনিশনিবার');
    expect(screen.getByText('০৯:৩০–১০:৩০')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'সপ্তাহ' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'পরের মাস' }));
    expect(screen.getByRole('heading', { name: 'জুন ২০২৫' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'সপ্তাহ' }));
    expect(screen.getByRole('heading', { name: '৭ জুন – ১৩ জুন ২০২৫' })).toBeTruthy();
  });
});

describe('Add to calendar', () => {
  it('fetches the .ics with the bearer token and saves it under its name', async () => {
    signInForTest('USER');
    const calls = fakeServer(
      () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/calendar',
            'Content-Disposition': 'attachment; filename="bail-hearing.ics"',
          },
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ics'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    show();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to calendar: Bail hearing' }));
    });
    await waitFor(() => expect(saved).toEqual(['bail-hearing.ics blob:ics']));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v1/schedule/e1/ics',
      authorization: 'Bearer access-token',
    });
  });

  it('says so when the file cannot be had', async () => {
    signInForTest('USER');
    fakeServer(() => new Response(null, { status: 404 }));
    show();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to calendar: Client call' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The calendar file could not be downloaded.');
  });
});
