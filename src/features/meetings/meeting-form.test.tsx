/**
 * The lawyer's schedule form: the live price preview (English and Bangla), problems caught before
 * sending, the Dhaka times sent as instants, and the server's per-field refusals shown on the field.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingMessages } from '../../../contract/meetings';
import { LanguageProvider, type Lang } from '../../lib/i18n';
import { MeetingForm, type MeetingFormProps } from './meeting-form';
import { createMeetingBody } from './meeting-values';

const NOW = Date.parse('2026-11-24T06:00:00Z'); // 12:00 in Dhaka

function show(props: Partial<MeetingFormProps> = {}, lang: Lang = 'en') {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  render(
    <LanguageProvider initial={lang}>
      <MeetingForm hourlyCharge={1500} now={() => NOW} {...props} onSubmit={onSubmit} />
    </LanguageProvider>,
  );
  return { onSubmit };
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('MeetingForm', () => {
  it('previews the price as the times are chosen', () => {
    show({ hourlyCharge: 1000 });
    expect(screen.getByTestId('price-preview').textContent).toBe(
      'The price appears when you choose the start and end.',
    );
    change('Starts', '2026-11-25T10:00');
    change('Ends', '2026-11-25T10:07');
    expect(screen.getByTestId('price-preview').textContent).toBe('Price: ৳116.67 (7 min at ৳1,000 an hour)');
    change('Ends', '2026-11-25T11:30');
    expect(screen.getByTestId('price-preview').textContent).toBe('Price: ৳1,500 (90 min at ৳1,000 an hour)');
    change('Ends', '2026-11-25T09:30');
    expect(screen.getByTestId('price-preview').textContent).toBe(
      'The price appears when you choose the start and end.',
    );
  });

  it('previews the price in Bangla with Bengali digits', () => {
    show({ hourlyCharge: 1500 }, 'bn');
    change('শুরু', '2026-11-25T10:00');
    change('শেষ', '2026-11-25T10:45');
    expect(screen.getByTestId('price-preview').textContent).toBe('মূল্য: ৳১,১২৫ (৪৫ মিনিট, ঘণ্টাপ্রতি ৳১,৫০০)');
  });

  it('says what is wrong without sending', () => {
    const { onSubmit } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    expect(screen.getByText('Enter the client’s email.')).toBeTruthy();
    expect(screen.getByText('Enter a title.')).toBeTruthy();
    expect(screen.getByText('Choose when it starts.')).toBeTruthy();
    expect(screen.getByText('Choose when it ends.')).toBeTruthy();

    change('Client’s email', 'not-an-email');
    change('Title', 'A');
    change('Starts', '2026-11-24T11:00'); // an hour ago in Dhaka
    change('Ends', '2026-11-24T10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The title must be between 2 and 255 characters.')).toBeTruthy();
    expect(screen.getByText('The start must be in the future.')).toBeTruthy();
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(screen.getByLabelText('Ends').getAttribute('aria-invalid')).toBe('true');

    // Fixing a field takes its message away at once, without another tap on the button.
    change('Starts', '2026-11-25T09:00');
    expect(screen.queryByText('The start must be in the future.')).toBeNull();
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();

    change('Starts', '2026-11-25T08:00');
    change('Ends', '2026-11-25T16:30');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    expect(screen.getByText('A meeting can last at most 8 hours.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the values, which become Dhaka instants, and clears after scheduling', async () => {
    const { onSubmit } = show();
    change('Client’s email', ' Client@Example.com ');
    change('Title', '  Bail consultation ');
    change('Starts', '2026-11-25T10:00');
    change('Ends', '2026-11-25T11:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const values = vi.mocked(onSubmit).mock.calls[0]?.[0];
    expect(values && createMeetingBody(values)).toEqual({
      email: 'client@example.com',
      title: 'Bail consultation',
      startDateTime: '2026-11-25T10:00:00+06:00',
      endDateTime: '2026-11-25T11:00:00+06:00',
    });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal on its field, in Bangla too', async () => {
    const onSubmit = vi.fn(async () => {
      throw {
        status: 400,
        message: MeetingMessages.clientNotFound,
        serverMessage: MeetingMessages.clientNotFound,
        fields: [{ field: 'email', message: MeetingMessages.clientNotFound }],
      };
    });
    show({ onSubmit }, 'bn');
    change('ক্লায়েন্টের ইমেইল', 'nobody@example.com');
    change('শিরোনাম', 'Consultation');
    change('শুরু', '2026-11-25T10:00');
    change('শেষ', '2026-11-25T11:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'মিটিং ঠিক করুন' }));
    });
    expect(screen.getAllByText('এই ইমেইলে কোনো ক্লায়েন্ট অ্যাকাউন্ট নেই')).toHaveLength(2); // the field and the alert
    expect(screen.getByLabelText('ক্লায়েন্টের ইমেইল').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('শিরোনাম') as HTMLInputElement).value).toBe('Consultation');
  });

  it('puts a refusal that names no field on the field it is about', async () => {
    const onSubmit = vi.fn(async () => {
      throw {
        status: 404,
        message: 'The requested resource was not found.',
        serverMessage: MeetingMessages.clientNotFound,
      };
    });
    show({ onSubmit });
    change('Client’s email', 'nobody@example.com');
    change('Title', 'Consultation');
    change('Starts', '2026-11-25T10:00');
    change('Ends', '2026-11-25T11:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Schedule meeting' }));
    });
    expect(screen.getByLabelText('Client’s email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('No client account with this email')).toHaveLength(2);
  });
});
