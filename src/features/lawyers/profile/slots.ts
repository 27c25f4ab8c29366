/**
 * Weekly availability slots: the Saturday-first week (docs/api.md §3), ordering, and the checks made
 * before a slot is sent — a day, both times, end after start (the contract's SlotBody schema) and no
 * overlap with the lawyer's other slots. The server applies the same rules and has the last word.
 */
import { DayOfWeekSchema, type DayOfWeek } from '../../../../contract/enums';
import { LawyerMessages, SlotBodySchema, type Slot, type SlotBody } from '../../../../contract/lawyers';
import { validate, type FieldErrors } from '../../../lib/validate';
import { LawyerClientText } from '../lawyer-text';

/** SAT, SUN, … FRI. */
export const WEEK: readonly DayOfWeek[] = DayOfWeekSchema.options;

export interface SlotValues {
  day: DayOfWeek | '';
  startTime: string;
  endTime: string;
}

const hhmm = (time: string) => time.slice(0, 5);

export function sortSlots<T extends Pick<Slot, 'day' | 'startTime'>>(slots: readonly T[]): T[] {
  return [...slots].sort(
    (a, b) => WEEK.indexOf(a.day) - WEEK.indexOf(b.day) || hhmm(a.startTime).localeCompare(hhmm(b.startTime)),
  );
}

/** Every day of the week, Saturday first, with its slots in time order. */
export function slotsByDay<T extends Pick<Slot, 'day' | 'startTime'>>(slots: readonly T[]) {
  const ordered = sortSlots(slots);
  return WEEK.map((day) => ({ day, slots: ordered.filter((slot) => slot.day === day) }));
}

function overlaps(a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }) {
  return hhmm(a.startTime) < hhmm(b.endTime) && hhmm(b.startTime) < hhmm(a.endTime);
}

/** The first problem per field (English contract texts); `others` are the lawyer's other slots. */
export function validateSlot(values: SlotValues, others: readonly Slot[], editingId?: string): FieldErrors {
  if (!values.day) return { day: LawyerClientText.dayRequired };
  if (!values.startTime || !values.endTime) {
    return { [values.startTime ? 'endTime' : 'startTime']: LawyerClientText.timeRequired };
  }
  const errors = validate(SlotBodySchema, slotBody(values));
  if (Object.keys(errors).length > 0) return errors;
  const clash = others.some((slot) => slot.id !== editingId && slot.day === values.day && overlaps(slot, values));
  return clash ? { startTime: LawyerMessages.slotOverlap } : {};
}

export function slotBody(values: SlotValues): SlotBody {
  return { day: values.day as DayOfWeek, startTime: hhmm(values.startTime), endTime: hhmm(values.endTime) };
}
