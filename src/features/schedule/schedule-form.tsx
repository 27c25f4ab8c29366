/**
 * Create or edit one schedule of a case: title, one of the 17 types, the Dhaka date and times, and
 * an optional description with a counter. Problems are found on the phone first and told in the
 * reader's language; what the server refuses (its message, or per field) is shown as it comes.
 * The caller owns the call: `onSubmit` resolves when saved and throws (an AppError) when not.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { SCHEDULE_TYPE_NAMES, ScheduleTypeSchema, type ScheduleType } from '../../../contract/enums';
import { FormAlert } from '../../components/form/form-alert';
import { enumOptions, SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { TextareaField } from '../../components/form/textarea-field';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { fieldError, formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useLang, useT } from '../../lib/i18n';
import { focusFirstInvalid } from '../../lib/validate';
import { scheduleMessages } from './schedule-messages';
import type { UpdateScheduleBody } from './schedule-types';
import {
  DESCRIPTION_MAX,
  scheduleBody,
  scheduleFormValues,
  validateSchedule,
  type ScheduleField,
  type ScheduleFormErrors,
  type ScheduleFormValues,
} from './schedule-values';
import Button from '@mui/material/Button';
import './schedule-form.css';

export interface ScheduleFormProps {
  /** The schedule being edited, or what a new one starts with (a day chosen in the calendar). */
  initial?: Partial<UpdateScheduleBody>;
  /** Edit rather than create: changes the heading and the button. */
  editing?: boolean;
  onSubmit: (values: UpdateScheduleBody) => Promise<void>;
  onCancel: () => void;
}

export function ScheduleForm({ initial, editing = false, onSubmit, onCancel }: ScheduleFormProps) {
  const t = useT(scheduleMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const form = useRef<HTMLFormElement>(null);
  const timeHintId = useId();
  const [values, setValues] = useState<ScheduleFormValues>(() => scheduleFormValues(initial));
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  const set = <F extends ScheduleField>(field: F, value: ScheduleFormValues[F]) =>
    setValues((was) => ({ ...was, [field]: value }));

  const errorFor = (field: ScheduleField): string | undefined => {
    const own = errors[field];
    if (own) return t(own.key, own.vars);
    const server = fieldError(serverError, field);
    return server ? tx(server) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSchedule(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    try {
      await onSubmit(scheduleBody(values));
    } catch (err) {
      setServerError(err);
      focusFirstInvalid(form.current);
    } finally {
      setSaving(false);
    }
  };

  const failure = serverError === null ? null : tx(formErrorText(serverError, t('saveFailed')));
  const needs = useNeedsNetwork();

  return (
    <form ref={form} className="form schedule-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="form" disabled={saving}>
        <legend>{editing ? t('editSchedule') : t('newSchedule')}</legend>
        <TextField
          label={t('fieldTitle')}
          name="title"
          required
          autoComplete="off"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={errorFor('title')}
        />
        <SelectField
          label={t('fieldType')}
          name="type"
          required
          placeholder={t('chooseType')}
          options={enumOptions(ScheduleTypeSchema.options, SCHEDULE_TYPE_NAMES, lang)}
          value={values.type}
          onChange={(e) => set('type', e.target.value as ScheduleType | '')}
          error={errorFor('type')}
        />
        <TextField
          label={t('fieldDate')}
          name="date"
          type="date"
          required
          value={values.date}
          onChange={(e) => set('date', e.target.value)}
          error={errorFor('date')}
        />
        <div className="schedule-form-times">
          <TextField
            label={t('fieldStart')}
            name="startTime"
            type="time"
            required
            value={values.startTime}
            onChange={(e) => set('startTime', e.target.value)}
            error={errorFor('startTime')}
            describedBy={timeHintId}
          />
          <TextField
            label={t('fieldEnd')}
            name="endTime"
            type="time"
            required
            value={values.endTime}
            onChange={(e) => set('endTime', e.target.value)}
            error={errorFor('endTime')}
            describedBy={timeHintId}
          />
        </div>
        <p id={timeHintId} className="field-hint schedule-form-hint">
          {t('timeHint')}
        </p>
        <TextareaField
          label={t('fieldDescription')}
          name="description"
          rows={4}
          value={values.description}
          counterMax={DESCRIPTION_MAX}
          onChange={(e) => set('description', e.target.value)}
          error={errorFor('description')}
        />
        <FormAlert error={failure} />
        <NeedsNetworkNote needs={needs} />
        <div className="btn-row">
          <Button variant="contained" type="submit" disabled={needs.disabled} aria-describedby={needs.describedBy}>
            {saving ? t('saving') : editing ? t('saveSchedule') : t('addSchedule')}
          </Button>
          <Button variant="outlined" type="button" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
