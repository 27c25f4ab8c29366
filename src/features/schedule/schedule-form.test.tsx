/**
 * The schedule form: all 17 types offered in the reader's language, problems caught before
 * sending (an end before the start above all) in English and Bangla, the trimmed values handed
 * over, the form locked while saving, and the server's refusal shown.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCHEDULE_TYPE_NAMES, ScheduleTypeSchema } from '../../../contract/enums';
import { LanguageProvider, type Lang } from '../../lib/i18n';
import { ScheduleForm, type ScheduleFormProps } from './schedule-form';
import { SCHEDULE_DESCRIPTION_MAX, SCHEDULE_TITLE_MAX, SCHEDULE_TITLE_MIN } from '../../../contract/schedules';
import { DESCRIPTION_MAX, EMPTY_SCHEDULE, TITLE_MAX, TITLE_MIN, validateSchedule } from './schedule-values';

function show(props: Partial<ScheduleFormProps> = {}, lang: Lang = 'en') {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const onCancel = props.onCancel ?? vi.fn();
  render(
    <LanguageProvider initial={lang}>
      <ScheduleForm {...props} onSubmit={onSubmit} onCancel={onCancel} />
    </LanguageProvider>,
  );
  return { onSubmit, onCancel };
}

function fill(labels: { title: string; type: string; date: string; start: string; end: string }, values: string[]) {
  const [title, type, date, start, end] = values;
  fireEvent.change(screen.getByLabelText(labels.title), { target: { value: title } });
  fireEvent.change(screen.getByLabelText(labels.type), { target: { value: type } });
  fireEvent.change(screen.getByLabelText(labels.date), { target: { value: date } });
  fireEvent.change(screen.getByLabelText(labels.start), { target: { value: start } });
  fireEvent.change(screen.getByLabelText(labels.end), { target: { value: end } });
}

const EN = { title: 'Title', type: 'Type', date: 'Date', start: 'Starts at', end: 'Ends at' };
const BN = { title: 'শিরোনাম', type: 'ধরন', date: 'তারিখ', start: 'শুরুর সময়', end: 'শেষের সময়' };

describe('ScheduleForm', () => {
  it('offers all 17 schedule types, named in the chosen language', () => {
    show();
    const options = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(options).toHaveLength(18); // "Choose a type…" and the 17
    expect(options.slice(1).map((o) => (o as HTMLOptionElement).value)).toEqual([...ScheduleTypeSchema.options]);
    expect(options[2]?.textContent).toBe('Court hearing');
  });

  it('offers the types in Bangla', () => {
    show({}, 'bn');
    const options = within(screen.getByLabelText('ধরন')).getAllByRole('option');
    expect(options.slice(1).map((o) => o.textContent)).toEqual(
      ScheduleTypeSchema.options.map((type) => SCHEDULE_TYPE_NAMES[type].bn),
    );
  });

  it('refuses an end before the start, and says what is missing, without submitting', () => {
    const { onSubmit } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    expect(screen.getByText('Enter a title.')).toBeTruthy();
    expect(screen.getByText('Choose a type.')).toBeTruthy();
    expect(screen.getByText('Choose a date.')).toBeTruthy();
    expect(screen.getByText('Choose a start time.')).toBeTruthy();
    expect(screen.getByText('Choose an end time.')).toBeTruthy();

    fill(EN, ['Hearing', 'COURT_HEARING', '2025-05-07', '11:00', '10:30']);
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    expect(screen.getByText('The end time must be after the start time.')).toBeTruthy();
    expect(screen.getByLabelText('Ends at').getAttribute('aria-invalid')).toBe('true');
    fill(EN, ['H', 'COURT_HEARING', '2025-05-07', '11:00', '11:00']);
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    expect(screen.getByText('The title must be between 2 and 255 characters.')).toBeTruthy();
    expect(screen.getByText('The end time must be after the start time.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('tells the problems in Bangla with Bengali digits', () => {
    show({}, 'bn');
    fill(BN, ['শু', 'BAIL_HEARING', '2025-05-07', '15:00', '14:00']);
    fireEvent.change(screen.getByLabelText('বিবরণ (ঐচ্ছিক)'), { target: { value: 'ক'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'সময়সূচি যোগ করুন' }));
    expect(screen.getByText('শেষের সময় অবশ্যই শুরুর সময়ের পরে হতে হবে।')).toBeTruthy();
    expect(screen.getByText('বিবরণ সর্বোচ্চ ২০০০ অক্ষরের হতে পারে।')).toBeTruthy();
    expect(screen.getByText('২,০০১ / ২,০০০ অক্ষর')).toBeTruthy();
  });

  it('hands over trimmed values and is locked while saving', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    show({ onSubmit });
    fill(EN, ['  Bail hearing  ', 'BAIL_HEARING', '2025-05-07', '09:30', '10:30']);
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: ' Bring the deed. ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    });
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Bail hearing',
      type: 'BAIL_HEARING',
      description: 'Bring the deed.',
      date: '2025-05-07',
      startTime: '09:30',
      endTime: '10:30',
    });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Add schedule' })).toBeTruthy();
  });

  it("edits an existing schedule and shows the server's refusal", async () => {
    const onSubmit = vi.fn(async () => {
      throw {
        status: 400,
        message: 'End time must be after start time',
        serverMessage: 'End time must be after start time',
        fields: [{ field: 'endTime', message: 'End time must be after start time' }],
      };
    });
    const { onCancel } = show({
      editing: true,
      initial: {
        title: 'Hearing',
        type: 'COURT_HEARING',
        date: '2025-05-07',
        startTime: '09:00:00',
        endTime: '10:00',
        description: '',
      },
      onSubmit,
    });
    expect(screen.getByRole('group', { name: 'Edit schedule' })).toBeTruthy();
    expect((screen.getByLabelText('Starts at') as HTMLInputElement).value).toBe('09:00');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('End time must be after start time');
    expect(screen.getByLabelText('Ends at').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('validateSchedule', () => {
  it('accepts a complete schedule and refuses an equal start and end', () => {
    const good = { ...EMPTY_SCHEDULE, title: 'Hearing', type: 'MEETING' as const, date: '2025-05-07' };
    expect(validateSchedule({ ...good, startTime: '09:00', endTime: '09:05' })).toEqual({});
    expect(validateSchedule({ ...good, startTime: '09:00', endTime: '09:00' }).endTime?.key).toBe('endAfterStart');
    expect(validateSchedule({ ...good, date: '2025-02-30', startTime: '09:00', endTime: '10:00' }).date?.key).toBe(
      'dateRequired',
    );
  });
});

describe('the form’s limits', () => {
  it('are the contract’s', () => {
    expect([TITLE_MIN, TITLE_MAX, DESCRIPTION_MAX]).toEqual([
      SCHEDULE_TITLE_MIN,
      SCHEDULE_TITLE_MAX,
      SCHEDULE_DESCRIPTION_MAX,
    ]);
  });
});
