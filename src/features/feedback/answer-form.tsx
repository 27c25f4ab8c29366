/**
 * The admin's answer to one feedback item or complaint: an answer the sender will read and the new
 * status, saved together (the server notifies the sender). Folded behind "Answer" per item.
 */
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/form/form-alert';
import { SelectField, type SelectOption } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { fieldError, formErrorText } from '../../lib/api/app-error';
import { useT } from '../../lib/i18n';
import { feedbackMessages } from './feedback-messages';
import { Fold } from './fold';
import { useFeedbackText } from './feedback-text';
import Button from '@mui/material/Button';

const RESPONSE_MAX = 2000;

interface AnswerFormProps<S extends string> {
  /** Names the form for assistive technology ("Answer Ayesha Rahman"). */
  label: string;
  statuses: readonly SelectOption[];
  status: S;
  response: string | null;
  onSave: (status: S, response: string | null) => Promise<unknown>;
  /** After a save (the list refreshes and this form starts again, so the page says it was saved). */
  onSaved: () => void;
}

export function AnswerForm<S extends string>({
  label,
  statuses,
  status,
  response,
  onSave,
  onSaved,
}: AnswerFormProps<S>) {
  const t = useT(feedbackMessages);
  const tf = useFeedbackText();
  const [open, setOpen] = useState(false);
  const [nextStatus, setNextStatus] = useState<S>(status);
  const [text, setText] = useState(response ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const tooLong = text.trim().length > RESPONSE_MAX ? 'Response must be at most 2000 characters' : undefined;
  const responseError = tooLong ?? fieldError(error, 'response');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(nextStatus, text.trim() || null);
      setOpen(false);
      onSaved();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="answer">
      <Fold open={open} label={t('respond')} ariaLabel={label} onOpen={() => setOpen(true)}>
        <form className="form" noValidate aria-label={label} onSubmit={onSubmit}>
          <TextareaField
            label={t('response')}
            name="response"
            rows={4}
            value={text}
            counterMax={RESPONSE_MAX}
            onChange={(e) => setText(e.target.value)}
            hint={t('responseHint')}
            error={responseError && tf(responseError)}
          />
          <SelectField
            label={t('newStatus')}
            name="status"
            options={statuses}
            value={nextStatus}
            onChange={(e) => setNextStatus(e.target.value as S)}
          />
          <FormAlert error={error ? tf(formErrorText(error, t('saveFailed'))) : null} />
          <div className="btn-row">
            <Button variant="contained" type="submit" disabled={saving}>
              {saving ? t('saving') : t('save')}
            </Button>
            <Button variant="outlined" type="button" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      </Fold>
    </div>
  );
}
