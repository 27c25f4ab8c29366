import { describe, expect, it } from 'vitest';
import type { Slot } from '../../../../contract/lawyers';
import { slotsByDay, sortSlots, validateSlot } from './slots';

const slot = (id: string, day: Slot['day'], startTime: string, endTime: string): Slot => ({
  id,
  day,
  startTime,
  endTime,
});

describe('availability slots', () => {
  it('orders the week from Saturday, and slots by start time', () => {
    const ordered = sortSlots([
      slot('1', 'FRI', '10:00', '11:00'),
      slot('2', 'SAT', '15:00', '16:00'),
      slot('3', 'SAT', '09:00', '10:00'),
      slot('4', 'MON', '09:00', '10:00'),
    ]);
    expect(ordered.map((s) => s.id)).toEqual(['3', '2', '4', '1']);
    expect(slotsByDay([]).map((d) => d.day)).toEqual(['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI']);
  });

  it('wants a day and both times', () => {
    expect(validateSlot({ day: '', startTime: '09:00', endTime: '10:00' }, [])).toEqual({ day: 'Choose a day' });
    expect(validateSlot({ day: 'SAT', startTime: '09:00', endTime: '' }, [])).toEqual({
      endTime: 'Enter a start and an end time',
    });
  });

  it('wants the end after the start', () => {
    expect(validateSlot({ day: 'SAT', startTime: '10:00', endTime: '10:00' }, [])).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(validateSlot({ day: 'SAT', startTime: '11:00', endTime: '09:30' }, [])).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(validateSlot({ day: 'SAT', startTime: '09:00', endTime: '09:30' }, [])).toEqual({});
  });

  it('refuses an overlap with another slot of the same day, but not with itself or touching slots', () => {
    const existing = [slot('a', 'SUN', '09:00', '12:00')];
    expect(validateSlot({ day: 'SUN', startTime: '11:00', endTime: '13:00' }, existing)).toEqual({
      startTime: 'This slot overlaps another of your availability slots',
    });
    expect(validateSlot({ day: 'SUN', startTime: '12:00', endTime: '13:00' }, existing)).toEqual({});
    expect(validateSlot({ day: 'MON', startTime: '11:00', endTime: '13:00' }, existing)).toEqual({});
    expect(validateSlot({ day: 'SUN', startTime: '10:00', endTime: '11:00' }, existing, 'a')).toEqual({});
  });
});
