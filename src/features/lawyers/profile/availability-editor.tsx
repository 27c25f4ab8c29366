/**
 * The lawyer's weekly availability (Saturday-first week): the slots by day, a form to add or
 * change one, and removal with a confirmation. Approved lawyers only; otherwise the slots are shown
 * read-only with the reason. The phone checks order and overlap first; the server has the last word
 * and its message (e.g. an overlap with a slot added on another device) is shown as it comes.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DAY_OF_WEEK_NAMES, displayName, type DayOfWeek } from '../../../../contract/enums';
import type { LawyerInfo, Slot } from '../../../../contract/lawyers';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { FormAlert } from '../../../components/form/form-alert';
import { enumOptions, SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { formErrorText } from '../../../lib/api/app-error';
import { formatClock } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../../lib/validate';
import {
  useAvailabilitySlotsQuery,
  useCreateSlotMutation,
  useDeleteSlotMutation,
  useUpdateSlotMutation,
} from '../api/lawyers-api';
import { useLawyerFieldErrors, useLawyerText } from '../lawyer-text';
import { approvalLock } from './approval-lock';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import { slotBody, slotsByDay, validateSlot, WEEK, type SlotValues } from './slots';
import Button from '@mui/material/Button';

const EMPTY_SLOT: SlotValues = { day: '', startTime: '', endTime: '' };

export function AvailabilityEditor({ profile }: { profile: LawyerInfo }) {
  const t = useT(lawyerProfileMessages);
  const tl = useLawyerText();
  const { lang } = useLang();
  const lockId = useId();
  const form = useRef<HTMLFormElement>(null);
  const { data: slots, error: loadError, isLoading, refetch } = useAvailabilitySlotsQuery();
  const [createSlot, creating] = useCreateSlotMutation();
  const [updateSlot, updating] = useUpdateSlotMutation();
  const [deleteSlot, deleting] = useDeleteSlotMutation();
  const [values, setValues] = useState<SlotValues>(EMPTY_SLOT);
  const [editing, setEditing] = useState<Slot | null>(null);
  const [confirming, setConfirming] = useState<Slot | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const saveError = editing ? updating.error : creating.error;
  const errorFor = useLawyerFieldErrors(clientErrors, saveError);
  const lock = approvalLock(profile);
  const busy = creating.isLoading || updating.isLoading;

  const describe = (slot: Pick<Slot, 'day' | 'startTime' | 'endTime'>) => ({
    day: displayName(DAY_OF_WEEK_NAMES, slot.day, lang),
    start: formatClock(slot.startTime, lang),
    end: formatClock(slot.endTime, lang),
  });

  const startEditing = (slot: Slot) => {
    setEditing(slot);
    setConfirming(null);
    setValues({ day: slot.day, startTime: slot.startTime.slice(0, 5), endTime: slot.endTime.slice(0, 5) });
    setClientErrors({});
    setFailure(null);
    setSuccess(null);
    requestAnimationFrame(() => form.current?.querySelector('select')?.focus());
  };

  const stopEditing = () => {
    setEditing(null);
    setValues(EMPTY_SLOT);
    setClientErrors({});
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateSlot(values, slots ?? [], editing?.id);
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    const body = slotBody(values);
    try {
      if (editing) {
        await updateSlot({ id: editing.id, body }).unwrap();
        setSuccess(t('slotUpdated', describe(body)));
      } else {
        await createSlot(body).unwrap();
        setSuccess(t('slotAdded', describe(body)));
      }
      setEditing(null);
      // Keep the day: lawyers usually add several times on the same day.
      setValues({ ...EMPTY_SLOT, day: body.day });
    } catch (err) {
      setFailure(formErrorText(err, t('slotFailed')));
    }
  };

  const onDelete = async (slot: Slot) => {
    setFailure(null);
    setSuccess(null);
    try {
      await deleteSlot(slot.id).unwrap();
      setSuccess(t('slotDeleted', describe(slot)));
      if (editing?.id === slot.id) stopEditing();
    } catch (err) {
      setFailure(formErrorText(err, t('deleteFailed')));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="slots-title">
      <h2 id="slots-title">{t('slotsTitle')}</h2>
      <p className="muted">{t('slotsIntro')}</p>
      {lock && (
        <p id={lockId} className="alert alert-info">
          {t(lock)}
        </p>
      )}
      {isLoading && <LoadingState label={t('slotsLoading')} />}
      {loadError && !slots && <ErrorState error={loadError} title={t('slotsFailed')} onRetry={() => void refetch()} />}
      {slots && (
        <ul className="week-list">
          {slotsByDay(slots).map(({ day, slots: daySlots }) => (
            <li key={day} className="week-day">
              <span className="week-day-name">{displayName(DAY_OF_WEEK_NAMES, day, lang)}</span>
              {daySlots.length === 0 ? (
                <span className="muted">{t('notAvailable')}</span>
              ) : (
                <ul className="slot-list">
                  {daySlots.map((slot) => (
                    <li key={slot.id} className={editing?.id === slot.id ? 'slot is-editing' : 'slot'}>
                      <span className="slot-time">
                        {formatClock(slot.startTime, lang)}–{formatClock(slot.endTime, lang)}
                      </span>
                      {!lock && confirming?.id !== slot.id && (
                        <span className="slot-actions">
                          <Button
                            variant="text"
                            size="small"
                            type="button"
                            aria-label={t('editLabel', describe(slot))}
                            onClick={() => startEditing(slot)}
                          >
                            {t('edit')}
                          </Button>
                          <Button
                            variant="text"
                            size="small"
                            type="button"
                            aria-label={t('deleteLabel', describe(slot))}
                            onClick={() => setConfirming(slot)}
                          >
                            {t('remove')}
                          </Button>
                        </span>
                      )}
                      {confirming?.id === slot.id && (
                        <ConfirmRemove
                          text={t('confirmDelete', describe(slot))}
                          confirmLabel={t('confirmRemove')}
                          cancelLabel={t('keep')}
                          busy={deleting.isLoading}
                          onConfirm={() => void onDelete(slot)}
                          onCancel={() => setConfirming(null)}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <form ref={form} className="form slot-form" noValidate onSubmit={onSubmit}>
        <fieldset className="form" disabled={Boolean(lock)} aria-describedby={lock ? lockId : undefined}>
          <legend>{editing ? t('editSlotTitle') : t('addSlotTitle')}</legend>
          <SelectField
            label={t('day')}
            name="day"
            placeholder={t('chooseDay')}
            options={enumOptions(WEEK, DAY_OF_WEEK_NAMES, lang)}
            value={values.day}
            onChange={(e) => setValues((was) => ({ ...was, day: e.target.value as DayOfWeek | '' }))}
            error={errorFor('day')}
          />
          <div className="form-row">
            <TextField
              label={t('start')}
              name="startTime"
              type="time"
              step={300}
              value={values.startTime}
              onChange={(e) => setValues((was) => ({ ...was, startTime: e.target.value }))}
              error={errorFor('startTime')}
            />
            <TextField
              label={t('end')}
              name="endTime"
              type="time"
              step={300}
              value={values.endTime}
              onChange={(e) => setValues((was) => ({ ...was, endTime: e.target.value }))}
              error={errorFor('endTime')}
            />
          </div>
          <FormAlert error={failure && tl(failure)} success={success} />
          <div className="btn-row">
            <Button variant="contained" type="submit" disabled={busy}>
              {editing ? t('saveSlot') : t('addSlot')}
            </Button>
            {editing && (
              <Button variant="outlined" type="button" onClick={stopEditing}>
                {t('cancelEdit')}
              </Button>
            )}
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** "Remove Saturday 09:00–12:00?" with the choice, focused as soon as it appears. */
function ConfirmRemove(props: {
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <span className="slot-confirm" role="group" aria-label={props.text}>
      <span>{props.text}</span>
      <Button variant="contained" ref={yes} type="button" disabled={props.busy} onClick={props.onConfirm}>
        {props.confirmLabel}
      </Button>
      <Button variant="outlined" type="button" onClick={props.onCancel}>
        {props.cancelLabel}
      </Button>
    </span>
  );
}
