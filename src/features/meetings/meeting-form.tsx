/**
 * The lawyer's schedule form (and its edit mode): the client's email, a title, start and end in
 * Dhaka time, and a live price preview of hourlyCharge × minutes ÷ 60 to the paisa, so the lawyer
 * sees what the client will be asked to pay before sending. Problems are caught on the phone first;
 * what the server refuses is shown on its field (`error.fields`) or above the buttons. The caller
 * owns the call: `onSubmit` resolves when saved and throws (an AppError) when not.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, type FieldErrors } from '../../lib/validate';
import { personName } from './meeting-parts';
import { isoToDhakaLocal } from './meeting-time';
import {
  EMPTY_MEETING,
  meetingFormValues,
  previewPrice,
  validateMeeting,
  type MeetingField,
  type MeetingFormErrors,
  type MeetingFormValues,
} from './meeting-values';
import { meetingsMessages } from './meetings-messages';
import { MeetingMessages, type Meeting } from '../../../contract/meetings';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import Button from '@mui/material/Button';

/** Refusals the server gives without naming a field (a 404, a check made after validation), put on their field. */
const FIELD_OF_MESSAGE: Readonly<Record<string, MeetingField>> = {
  [MeetingMessages.clientNotFound]: 'email',
  [MeetingMessages.startInPast]: 'startDateTime',
};

function withField(error: unknown): unknown {
  if (!isAppError(error) || error.fields || !error.serverMessage) return error;
  const field = FIELD_OF_MESSAGE[error.serverMessage];
  return field ? { ...error, fields: [{ field, message: error.serverMessage }] } : error;
}

export interface MeetingFormProps {
  /** The meeting being moved; absent for a new one. */
  editing?: Meeting;
  hourlyCharge: number;
  onSubmit: (values: MeetingFormValues) => Promise<void>;
  onCancel?: () => void;
  /** The moment "in the future" is measured from (tests); defaults to the time of the submit. */
  now?: () => number;
}

export function MeetingForm({ editing, hourlyCharge, onSubmit, onCancel, now = Date.now }: MeetingFormProps) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const form = useRef<HTMLFormElement>(null);
  const timeHintId = useId();
  const [values, setValues] = useState<MeetingFormValues>(() => (editing ? meetingFormValues(editing) : EMPTY_MEETING));
  const [errors, setErrors] = useState<MeetingFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const needs = useNeedsNetwork();

  const translated = useMemo<FieldErrors>(
    () => Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, e ? t(e.key, e.vars) : undefined])),
    [errors, t],
  );
  const located = useMemo(() => withField(serverError), [serverError]);
  const errorFor = useFieldErrors(translated, located);

  // Once the form has shown what is wrong, each change re-checks it, so a fixed field's message goes away.
  const set = (field: MeetingField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (Object.keys(errors).length > 0) setErrors(validateMeeting(next, now(), Boolean(editing)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateMeeting(values, now(), Boolean(editing));
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form.current);
    setSaving(true);
    try {
      await onSubmit(values);
      if (!editing) setValues(EMPTY_MEETING);
    } catch (error) {
      setServerError(error);
      focusFirstInvalid(form.current);
    } finally {
      setSaving(false);
    }
  };

  const preview = previewPrice(values, hourlyCharge);
  const failure = serverError === null ? null : tx(formErrorText(serverError, t('saveFailed')));
  const earliest = isoToDhakaLocal(new Date(now()).toISOString());

  return (
    <form ref={form} className="form meeting-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="form" disabled={saving}>
        <legend>{editing ? t('editMeeting') : t('newMeeting')}</legend>
        {editing ? (
          <p className="muted">{t('withClient', { name: personName(editing.client) })}</p>
        ) : (
          <TextField
            label={t('fieldEmail')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            hint={t('emailHint')}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            error={errorFor('email')}
          />
        )}
        <TextField
          label={t('fieldTitle')}
          name="title"
          required
          autoComplete="off"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={errorFor('title')}
        />
        <div className="meeting-form-times">
          <TextField
            label={t('fieldStart')}
            name="startDateTime"
            type="datetime-local"
            required
            min={earliest}
            value={values.startDateTime}
            onChange={(e) => set('startDateTime', e.target.value)}
            error={errorFor('startDateTime')}
            describedBy={timeHintId}
          />
          <TextField
            label={t('fieldEnd')}
            name="endDateTime"
            type="datetime-local"
            required
            min={values.startDateTime || earliest}
            value={values.endDateTime}
            onChange={(e) => set('endDateTime', e.target.value)}
            error={errorFor('endDateTime')}
            describedBy={timeHintId}
          />
        </div>
        <p id={timeHintId} className="field-hint">
          {t('timeHint')}
        </p>
        <p className="meeting-price-preview" aria-live="polite" data-testid="price-preview">
          {preview
            ? t('pricePreview', {
                amount: formatMoney(preview.amount, lang),
                minutes: preview.minutes,
                rate: formatMoney(hourlyCharge, lang),
              })
            : t('pricePending')}
        </p>
        <FormAlert error={failure} />
        <div className="btn-row">
          <Button variant="contained" type="submit" disabled={needs.disabled} aria-describedby={needs.describedBy}>
            {saving ? t('saving') : editing ? t('saveChanges') : t('scheduleMeeting')}
          </Button>
          {onCancel && (
            <Button variant="outlined" type="button" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
        </div>
        <NeedsNetworkNote needs={needs} />
      </fieldset>
    </form>
  );
}
