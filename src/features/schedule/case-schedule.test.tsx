import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest, testUser } from '../../app/testing';
import { CaseSchedule } from './case-schedule';
import { CASE_ID, schedule } from './testing-schedules';

afterEach(() => vi.unstubAllGlobals());

const ME = testUser().id;

describe('CaseSchedule', () => {
  it('lists upcoming before past, and offers delete only on the ones I added', async () => {
    signInForTest('USER');
    fakeServer((call) =>
      call.path === `/v1/schedule/case/${CASE_ID}`
        ? envelope(200, {
            data: {
              schedules: [
                schedule('s-past', '2020-01-05', '10:00', '11:00', { title: 'Old filing' }),
                schedule('s-next', '2099-03-01', '10:00', '11:30', { title: 'Bail hearing', createdById: ME }),
              ],
            },
          })
        : envelope(404, { error: { message: 'Resource not found' } }),
    );
    renderScreen('/case', <CaseSchedule caseId={CASE_ID} resolved={false} myId={ME} otherName="Nasrin Akter" />);
    const upcoming = await screen.findByRole('region', { name: 'Coming up' });
    expect(within(upcoming).getByRole('heading', { name: 'Bail hearing' })).toBeTruthy();
    expect(within(upcoming).getByText(/10:00–11:30/)).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: 'Delete' })).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getByText('Added by Nasrin Akter')).toBeTruthy();
    expect(within(past).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(past).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('adds a schedule to the case, and deletes one after the confirmation', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer((call) => {
      if (call.path === '/v1/schedule' && call.method === 'POST') {
        return envelope(201, { data: schedule('s-new', '2099-04-02', '09:00', '10:00', { createdById: ME }) });
      }
      if (call.path === '/v1/schedule/s-mine' && call.method === 'DELETE') return envelope(200, { data: true });
      return envelope(200, {
        data: { schedules: [schedule('s-mine', '2099-03-01', '10:00', '11:00', { createdById: ME, title: 'Mine' })] },
      });
    });
    renderScreen('/case', <CaseSchedule caseId={CASE_ID} resolved={false} myId={ME} otherName="Ayesha Rahman" />);
    fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Mediation' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'MEDIATION_SESSION' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-04-02' } });
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      caseId: CASE_ID,
      title: 'Mediation',
      type: 'MEDIATION_SESSION',
      date: '2099-04-02',
      startTime: '09:00',
      endTime: '10:00',
    });

    const mine = (await screen.findByRole('heading', { name: 'Mine' })).closest('li')!;
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    const dialog = within(mine).getByRole('alertdialog', { name: 'Delete this schedule?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('offers no new schedule on a resolved case', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(200, { data: { schedules: [] } }));
    renderScreen('/case', <CaseSchedule caseId={CASE_ID} resolved myId={ME} otherName="Nasrin Akter" />);
    expect(await screen.findByText('Nothing scheduled for this case yet.')).toBeTruthy();
    expect(screen.getByText('This case is resolved; new schedules cannot be added.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
  });
});
