import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, renderScreen, signInForTest, type FakeRequest } from '../../../app/testing';
import { lawyerInfo, slot } from '../../../app/testing-lawyers';
import { AvailabilityEditor } from './availability-editor';

afterEach(() => vi.unstubAllGlobals());

const SLOT_ID = '3f1e2d3c-4b5a-4968-8776-655443322110';

function server(answer?: (call: FakeRequest) => Response | undefined) {
  let slots = [slot(SLOT_ID, 'SUN', '09:00', '12:00')];
  const calls = fakeServer((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET') return envelope(200, { data: { slots } });
    if (call.method === 'POST') {
      const created = { id: '9e8d7c6b-5a49-4382-9716-051423324150', ...(call.body as object) };
      slots = [...slots, created as (typeof slots)[number]];
      return envelope(201, { data: created });
    }
    if (call.method === 'PUT') return envelope(200, { data: { id: SLOT_ID, ...(call.body as object) } });
    slots = [];
    return envelope(200, { data: { id: SLOT_ID } });
  });
  return calls;
}

async function fill(day: string, start: string, end: string) {
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: day } });
  fireEvent.change(screen.getByLabelText('From'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('Until'), { target: { value: end } });
}

describe('AvailabilityEditor', () => {
  it('adds a slot', async () => {
    signInForTest('LAWYER');
    const calls = server();
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo()} />);
    await screen.findByText('09:00–12:00');
    await fill('SAT', '10:00', '13:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    });
    expect(await screen.findByText('Added Saturday 10:00–13:00.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/lawyer/availability-slots',
      body: { day: 'SAT', startTime: '10:00', endTime: '13:00' },
    });
  });

  it('refuses an end before the start, and an overlap, without asking the server', async () => {
    signInForTest('LAWYER');
    const calls = server();
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo()} />);
    await screen.findByText('09:00–12:00');
    await fill('SAT', '14:00', '13:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('End time must be after start time')).toBeTruthy();
    await fill('SUN', '11:00', '13:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('This slot overlaps another of your availability slots')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's overlap message", async () => {
    signInForTest('LAWYER');
    server((call) =>
      call.method === 'POST'
        ? envelope(409, { error: { message: 'This slot overlaps another of your availability slots' } })
        : undefined,
    );
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo()} />);
    await screen.findByText('09:00–12:00');
    await fill('MON', '09:00', '10:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add time' }));
    });
    expect((await screen.findAllByRole('alert')).some((a) => a.textContent?.includes('overlaps'))).toBe(true);
  });

  it('changes a slot', async () => {
    signInForTest('LAWYER');
    const calls = server();
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Sunday 09:00–12:00' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '11:00' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save time' }));
    });
    expect(await screen.findByText('Saved Sunday 09:00–11:00.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/v1/lawyer/availability-slots/${SLOT_ID}`,
      body: { day: 'SUN', startTime: '09:00', endTime: '11:00' },
    });
  });

  it('removes a slot after confirmation', async () => {
    signInForTest('LAWYER');
    const calls = server();
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sunday 09:00–12:00' }));
    const confirm = screen.getByRole('group', { name: 'Remove Sunday 09:00–12:00?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    });
    expect(await screen.findByText('Removed Sunday 09:00–12:00.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/v1/lawyer/availability-slots/${SLOT_ID}`);
  });

  it('is locked with the reason until the profile is approved', async () => {
    signInForTest('LAWYER');
    server();
    renderScreen('/profile', <AvailabilityEditor profile={lawyerInfo({ verificationStatus: 'PENDING' })} />);
    await screen.findByText('09:00–12:00');
    expect(screen.getByText('You can set this once an admin has approved your profile.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add time' }) as HTMLButtonElement).closest('fieldset')?.disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /Change Sunday/ })).toBeNull();
  });
});
